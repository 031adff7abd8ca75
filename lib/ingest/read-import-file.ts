// Over 300 lines: opening an import file whole (its container sniffed, its records streamed with line numbers, depth, NUL and size bounds, its run named) is one reader.
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { ownValue } from "../domain/own-keys";
import { nativeBenchmarkOf, nativeFieldMapOf, originalOfNative } from "../export/native-records";
import { kitRunOptions } from "./experiment-kit-lookup";
import { type FieldMap, fieldMapNotes, withFieldNames } from "./field-aliases";
import { RecordError } from "./field-values";
import { detectFormat } from "./formats";
import { ImportError, MAX_REPORTED, UnknownFormatError } from "./import-error";
import type { ImportItem, InputFormat, RunOptions } from "./import-items";
import { checkedDocument } from "./json-document-scan";
import { readParquet } from "./parquet-records";
import { unknownFormatReason } from "./unknown-format";

export { unknownFormatReason } from "./unknown-format";

import { layoutNote } from "./run-layout";
import { namedRun, type RunNaming, scanModelNames } from "./run-naming";
import {
  countNewlines,
  firstInvalidUtf8,
  firstLine,
  type LocatedRecord,
  readCsv,
  readJsonArray,
  readJsonDocument,
  readJsonLines,
} from "./text-records";

/** An import item and the line of the file it came from. */
export interface LocatedItem {
  item: ImportItem;
  line: number;
}

export interface OpenedImportFile {
  file: string;
  format: InputFormat;
  /** the benchmark the file implies, where its records do not name one */
  defaultBenchmark: string | null;
  items: AsyncGenerator<LocatedItem>;
}

type Container = "jsonl" | "json-array" | "json-document" | "csv" | "parquet";

const HEAD_BYTES = 64 * 1024;

/** Tells the container from the file's first bytes and, for JSON, its whole first line (however long). */
async function sniffContainer(file: string): Promise<Container> {
  const info = await stat(file).catch(() => {
    throw new ImportError(file, null, "no such file");
  });
  if (!info.isFile()) throw new ImportError(file, null, "not a regular file");
  if (info.size === 0) throw new ImportError(file, null, "the file is empty");
  const handle = await open(file, "r");
  const head = Buffer.alloc(Math.min(HEAD_BYTES, info.size));
  await handle.read(head, 0, head.length, 0);
  await handle.close();
  if (head.subarray(0, 4).toString("latin1") === "PAR1") return "parquet";
  const nul = head.indexOf(0);
  if (nul >= 0) {
    const line = head.subarray(0, nul).toString("latin1").split("\n").length;
    throw new ImportError(file, line, "binary content: not JSON, JSON Lines, CSV or Parquet");
  }
  const invalid = firstInvalidUtf8(head);
  if (invalid >= 0) {
    const line = countNewlines(head, invalid) + 1;
    throw new ImportError(
      file,
      line,
      `not UTF-8 text${line === 1 ? ": not JSON, JSON Lines, CSV or Parquet" : " (an invalid byte)"}`,
    );
  }
  const text = head.toString("utf8").replace(/^\uFEFF/, "");
  const trimmed = text.trimStart();
  if (trimmed === "") throw new ImportError(file, null, "the file is empty (only white space)");
  const headLine = trimmed.split(/\r?\n/, 1)[0] ?? "";
  if (trimmed.startsWith("[")) return "json-array";
  if (trimmed.startsWith("{")) {
    // JSON Lines when the first line is a whole JSON value, however long it is; else one JSON document.
    try {
      JSON.parse(await firstLine(file));
      return "jsonl";
    } catch (error) {
      if (error instanceof ImportError) throw error;
      return "json-document";
    }
  }
  if (/\.(csv)$/i.test(file) || (headLine.includes(",") && /\binstance_id\b/.test(headLine))) return "csv";
  throw new ImportError(
    file,
    1,
    `unknown format: not JSON, JSON Lines, CSV or Parquet (starts with "${headLine.slice(0, 30)}")`,
  );
}

function recordsOf(container: Container, file: string): AsyncGenerator<LocatedRecord> {
  switch (container) {
    case "jsonl":
      return readJsonLines(file);
    case "json-array":
      return readJsonArray(file);
    case "csv":
      return readCsv(file);
    case "parquet":
      return readParquet(file);
    case "json-document":
      return (async function* () {
        yield await readJsonDocument(file);
      })();
  }
}

type ReadRecord = Extract<LocatedRecord, { record: unknown }>;

/** How deep a record's values may nest: real records nest a few levels; far deeper is not data. */
export const MAX_DEPTH = 64;

/** The path of the first value nested deeper than MAX_DEPTH, or null; iterative, so no depth overflows it. */
function tooDeep(record: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: record, depth: 0, path: "" }];
  while (stack.length > 0) {
    const { value, depth, path: at } = stack.pop() as (typeof stack)[number];
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_DEPTH) return at || "(the record)";
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === "object" && child !== null)
        stack.push({ value: child, depth: depth + 1, path: at === "" ? key : `${at}.${key}` });
    }
  }
  return null;
}

/** The field of an item's data holding a NUL character (which PostgreSQL cannot store in text), or null. */
function nulField(value: unknown, at = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? at || "(a value)" : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    // The original record is stored as JSON text, where a NUL is written \u0000: it keeps any character.
    if (at === "" && key === "original") continue;
    const found = nulField(child, at === "" ? key : `${at}.${key}`);
    if (found) return found;
  }
  return null;
}

/** Normalised field names as the record names them (SWE-bench's spelling), for messages. */
const RECORD_FIELD: Readonly<Record<string, string>> = {
  externalId: "instance_id",
  instanceExternalId: "instance_id",
  problemStatement: "problem_statement",
  goldPatch: "patch",
  testPatch: "test_patch",
  baseCommit: "base_commit",
  hintsText: "hints_text",
  interfaceText: "interface",
  failToPass: "FAIL_TO_PASS",
  passToPass: "PASS_TO_PASS",
};

function convertAt(
  format: InputFormat,
  located: ReadRecord,
  fieldMap: FieldMap,
  file: string,
  naming: RunNaming,
): LocatedItem[] {
  const deep = tooDeep(located.record);
  if (deep !== null)
    throw new ImportError(
      file,
      located.line,
      `field "${deep.split(".")[0]}" nests values more than ${MAX_DEPTH} levels deep`,
    );
  const items = convertRecord(format, located, fieldMap, file, naming);
  for (const { item } of items) {
    const internal = nulField(item.data);
    const [head = "", ...rest] = (internal ?? "").split(".");
    const field = internal === null ? null : [ownValue(RECORD_FIELD, head) ?? head, ...rest].join(".");
    if (field !== null)
      throw new ImportError(
        file,
        located.line,
        `field "${field}" holds a NUL character (\\u0000), which cannot be stored`,
      );
  }
  return items;
}

function convertRecord(
  format: InputFormat,
  located: ReadRecord,
  fieldMap: FieldMap,
  file: string,
  naming: RunNaming,
): LocatedItem[] {
  try {
    // A document read from one line (JSON Lines with one record) is checked as a document file is.
    const numberLiterals =
      located.numberLiterals ??
      (format.shape === "document" && located.text !== undefined
        ? checkedDocument(located.text, file, located.line)
        : undefined);
    const context = {
      path: file,
      ...(numberLiterals ? { numberLiterals } : {}),
      // The model the file's other lines name, or the one the user names (`--model`) for a file naming none.
      ...(naming.fileModel || naming.run.model ? { fileModel: naming.fileModel ?? naming.run.model } : {}),
    };
    // A record of Hintscope's own native export is read as the benchmark's record it was made from, so
    // importing an export back changes nothing (lib/export/native-records.ts).
    const restored = originalOfNative(located.record);
    const record = restored ?? located.record;
    return format.convert(withFieldNames(record, fieldMap), context).map((item) => {
      // The record is kept exactly as it arrived (or as the benchmark had it), before any field was mapped.
      if (item.kind === "instance") item.data.original = record;
      if (restored) item.note = "Hintscope's own native export: read as the benchmark's records it was made from";
      const mapped = fieldMapNotes(record, fieldMap);
      if (mapped.length > 0) item.notes = [...(item.notes ?? []), ...mapped];
      return { item: namedRun(item, naming), line: located.line };
    });
  } catch (error) {
    if (error instanceof RecordError) throw new ImportError(file, located.line, error.message);
    if (error instanceof RangeError) throw new ImportError(file, located.line, "a value nested too deeply to read");
    throw error;
  }
}

export interface OpenOptions {
  /** the file's names for the fields formats read: `{patch: "gold_patch"}` */
  fieldMap?: FieldMap;
  /** the run (model, selection, projection) the user names for the file's records */
  run?: RunOptions;
  /** an experiment kit's folder: the file's runs are filed under the kit's policy its path names */
  experiment?: string;
}

/**
 * Opens a file, detects its container and format from its first record, and streams its import items.
 * A bad record does not stop the reading: the file is read on, up to MAX_REPORTED problems, which are then
 * thrown together (the first naming the place), so a user fixes a file in one pass.
 */
export async function openImportFile(file: string, options: OpenOptions = {}): Promise<OpenedImportFile> {
  let fieldMap: FieldMap = options.fieldMap ?? {};
  const container = await sniffContainer(file);
  const records = recordsOf(container, file);
  const next = await records.next();
  if (next.done) throw new ImportError(file, null, "the file holds no records");
  const first = next.value;
  if (first.error) throw first.error;
  const shape = container === "json-document" ? "document" : container === "jsonl" ? "either" : "records";
  // Hintscope's own native export of a record imported with --map says the record's own names: read with them.
  const nativeMap = nativeFieldMapOf(first.record);
  if (nativeMap) fieldMap = { ...nativeMap, ...fieldMap };
  const format = detectFormat(withFieldNames(first.record, fieldMap), shape);
  if (!format) {
    const mapped = fieldMapNotes(first.record, fieldMap).join("; ");
    const reason = `${unknownFormatReason(first.record)}${mapped ? ` (${mapped})` : ""}`;
    throw new UnknownFormatError(file, first.line, reason, Object.keys(first.record));
  }
  // An experiment kit's run: the policy its path names (the user's word wins over the kit's).
  const { note: _kitNote, ...kitRun } = await kitRunOptions(file, options.experiment);
  const said = Object.fromEntries(Object.entries(options.run ?? {}).filter(([, v]) => v !== undefined && v !== ""));
  const naming = await runNamingOf(container, file, format, { ...kitRun, ...said });
  const items = (async function* () {
    const problems: ImportError[] = [];
    const note = (error: unknown) => {
      if (!(error instanceof ImportError)) throw error;
      problems.push(error);
      return problems.length >= MAX_REPORTED;
    };
    let located: LocatedRecord = first;
    let count = 0;
    for (;;) {
      if (located.error) {
        if (note(located.error)) break;
      } else if (format.shape === "document" && count > 0) {
        throw new ImportError(file, located.line, `expected one ${format.label} document, found a second record`);
      } else {
        let converted: LocatedItem[] = [];
        try {
          converted = convertAt(format, located, fieldMap, file, naming);
        } catch (error) {
          if (note(error)) break;
        }
        // Once a problem is found nothing more is written: the rest of the file is only checked.
        if (problems.length === 0) yield* converted;
      }
      count++;
      let step: IteratorResult<LocatedRecord>;
      try {
        step = await records.next();
      } catch (error) {
        note(error);
        break;
      }
      if (step.done) break;
      located = step.value;
    }
    if (problems.length > 0) throw ImportError.many(problems, problems.length >= MAX_REPORTED);
  })();
  // Formats read a name from the folder and file name only, never from where the project happens to live.
  const shortPath = path.join(path.basename(path.dirname(path.resolve(file))), path.basename(file));
  // Hintscope's own native export says its benchmark: read back under it, whatever the file is now called.
  const defaultBenchmark = nativeBenchmarkOf(first.record) ?? format.defaultBenchmark({ path: shortPath });
  return { file, format, defaultBenchmark, items };
}

/** Formats whose records may each name their run (`model_name_or_path`). */
const SELF_NAMING = new Set(["predictions", "multi-swe-bench-predictions"]);

/**
 * How the file's runs are named: the user's options, the leaderboard layout, and (for predictions) the one
 * model the file's other lines name, for lines that name none. Lines naming several models beside lines
 * naming none are refused: which run those are is for the user to say.
 */
async function runNamingOf(
  container: Container,
  file: string,
  format: InputFormat,
  run: RunOptions,
): Promise<RunNaming> {
  const naming: RunNaming = { run, layout: layoutNote(file) };
  if (run.model || !SELF_NAMING.has(format.id)) return naming;
  const scan = await scanModelNames(recordsOf(container, file), "model_name_or_path");
  const named = scan.total - scan.unnamed;
  const models = [...scan.names].slice(0, 3).join('", "');
  // A submission's own file is the system's run, whatever its lines say: said, with what they say.
  if (naming.layout?.overrides)
    return scan.names.size === 0
      ? naming
      : {
          ...naming,
          fileNote: `${named} of ${scan.total} lines name the model${scan.names.size > 1 ? "s" : ""} "${models}" (model_name_or_path)`,
        };
  if (scan.unnamed === 0 || scan.names.size === 0) return naming;
  if (scan.names.size > 1)
    throw new ImportError(
      file,
      scan.firstUnnamedLine,
      `${named} lines name ${scan.names.size} models ("${models}") and ${scan.unnamed} name none (this line the first): say which run those are with --model NAME, or name the model on every line`,
    );
  const [model] = [...scan.names] as [string];
  return {
    ...naming,
    fileModel: model,
    fileNote: `${named} of ${scan.total} lines name the model "${model}" (model_name_or_path) and ${scan.unnamed} name none: all are one run, "${model}" (--model NAME names it otherwise)`,
  };
}
