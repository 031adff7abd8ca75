// Over 300 lines: the text readers (JSON Lines, a JSON array or document, CSV) with the line-numbered errors and bounds they share.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { CsvError, parse as parseCsv } from "csv-parse";
import { setOwn } from "../domain/own-keys";
import type { RawRecord } from "./field-values";
import { ImportError } from "./import-error";
import { checkedDocument } from "./json-document-scan";

/**
 * A record and the line of the file it starts on; or, where one line of a file is bad but the lines after
 * it can still be read (JSON Lines), the problem with that line, so a file's problems are reported together.
 */
export type LocatedRecord =
  | {
      record: RawRecord;
      line: number;
      error?: undefined;
      /** the record's JSON text, where it was read from one line (a one-line document is checked as a document) */
      text?: string;
      numberLiterals?: Record<string, string>;
    }
  | { error: ImportError; line: number };

const CHUNK = 1 << 20;

/** The offset of the first byte of `bytes` that is not part of a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array, continued = false): number {
  let i = 0;
  // A sequence cut by the previous chunk's edge leaves continuation bytes at the start: skip them.
  while (continued && i < bytes.length && i < 3 && ((bytes[i] as number) & 0xc0) === 0x80) i++;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length === 0) return i;
    if (i + length > bytes.length) return -1; // continued in the next chunk
    for (let k = 1; k < length; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) return i;
    i += length;
  }
  return -1;
}

export function countNewlines(bytes: Uint8Array, end = bytes.length): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i >= 0 && i < end; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

/**
 * The file's text in decoded chunks of about 1 MiB, without a leading byte-order mark. Bytes that are not
 * UTF-8 anywhere in the file are an error at their line (never silently replaced by U+FFFD).
 */
export async function* textChunks(file: string): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let line = 1;
  let continued = false;
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
    const bytes = chunk as Buffer;
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      const at = firstInvalidUtf8(bytes, continued);
      throw new ImportError(file, line + countNewlines(bytes, Math.max(at, 0)), "not UTF-8 text (an invalid byte)");
    }
    line += countNewlines(bytes);
    continued = true;
    if (text !== "") yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest !== "") yield rest;
  } catch {
    throw new ImportError(file, line, "not UTF-8 text (the file ends inside a character)");
  }
}

/** The longest line (one JSON Lines record) read: far above any real benchmark record, far below a hang. */
export const MAX_LINE_CHARS = 256 * 1024 * 1024;

const withoutCr = (text: string) => (text.endsWith("\r") ? text.slice(0, -1) : text);

/**
 * The file's lines without their endings (LF or CRLF); faster than readline. A line's pieces are kept
 * apart until its end is found (joined once: appending to one growing string and searching it again made a
 * long line quadratic), and a line longer than MAX_LINE_CHARS is an error at its line, not a hang.
 */
async function* lines(file: string, maxLineChars = MAX_LINE_CHARS): AsyncGenerator<string> {
  let pieces: string[] = [];
  let pending = 0;
  let line = 1;
  for await (const chunk of textChunks(file)) {
    let start = 0;
    for (let end = chunk.indexOf("\n"); end >= 0; end = chunk.indexOf("\n", start)) {
      pieces.push(chunk.slice(start, end));
      const text = pieces.length === 1 ? (pieces[0] as string) : pieces.join("");
      pieces = [];
      pending = 0;
      yield withoutCr(text);
      line++;
      start = end + 1;
    }
    if (start < chunk.length) {
      pieces.push(chunk.slice(start));
      pending += chunk.length - start;
      if (pending > maxLineChars)
        throw new ImportError(
          file,
          line,
          `a line longer than ${Math.round(maxLineChars / 1024 / 1024)} MB: not a record this importer reads (one JSON object per line)`,
        );
    }
  }
  if (pieces.length > 0) yield withoutCr(pieces.join(""));
}

/** The first line of a file (however long), for telling JSON Lines from a JSON document. */
export async function firstLine(file: string): Promise<string> {
  for await (const text of lines(file)) if (text.trim() !== "") return text;
  return "";
}

function parseJson(text: string, file: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof RangeError) throw new ImportError(file, line, "JSON nested too deeply to read");
    throw new ImportError(file, line, `not valid JSON (${(error as Error).message}); is the line truncated?`);
  }
}

function asObject(value: unknown, file: string, line: number): RawRecord {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ImportError(
      file,
      line,
      `expected a JSON object, got ${Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}`,
    );
  }
  return value as RawRecord;
}

/** JSON Lines, streamed: one object per non-blank line; a bad line is reported and the next lines still read. */
export async function* readJsonLines(file: string, maxLineChars = MAX_LINE_CHARS): AsyncGenerator<LocatedRecord> {
  let line = 0;
  for await (const text of lines(file, maxLineChars)) {
    line++;
    if (text.trim() === "") continue;
    try {
      if (text.includes("\u0000")) throw new ImportError(file, line, "binary content (NUL bytes) in a text file");
      yield { record: asObject(parseJson(text, file, line), file, line), line, text };
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      yield { error, line };
    }
  }
}

/** A top-level JSON array of objects, streamed element by element (an element may span any number of chunks). */
export async function* readJsonArray(file: string): AsyncGenerator<LocatedRecord> {
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element = "";
  let elementLine = 1;
  let inElement = false;
  let closed = false;
  let elements = 0;
  let records = 0;
  for await (const text of textChunks(file)) {
    let start = inElement ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10) line++;
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === 92) escaped = true;
        else if (ch === 34) inString = false;
        continue;
      }
      if (closed && !/\s/.test(text[i] as string)) {
        throw new ImportError(file, line, "text after the end of the JSON array");
      }
      // An element that is not an object (a string, a number): never skipped without a word.
      if (
        depth === 1 &&
        !inElement &&
        ch !== 123 &&
        ch !== 91 &&
        ch !== 93 &&
        ch !== 44 &&
        !/\s/.test(text[i] as string)
      ) {
        throw await notARecord(file, line, elements + 1, text.slice(i, i + 40), records);
      }
      if (ch === 34) inString = true;
      else if (ch === 91 || ch === 123) {
        depth++;
        if (depth === 2 && !inElement) {
          if (ch !== 123) throw new ImportError(file, line, "expected an object in the array, found an array");
          inElement = true;
          start = i;
          elementLine = line;
        }
      } else if (ch === 93 || ch === 125) {
        depth--;
        if (depth === 1 && inElement) {
          const body = element + text.slice(start, i + 1);
          elements++;
          records++;
          yield { record: asObject(parseJson(body, file, elementLine), file, elementLine), line: elementLine };
          element = "";
          inElement = false;
          start = -1;
        } else if (depth === 0) closed = true;
      } else if (depth === 1 && !/[\s,]/.test(text[i] as string)) {
        throw new ImportError(file, line, `expected an object in the array, found "${text[i]}"`);
      } else if (depth === 0 && !/\s/.test(text[i] as string)) {
        throw new ImportError(file, line, `expected a JSON array, found "${text[i]}"`);
      }
    }
    if (inElement) element += text.slice(start);
  }
  if (!closed) throw new ImportError(file, line, "the JSON array is not closed: the file is truncated");
}

/**
 * The error for an array element that is not an object: which element and what it is; and for a file
 * that is a list of ids (strings only, no record before), what it is and what to do with it.
 */
async function notARecord(file: string, line: number, index: number, text: string, recordsBefore: number) {
  const kind = text.startsWith('"')
    ? "a string"
    : /^-?\d/.test(text)
      ? "a number"
      : /^(true|false)/.test(text)
        ? "a boolean"
        : text.startsWith("null")
          ? "null"
          : "not an object";
  if (kind === "a string" && recordsBefore === 0) {
    let all: unknown;
    try {
      let whole = "";
      for await (const chunk of textChunks(file)) whole += chunk;
      all = JSON.parse(whole);
    } catch {
      all = null;
    }
    if (Array.isArray(all) && all.every((v) => typeof v === "string")) {
      return new ImportError(
        file,
        1,
        `a list of ${all.length} instance ids, not records: import the instances themselves, or use it as a subset (npm run hints -- subsets import FILE --name NAME --benchmark B)`,
      );
    }
  }
  const shown = text.split(/[,\]\n]/)[0]?.trim() ?? "";
  return new ImportError(
    file,
    line,
    `element ${index} of the array is ${kind} (${shown}), not a record: every element must be a JSON object`,
  );
}

/**
 * A whole file holding one JSON object. A key repeated with another value is refused at its line (JSON.parse
 * would keep the last silently); the top object's number literals are kept as written (`75.0`, not `75`).
 */
export async function readJsonDocument(file: string): Promise<LocatedRecord> {
  let text = "";
  for await (const chunk of textChunks(file)) {
    text += chunk;
    if (text.length > MAX_LINE_CHARS)
      throw new ImportError(
        file,
        null,
        `a JSON document larger than ${MAX_LINE_CHARS / 1024 / 1024} MB: write its records as JSON Lines (one per line) or a JSON array`,
      );
  }
  let record: RawRecord;
  try {
    record = asObject(parseJson(text, file, 1), file, 1);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    if (position === undefined) throw error;
    const line = text.slice(0, Number(position)).split("\n").length;
    throw new ImportError(file, line, (error as ImportError).reason);
  }
  return { record, line: 1, numberLiterals: checkedDocument(text, file) };
}

/**
 * CSV with a header row (RFC 4180, by csv-parse), streamed; each row becomes an object keyed by the header.
 * Every byte of a field is kept: no trimming, CR and LF inside quoted fields stay as they are.
 */
export async function* readCsv(file: string): AsyncGenerator<LocatedRecord> {
  const parser = Readable.from(textChunks(file)).pipe(
    parseCsv({ info: true, skip_empty_lines: true, relax_column_count: false, bom: true }),
  );
  let header: string[] | null = null;
  let previousEnd = 0;
  let previousEmpty = 0;
  try {
    for await (const { info, record } of parser as AsyncIterable<{
      info: { lines: number; empty_lines: number };
      record: string[];
    }>) {
      // A record starts on the line after the previous one ended, past any blank lines between them.
      const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
      previousEnd = info.lines;
      previousEmpty = info.empty_lines;
      if (header === null) {
        header = record.map((name) => name.trim());
        continue;
      }
      const row: RawRecord = {};
      header.forEach((name, index) => {
        setOwn<unknown>(row, name, record[index]);
      });
      yield { record: row, line };
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    if (!(error instanceof CsvError)) throw error;
    const at = (error as CsvError & { lines?: number }).lines ?? previousEnd + 1;
    if (error.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH") {
      const found = (error as CsvError & { record?: unknown[] }).record?.length;
      throw new ImportError(file, at, `expected ${header?.length} columns as in the header, found ${found}`);
    }
    if (error.code === "CSV_QUOTE_NOT_CLOSED") {
      throw new ImportError(file, previousEnd + 1, "a quoted field is never closed: the file is truncated");
    }
    throw new ImportError(file, at, `not valid CSV (${error.message})`);
  }
}
