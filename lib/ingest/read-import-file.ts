import { open, stat } from "node:fs/promises";
import path from "node:path";
import { RecordError } from "./field-values";
import { detectFormat } from "./formats";
import { ImportError } from "./import-error";
import type { ImportItem, InputFormat } from "./import-items";
import { readParquet } from "./parquet-records";
import { type LocatedRecord, readCsv, readJsonArray, readJsonDocument, readJsonLines } from "./text-records";

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
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
  } catch {
    throw new ImportError(file, 1, "not UTF-8 text: not JSON, JSON Lines, CSV or Parquet");
  }
  const text = head.toString("utf8").replace(/^\uFEFF/, "");
  const trimmed = text.trimStart();
  if (trimmed === "") throw new ImportError(file, null, "the file is empty (only white space)");
  const firstLine = trimmed.split(/\r?\n/, 1)[0] ?? "";
  if (trimmed.startsWith("[")) return "json-array";
  if (trimmed.startsWith("{")) {
    try {
      JSON.parse(firstLine);
      return "jsonl";
    } catch {
      return "json-document";
    }
  }
  if (/\.(csv)$/i.test(file) || (firstLine.includes(",") && /\binstance_id\b/.test(firstLine))) return "csv";
  throw new ImportError(
    file,
    1,
    `unknown format: not JSON, JSON Lines, CSV or Parquet (starts with "${firstLine.slice(0, 30)}")`,
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

function describeFields(record: Record<string, unknown>): string {
  const keys = Object.keys(record);
  return `${keys.slice(0, 8).join(", ")}${keys.length > 8 ? ", …" : ""}`;
}

function convertAt(format: InputFormat, located: LocatedRecord, file: string): LocatedItem[] {
  try {
    return format.convert(located.record, { path: file }).map((item) => ({ item, line: located.line }));
  } catch (error) {
    if (error instanceof RecordError) throw new ImportError(file, located.line, error.message);
    throw error;
  }
}

/** Opens a file, detects its container and format from its first record, and streams its import items. */
export async function openImportFile(file: string): Promise<OpenedImportFile> {
  const container = await sniffContainer(file);
  const records = recordsOf(container, file);
  const first = await records.next();
  if (first.done) throw new ImportError(file, null, "the file holds no records");
  const shape = container === "json-document" ? "document" : container === "jsonl" ? "either" : "records";
  const format = detectFormat(first.value.record, shape);
  if (!format) {
    throw new ImportError(
      file,
      first.value.line,
      `unknown format: a record with fields (${describeFields(first.value.record)}) matches no known instance, results or score format`,
    );
  }
  const items = (async function* () {
    yield* convertAt(format, first.value, file);
    for await (const located of records) {
      if (format.shape === "document") {
        throw new ImportError(file, located.line, `expected one ${format.label} document, found a second record`);
      }
      yield* convertAt(format, located, file);
    }
  })();
  // Formats read a name from the folder and file name only, never from where the project happens to live.
  const shortPath = path.join(path.basename(path.dirname(path.resolve(file))), path.basename(file));
  return { file, format, defaultBenchmark: format.defaultBenchmark({ path: shortPath }), items };
}
