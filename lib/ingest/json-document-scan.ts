/**
 * What JSON.parse does not say about a JSON document: keys an object repeats (JSON.parse keeps the last one
 * silently: an `eval_results` map that lists an id twice, true then false) and the literal text of the top
 * object's numbers (JSON.parse hands `1.0` over as `1`, so the precision a file stated is lost). One pass over
 * text that JSON.parse has already accepted; iterative, so no nesting depth overflows it.
 */
import { ImportError } from "./import-error";

export interface RepeatedKey {
  key: string;
  /** where the object holding it starts, as `$`, `$.a`, `$.a[2]` */
  path: string;
  firstLine: number;
  line: number;
  /** both occurrences have the same value text */
  sameValue: boolean;
}

export interface DocumentScan {
  repeated: RepeatedKey[];
  /** the top object's number-valued keys → their literal text (`"pass_rate": 75.0` → `"75.0"`) */
  numberLiterals: Record<string, string>;
}

interface Frame {
  kind: "object" | "array";
  path: string;
  index: number;
  /** key → line and value text of its first occurrence */
  keys: Map<string, { line: number; value: string }>;
  key: string | null;
  keyLine: number;
  valueStart: number;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

export function scanJsonDocument(text: string): DocumentScan {
  const repeated: RepeatedKey[] = [];
  const numberLiterals: Record<string, string> = Object.create(null);
  const stack: Frame[] = [];
  let line = 1;
  let i = 0;
  const childPath = (parent: Frame | undefined) =>
    !parent ? "$" : parent.kind === "array" ? `${parent.path}[${parent.index}]` : `${parent.path}.${parent.key}`;
  const beginValue = (start: number) => {
    const top = stack[stack.length - 1];
    if (top?.kind === "object") top.valueStart = start;
  };
  const endValue = (end: number) => {
    const top = stack[stack.length - 1];
    if (!top) return;
    if (top.kind === "array") {
      top.index++;
      return;
    }
    const key = top.key as string;
    const value = text.slice(top.valueStart, end);
    const first = top.keys.get(key);
    if (first) {
      repeated.push({
        key,
        path: top.path,
        firstLine: first.line,
        line: top.keyLine,
        sameValue: first.value === value,
      });
    } else top.keys.set(key, { line: top.keyLine, value });
    top.key = null;
  };
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      if (c === 10) line++;
      i++;
      continue;
    }
    const ch = text[i];
    if (ch === "{" || ch === "[") {
      beginValue(i);
      const parent = stack[stack.length - 1];
      stack.push({
        kind: ch === "{" ? "object" : "array",
        path: childPath(parent),
        index: 0,
        keys: new Map(),
        key: null,
        keyLine: line,
        valueStart: i,
      });
      i++;
    } else if (ch === "}" || ch === "]") {
      stack.pop();
      i++;
      endValue(i);
    } else if (ch === ",") {
      i++;
    } else if (ch === ":") {
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      let escaped = false;
      while (j < text.length) {
        const d = text[j];
        if (d === "\\") {
          j += 2;
          escaped = true;
          continue;
        }
        if (d === '"') break;
        j++;
      }
      const raw = text.slice(i, j + 1);
      const top = stack[stack.length - 1];
      if (top?.kind === "object" && top.key === null) {
        top.key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        top.keyLine = line;
      } else {
        beginValue(i);
        endValue(j + 1);
      }
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s,\]}]/.test(text[j] as string)) j++;
      const top = stack[stack.length - 1];
      if (stack.length === 1 && top?.kind === "object" && top.key !== null && /^-?\d/.test(text.slice(i, j))) {
        numberLiterals[top.key] = text.slice(i, j);
      }
      beginValue(i);
      endValue(j);
      i = j;
    }
  }
  return { repeated, numberLiterals: { ...numberLiterals } };
}

/**
 * A JSON document's number literals, after refusing a key it repeats with another value (at that key's line;
 * `firstLine` is the line the document starts on). A key repeated with the same value is a harmless repeat.
 */
export function checkedDocument(text: string, file: string, firstLine = 1): Record<string, string> {
  const scan = scanJsonDocument(text);
  const conflict = scan.repeated.find((r) => !r.sameValue);
  if (conflict) {
    throw new ImportError(
      file,
      conflict.line + firstLine - 1,
      `key "${conflict.key}" ${conflict.path === "$" ? "" : `in ${conflict.path} `}is given again with another value (first on line ${conflict.firstLine + firstLine - 1}); JSON keeps only the last, so say which one holds`,
    );
  }
  return scan.numberLiterals;
}
