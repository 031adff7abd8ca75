import { type PythonValue, parsePythonLiteral } from "./python-literal";

/** Thrown for a record whose fields are not what its format promises; the reader adds file and line. */
export class RecordError extends Error {}

export type RawRecord = Record<string, unknown>;

/** Undoes a second JSON encoding: `"\"Fix the bug\\n\""` becomes `Fix the bug\n`. */
export function decodeText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  let text = value;
  for (let i = 0; i < 2 && text.length >= 2 && text.startsWith('"') && text.endsWith('"'); i++) {
    try {
      const decoded: unknown = JSON.parse(text);
      if (typeof decoded !== "string") break;
      text = decoded;
    } catch {
      break;
    }
  }
  return text;
}

/** A structured value that may arrive as itself, as JSON text, or as a Python repr string. */
export function decodeStructured(value: unknown, field: string): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    try {
      return parsePythonLiteral(text) as PythonValue;
    } catch (error) {
      throw new RecordError(`field "${field}" is neither JSON nor a Python literal: ${(error as Error).message}`);
    }
  }
}

/** A list of strings (test ids, categories) from a list, JSON text, a Python-repr list, or a dict's keys. */
export function toStringList(value: unknown, field: string): string[] {
  if (value === null || value === undefined || value === "") return [];
  const decoded = decodeStructured(value, field);
  if (decoded === null) return [];
  if (Array.isArray(decoded)) return decoded.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
  if (typeof decoded === "object") return Object.keys(decoded as object);
  throw new RecordError(`field "${field}" should be a list, got ${typeof decoded}`);
}

/** The first present field among several names (datasets rename fields between releases). */
export function pick(record: RawRecord, ...names: string[]): unknown {
  for (const name of names) {
    if (Object.hasOwn(record, name) && record[name] !== undefined && record[name] !== null) return record[name];
  }
  return undefined;
}

/** A required non-empty string field: text only (a patch that is a number is an error, not "12345"). */
export function requireString(record: RawRecord, ...names: string[]): string {
  const value = pick(record, ...names);
  if (typeof value !== "string" || value === "") {
    const got = value === undefined ? "it is missing" : `got ${JSON.stringify(value)?.slice(0, 40)}`;
    throw new RecordError(`field "${names[0]}" must be a non-empty string: ${got}`);
  }
  return value;
}

/** A required id: a non-empty string, or an integer (pull-request numbers, numeric instance ids) as text. */
export function requireId(record: RawRecord, ...names: string[]): string {
  const value = pick(record, ...names);
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return requireString(record, ...names);
}

/** A resolved flag from true/false, 1/0, or the words true/false/yes/no/resolved/unresolved. */
export function toBoolean(value: unknown, field: string): boolean {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (["true", "1", "yes", "y", "resolved", "pass", "passed"].includes(word)) return true;
    if (["false", "0", "no", "n", "unresolved", "fail", "failed"].includes(word)) return false;
  }
  throw new RecordError(`field "${field}" must be true or false, got ${JSON.stringify(value)}`);
}
