import { setOwn } from "../domain/own-keys";
import type { RawRecord } from "./field-values";

/**
 * Other names real exports give the fields our formats read, by the name the formats use. A record that
 * lacks a field but has one of its aliases is read as if the field had that name (the record is kept as it
 * arrived). Each alias was seen in a benchmark's own release or a common re-export of one.
 */
export const FIELD_ALIASES: Readonly<Record<string, readonly string[]>> = {
  patch: ["gold_patch", "golden_patch"],
  test_patch: ["gold_test_patch"],
  problem_statement: ["problem_text", "issue_text"],
};

/** A user's field map (`patch=gold_patch,instance_id=task`): the name a format reads → the file's name for it. */
export type FieldMap = Readonly<Record<string, string>>;

/** Parses `name=source,name=source`; throws a sentence on a malformed pair. */
export function parseFieldMap(text: string): FieldMap {
  const map: Record<string, string> = {};
  for (const pair of text.split(",").filter((p) => p.trim() !== "")) {
    const [name, source, ...extra] = pair.split("=").map((part) => part.trim());
    if (!name || !source || extra.length > 0) {
      throw new Error(`--map takes FIELD=SOURCE pairs separated by commas; "${pair}" is not one`);
    }
    setOwn(map, name, source);
  }
  return map;
}

/** The record as the formats read it: mapped fields first, then aliases, for fields the record lacks. */
export function withFieldNames(record: RawRecord, map: FieldMap = {}): RawRecord {
  let out: RawRecord | null = null;
  const set = (name: string, value: unknown) => {
    out ??= { ...record };
    setOwn(out, name, value);
  };
  // Own fields only: a source named `constructor` is a field of the file, or nothing.
  for (const [name, source] of Object.entries(map)) if (Object.hasOwn(record, source)) set(name, record[source]);
  for (const [name, aliases] of Object.entries(FIELD_ALIASES)) {
    if (Object.hasOwn(record, name) || Object.hasOwn(map, name)) continue;
    const alias = aliases.find((a) => Object.hasOwn(record, a));
    if (alias !== undefined) set(name, record[alias]);
  }
  return out ?? record;
}

/** The fields an instance file needs, as the upload page's field map offers them (SWE-bench's names). */
export const INSTANCE_FIELDS = [
  "instance_id",
  "repo",
  "base_commit",
  "patch",
  "test_patch",
  "problem_statement",
  "FAIL_TO_PASS",
] as const;

/** A field map as text for `--map` and the upload's `map` parameter: `patch=gold_patch,…`. */
export const fieldMapText = (map: FieldMap) =>
  Object.entries(map)
    .map(([name, source]) => `${name}=${source}`)
    .join(",");
