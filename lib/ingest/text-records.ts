import { createReadStream } from "node:fs";
import type { RawRecord } from "./field-values";
import { ImportError } from "./import-error";

/** A record and the line of the file it starts on. */
export interface LocatedRecord {
  record: RawRecord;
  line: number;
}

/** The file's lines without their endings (LF or CRLF), streamed in 1 MiB chunks; faster than readline. */
async function* lines(file: string): AsyncGenerator<string> {
  let rest = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    const text = rest + (chunk as string);
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      yield text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
      start = end + 1;
    }
    rest = text.slice(start);
  }
  if (rest !== "") yield rest.endsWith("\r") ? rest.slice(0, -1) : rest;
}

function parseObject(text: string, file: string, line: number): RawRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ImportError(file, line, `not valid JSON (${(error as Error).message}); is the line truncated?`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ImportError(
      file,
      line,
      `expected a JSON object, got ${Array.isArray(value) ? "an array" : typeof value}`,
    );
  }
  return value as RawRecord;
}

/** JSON Lines, streamed: one object per non-blank line. */
export async function* readJsonLines(file: string): AsyncGenerator<LocatedRecord> {
  let line = 0;
  for await (const text of lines(file)) {
    line++;
    if (text.trim() === "") continue;
    if (text.includes("\u0000")) throw new ImportError(file, line, "binary content (NUL bytes) in a text file");
    yield { record: parseObject(text, file, line), line };
  }
}

/** A top-level JSON array of objects, streamed element by element. */
export async function* readJsonArray(file: string): AsyncGenerator<LocatedRecord> {
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element = "";
  let elementLine = 1;
  let closed = false;
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    const text = chunk as string;
    let start = -1;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === "\n") line++;
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === "\\") escaped = true;
        else if (ch === '"') inString = false;
        continue;
      }
      if (ch === '"') inString = true;
      else if (ch === "[" || ch === "{") {
        depth++;
        if (depth === 2 && start < 0) {
          start = i;
          elementLine = line;
        }
      } else if (ch === "]" || ch === "}") {
        depth--;
        if (depth === 1 && start >= 0) {
          yield { record: parseObject(element + text.slice(start, i + 1), file, elementLine), line: elementLine };
          element = "";
          start = -1;
        } else if (depth === 0) closed = true;
      } else if (depth === 1 && !/[\s,]/.test(ch as string)) {
        throw new ImportError(file, line, `expected an object in the array, found "${ch}"`);
      }
    }
    if (start >= 0) element += text.slice(start);
  }
  if (!closed) throw new ImportError(file, line, "the JSON array is not closed: the file is truncated");
}

/** A whole file holding one JSON object. */
export async function readJsonDocument(file: string): Promise<LocatedRecord> {
  let text = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8" })) text += chunk;
  try {
    return { record: parseObject(text, file, 1), line: 1 };
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    if (position === undefined) throw error;
    const line = text.slice(0, Number(position)).split("\n").length;
    throw new ImportError(file, line, (error as ImportError).reason);
  }
}

/** Splits one CSV line into fields (RFC 4180 quoting); returns null while a quoted field is still open. */
function splitCsv(text: string): string[] | null {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else field += ch;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

/** CSV with a header row, streamed; each row becomes an object keyed by the header. */
export async function* readCsv(file: string): AsyncGenerator<LocatedRecord> {
  let header: string[] | null = null;
  let line = 0;
  let pending = "";
  let pendingLine = 0;
  for await (const text of lines(file)) {
    line++;
    if (pending === "" && text.trim() === "") continue;
    if (pending === "") pendingLine = line;
    const joined = pending === "" ? text : `${pending}\n${text}`;
    const fields = splitCsv(joined);
    if (fields === null) {
      pending = joined;
      continue;
    }
    pending = "";
    if (header === null) {
      header = fields.map((name) => name.trim().replace(/^\uFEFF/, ""));
      continue;
    }
    if (fields.length !== header.length) {
      throw new ImportError(
        file,
        pendingLine,
        `expected ${header.length} columns as in the header, found ${fields.length}`,
      );
    }
    const record: RawRecord = {};
    header.forEach((name, index) => {
      record[name] = (fields[index] as string).trim();
    });
    yield { record, line: pendingLine };
  }
  if (pending !== "") throw new ImportError(file, pendingLine, "a quoted field is never closed: the file is truncated");
}
