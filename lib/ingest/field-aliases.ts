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

/** A field of the record by name, or by a dotted path through nested objects and lists (`a.b.0.c`). */
export function valueAt(record: RawRecord, source: string): { found: boolean; value?: unknown } {
  if (Object.hasOwn(record, source)) return { found: true, value: record[source] };
  let value: unknown = record;
  for (const part of source.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, part)) return { found: false };
    value = (value as Record<string, unknown>)[part];
  }
  return source.includes(".") ? { found: true, value } : { found: false };
}

/** The record as the formats read it: mapped fields first, then aliases, for fields the record lacks. */
export function withFieldNames(record: RawRecord, map: FieldMap = {}): RawRecord {
  let out: RawRecord | null = null;
  const set = (name: string, value: unknown) => {
    out ??= { ...record };
    setOwn(out, name, value);
  };
  // Own fields only: a source named `constructor` is a field of the file, or nothing. A dotted source reaches
  // into nested objects (`instance.problem_statement`, `test_result.git_patch`) where no field has that name.
  for (const [name, source] of Object.entries(map)) {
    const found = valueAt(record, source);
    if (found.found) set(name, found.value);
  }
  for (const [name, aliases] of Object.entries(FIELD_ALIASES)) {
    if (Object.hasOwn(record, name) || Object.hasOwn(map, name)) continue;
    const alias = aliases.find((a) => Object.hasOwn(record, a));
    if (alias !== undefined) set(name, record[alias]);
  }
  return out ?? record;
}

/** A field map as text for `--map` and the upload's `map` parameter: `patch=gold_patch,…`. */
export const fieldMapText = (map: FieldMap) =>
  Object.entries(map)
    .map(([name, source]) => `${name}=${source}`)
    .join(",");

/**
 * What a field map read from a record, where it could be read two ways or not at all: a dotted source names a
 * column of that name where the record has one (a CSV written by pandas' json_normalize or DuckDB:
 * `metadata.instance_id`), which wins over the path through nested values; else the path. A source that is
 * neither is said, never passed over in silence.
 */
export function fieldMapNotes(record: RawRecord, map: FieldMap = {}): string[] {
  const notes: string[] = [];
  for (const [name, source] of Object.entries(map)) {
    const dotted = source.includes(".");
    if (Object.hasOwn(record, source)) {
      if (dotted)
        notes.push(
          `--map ${name}=${source} read the column "${source}" as named (a column of that name wins over the path ${source.split(".").join(" → ")})`,
        );
    } else if (valueAt(record, source).found)
      notes.push(
        `--map ${name}=${source} read the path ${source.split(".").join(" → ")} (no column is named "${source}")`,
      );
    else
      notes.push(
        `--map ${name}=${source} matched nothing: the record has no column "${source}"${dotted ? ` and no path ${source.split(".").join(" → ")}` : ""}`,
      );
  }
  return notes;
}
