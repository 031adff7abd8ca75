import { slug } from "./text-formats";

/*
 * Every download's file name: what it is (the set's name and version, the research table and the filters it
 * was narrowed by), in which variant and format, so two downloads that differ never arrive under one name
 * and a name says what the file holds. The header carries the name twice (RFC 6266): an ASCII fallback and
 * the name in UTF-8 for a set called in another script.
 */

/** The files a hint-set version downloads as (the route's `[file]`). */
export type HintSetFile = "jsonl" | "manifest" | "csv" | "native" | "parquet";

/** A name part made safe for a file name, keeping letters of any script; `fallback` when nothing is left. */
function part(text: string, fallback: string): string {
  const kept = text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return kept || fallback;
}

/**
 * A hint-set version's download: `lite-doc-v2.jsonl`, `lite-doc-v2.with-flagged.jsonl`,
 * `lite-doc-v2.native.manifest.json` (the manifest that names the benchmark's own records), `lite-doc-v2.csv`…
 */
export function hintSetFileName(
  name: string,
  version: number,
  file: HintSetFile,
  options: { flagged?: boolean; native?: boolean } = {},
): string {
  const base = `${part(name, "hint-set")}-v${version}${options.flagged ? ".with-flagged" : ""}`;
  switch (file) {
    case "jsonl":
      return `${base}.jsonl`;
    case "csv":
      return `${base}.csv`;
    case "parquet":
      return `${base}.parquet`;
    case "native":
      return `${base}.native.jsonl`;
    case "manifest":
      return `${base}${options.native ? ".native" : ""}.manifest.json`;
  }
}

/** The research filters a table's download can be narrowed by, in the order its name says them. */
const RESEARCH_FILTERS = ["benchmark", "model", "selection", "projection", "first", "second"] as const;

/**
 * A research table's download: `research-resolve-rates.csv`, narrowed:
 * `research-resolve-rates.swe-bench-pro.gpt-4o.defuse.declaration.csv` (each filter set, in a fixed order).
 */
export function researchCsvName(table: string, query: URLSearchParams): string {
  const narrowed = RESEARCH_FILTERS.map((key) => query.get(key)?.trim() ?? "")
    .filter((value) => value !== "")
    .map((value) => part(value, "x"));
  return [`research-${part(table, "table")}`, ...narrowed].join(".").concat(".csv");
}

/** The comment threads' download: `comments.jsonl`, or one benchmark's `comments.swe-bench-pro.jsonl`. */
export function commentsFileName(benchmark: string | undefined): string {
  return benchmark ? `comments.${part(benchmark, "benchmark")}.jsonl` : "comments.jsonl";
}

/**
 * The Content-Disposition of a download named `name`: an ASCII `filename` (other letters folded to `_`, no
 * quote or backslash) and the exact name as `filename*` in UTF-8.
 */
export function attachmentHeader(name: string): string {
  const ascii = slug(name) === "" ? "download" : name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
