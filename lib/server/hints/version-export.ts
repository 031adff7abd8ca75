import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { agentText } from "../../analysis/render-hint";
import { HINT_STATUSES, type HintStatus } from "../../domain/hint-vocabulary";
import { datasetCard, HF_CARD, HF_PARQUET } from "../../export/hf-dataset";
import { HINT_CSV_HEADER, hintCsvLine } from "../../export/hint-csv";
import { type HintLine, type Manifest, ManifestBuilder, serialiseManifest } from "../../export/hint-lines";
import { hintSetParquet } from "../../export/hint-parquet";
import { slug } from "../../export/text-formats";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { versionLines } from "./hint-sets";
import { nativeLines } from "./native-lines";

/*
 * A published version exported: assembled once for the download route and `hints export --set` (JSONL, the
 * manifest, CSV, the benchmark's own records, Parquet, the Hugging Face layout), written to a folder, or
 * streamed as lines with their manifest. Versions themselves are made in hint-sets.ts.
 */

export interface ExportTarget {
  dir: string;
  baseName: string;
  header: Omit<Manifest, "format" | "format_version" | "counts" | "excluded" | "sha256" | "file">;
  /** statuses to write; flagged hints only with include_flagged */
  keep: (line: HintLine) => boolean;
  csv?: boolean;
  onProgress?: (lines: number) => void;
}

async function write(stream: ReturnType<typeof createWriteStream>, text: string) {
  if (!stream.write(text)) await once(stream, "drain");
}

/** Writes lines as `NAME.jsonl` (+ `NAME.csv`) and `NAME.manifest.json`, streaming; returns the manifest. */
export async function writeHintExport(
  lines: AsyncIterable<HintLine> | Iterable<HintLine>,
  target: ExportTarget,
): Promise<Manifest> {
  await mkdir(target.dir, { recursive: true });
  const file = `${target.baseName}.jsonl`;
  const jsonl = createWriteStream(path.join(target.dir, file));
  const csv = target.csv ? createWriteStream(path.join(target.dir, `${target.baseName}.csv`)) : null;
  if (csv) await write(csv, HINT_CSV_HEADER);
  const builder = new ManifestBuilder({ ...target.header, file });
  let count = 0;
  for await (const line of lines) {
    if (!target.keep(line)) {
      builder.skip(line);
      continue;
    }
    await write(jsonl, builder.add(line));
    if (csv) await write(csv, hintCsvLine(line));
    if (++count % 1000 === 0) target.onProgress?.(count);
  }
  for (const stream of [jsonl, csv]) {
    if (!stream) continue;
    stream.end();
    await once(stream, "finish");
  }
  const manifest = builder.finish(Boolean(csv));
  if (count === 0)
    throw new AppError(
      "conflict",
      `nothing to export: none of ${Object.values(manifest.excluded).reduce((a, b) => a + b, 0)} hints is decided (${describeExcluded(manifest.excluded)}); the files were left empty`,
    );
  const manifestStream = createWriteStream(path.join(target.dir, `${target.baseName}.manifest.json`));
  manifestStream.end(serialiseManifest(manifest));
  await once(manifestStream, "finish");
  target.onProgress?.(count);
  return manifest;
}

/** One published version as it is downloaded and exported: the same bytes from the page and the command line. */
export interface VersionExport {
  baseName: string;
  jsonl: string;
  csv: string;
  /** the benchmark's own records with the curated hints, when asked for */
  native: { file: string; sha256: string; records: number; hint_fields: string[]; text: string } | null;
  /** the kept lines as Parquet, when asked for */
  parquet: { file: string; sha256: string; rows: number; bytes: Uint8Array } | null;
  /** the Hugging Face datasets layout (the same Parquet, and a dataset card), when asked for */
  hf: { card: string; bytes: Uint8Array; sha256: string; rows: number } | null;
  manifest: Manifest;
}

/**
 * Assembles a published version's export once, for the download route and `hints export --set` alike: the
 * kept lines (accepted and trimmed, flagged on request), the manifest counting what was left out by status
 * (flagged, stale), the CSV and, on request, the benchmark's own records named in the manifest.
 */
export async function assembleVersionExport(
  db: Database,
  name: string,
  version: number | undefined,
  options: {
    includeFlagged: boolean;
    native: boolean;
    parquet?: boolean;
    hintField?: string | null;
    /** a CSV goes with it: the manifest says what the CSV does to cells */
    csv?: boolean;
    /** the Hugging Face datasets layout too: data/test-00000-of-00001.parquet and a dataset card */
    hf?: boolean;
    /** only the manifest is wanted: a version with no line to export still has one (it counts what was left out) */
    manifestOnly?: boolean;
  },
): Promise<VersionExport> {
  const stored = await versionLines(db, name, version);
  // What an agent reads carries no placeholder meant for the curator, in a version published before exports
  // rendered for the agent too.
  const data = { ...stored, lines: stored.lines.map((line) => ({ ...line, hint: agentText(line.hint) })) };
  const baseName = `${slug(data.set.name)}-v${data.version}`;
  const keep = exportFilter(options.includeFlagged);
  const kept = data.lines.filter(keep);
  if (kept.length === 0 && !options.manifestOnly) {
    const excluded = Object.fromEntries(HINT_STATUSES.map((s) => [s, 0])) as Record<HintStatus, number>;
    for (const line of data.lines) excluded[line.status]++;
    throw new AppError(
      "conflict",
      `version ${data.version} of "${data.set.name}" has no line to export (${describeExcluded(excluded)})${
        !options.includeFlagged && excluded.flagged > 0 ? ": --include-flagged writes the flagged ones" : ""
      }`,
    );
  }
  let native: VersionExport["native"] = null;
  if (options.native) {
    let text = "";
    const fields = new Set<string>();
    const onFields = (f: readonly string[]) => {
      for (const x of f) fields.add(x);
    };
    for await (const line of nativeLines(db, kept, data.set.benchmark, onFields, options.hintField ?? null))
      text += line;
    native = {
      file: `${baseName}.native.jsonl`,
      sha256: createHash("sha256").update(text).digest("hex"),
      records: kept.length,
      hint_fields: [...fields].sort(),
      text,
    };
  }
  let parquet: VersionExport["parquet"] = null;
  let hf: VersionExport["hf"] = null;
  if (options.parquet || options.hf) {
    const bytes = hintSetParquet(kept);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (options.parquet) parquet = { file: `${baseName}.parquet`, sha256, rows: kept.length, bytes };
    if (options.hf) {
      const card = datasetCard({
        name: data.set.name,
        version: data.version,
        benchmark: data.set.benchmark,
        selection: data.set.selection,
        projection: data.set.projection,
        rows: kept.length,
        parquetBytes: bytes.length,
        sha256,
      });
      hf = { card, bytes, sha256, rows: kept.length };
    }
  }
  const builder = new ManifestBuilder({
    name: data.set.name,
    version: data.version,
    benchmark: data.set.benchmark,
    selection: data.set.selection,
    projection: data.set.projection,
    include_flagged: options.includeFlagged,
    ...(native
      ? {
          native: {
            file: native.file,
            sha256: native.sha256,
            records: native.records,
            hint_fields: native.hint_fields,
          },
        }
      : {}),
    ...(parquet ? { parquet: { file: parquet.file, sha256: parquet.sha256, rows: parquet.rows } } : {}),
    ...(hf ? { hf: { card: HF_CARD, file: HF_PARQUET, sha256: hf.sha256, rows: hf.rows } } : {}),
    ...(data.review ? { review: data.review } : {}),
    file: `${baseName}.jsonl`,
  });
  let jsonl = "";
  for (const line of data.lines) {
    if (keep(line)) jsonl += builder.add(line);
    else builder.skip(line);
  }
  return {
    baseName,
    jsonl,
    csv: HINT_CSV_HEADER + kept.map(hintCsvLine).join(""),
    native,
    parquet,
    hf,
    manifest: builder.finish(options.csv ?? false),
  };
}

/** Writes an assembled version export to a folder: JSONL, manifest, and the CSV and native records where asked. */
export async function writeVersionExport(exported: VersionExport, dir: string, csv: boolean): Promise<void> {
  await mkdir(dir, { recursive: true });
  const files: Array<[string, string]> = [
    [`${exported.baseName}.jsonl`, exported.jsonl],
    [`${exported.baseName}.manifest.json`, serialiseManifest(exported.manifest)],
  ];
  if (csv) files.push([`${exported.baseName}.csv`, exported.csv]);
  if (exported.native) files.push([exported.native.file, exported.native.text]);
  for (const [file, text] of files) await writeFile(path.join(dir, file), text);
  if (exported.parquet) await writeFile(path.join(dir, exported.parquet.file), exported.parquet.bytes);
  if (exported.hf) {
    await mkdir(path.join(dir, path.dirname(HF_PARQUET)), { recursive: true });
    await writeFile(path.join(dir, HF_PARQUET), exported.hf.bytes);
    await writeFile(path.join(dir, HF_CARD), exported.hf.card);
  }
}

/** What a version or policy holds that an export leaves out, in words: `3 flagged, 2 pending`. */
function describeExcluded(excluded: Record<HintStatus, number>): string {
  const parts = HINT_STATUSES.filter((s) => excluded[s] > 0).map((s) => `${excluded[s]} ${s}`);
  return parts.length > 0 ? parts.join(", ") : "no lines at all";
}

/**
 * The lines a version exports: accepted and trimmed hints, and flagged ones (with their reasons) on request.
 * Stale decisions (made on content that changed since) are never exported as decided.
 */
export const exportFilter = (includeFlagged: boolean) => (line: HintLine) =>
  line.status === "accepted" || line.status === "trimmed" || (includeFlagged && line.status === "flagged");
