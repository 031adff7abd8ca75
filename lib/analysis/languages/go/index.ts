import { blocksClosedFromAbove, leadingSpaceOf, quotedStringEnd, UNKNOWN_OWNER } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { braceTailOpeners, headerNames, NO_WRAP } from "../wrapping";
import { extractGo } from "./extract";
import { goPackageName } from "./package-name";

const GROUP = /^\s*(var|const|import)\s*\(\s*$/;

function goWrap({ context, indented, lines }: WrapRequest): Wrapper {
  // Under the file's package clause (a hunk near the top): the clause, which says whose package it is.
  if (/^package\s+\w+\s*$/.test(context) && !lines.some((line) => /^package\s/.test(line)))
    return { prefix: [context.trim()], suffix: [], owner: null, dedent: false };
  const { goType, goKind, inFunction } = headerNames(context);
  // Rows of a package-level table (`var testcases = []testcase{` above the hunk, whose header may be any line at
  // column 0, a raw string's end included): a literal's elements, no declarations (read bare, a row's `"zlib"` is
  // an identifier to the parser's recovery).
  // (Not keyed rows, `{name: "b", Timeout: 3 * time.Second},`: whose fields the keys are, no line here says; the
  // literal's element type unknown, they would reach any struct's field of the name.)
  const keyed = lines.some((line) => /[{,]\s*[A-Za-z_]\w*:\s/.test(line));
  if (!inFunction && !goType && !GROUP.test(context) && startsInLiteralRows(lines) && !keyed) {
    const closed = lines.some((line) => /^\}[,)]*\s*$/.test(line));
    return {
      prefix: [`var _ = []${UNKNOWN_OWNER}{`],
      suffix: closed ? [] : ["}"],
      owner: null,
      dedent: false,
      settled: true,
    };
  }
  if (!indented) return NO_WRAP;
  // Under `type X struct {` the lines are fields, under `type X interface {` method specs (or embedded types).
  if (goType) return { prefix: [`type ${goType} ${goKind} {`], suffix: ["}"], owner: null, dedent: false };
  // Inside a `type (` group, lines deeper than its specs (`\t\tHSTSPreloadEnabled bool`, then `\t}` and `)`): a
  // struct's fields (or an interface's methods) whose type line is above the hunk (its name unknown here; the
  // literals that key the fields tell it).
  // (Both images alike: a spec the group goes on with after the struct's `}`, removed or added, is the group's.)
  const firstLine = lines.find((line) => line.trim() !== "");
  if (/^\s*type\s*\(\s*$/.test(context) && firstLine?.startsWith("\t\t")) {
    const closesStruct = lines.some((line) => /^\t\}\s*$/.test(line));
    const closesGroup = lines.some((line) => /^\)\s*$/.test(line));
    // (An interface's method specs, `Insert(old, new T) (T, T, bool)`, where a line names and calls.)
    const kind = lines.some((line) => /^\t\t[A-Za-z_]\w*\(/.test(line)) ? "interface" : "struct";
    return {
      prefix: ["type (", `\t${UNKNOWN_OWNER} ${kind} {`],
      suffix: [...(closesStruct ? [] : ["\t}"]), ...(closesGroup ? [] : [")"])],
      owner: null,
      dedent: false,
      settled: true,
    };
  }
  // Inside a `var (` or `const (` block: its entries are package-level names, not a function's locals; inside an
  // `import (` block, the packages the file imports (a test's new `"…/internal/fasttime"`), no call's arguments.
  const group = GROUP.exec(context)?.[1];
  if (group) return { prefix: [`${group} (`], suffix: [")"], owner: null, dedent: false };
  // The blocks the hunk closes above the literal's own `}` are opened first; the literal last, its type unknown.
  if (inFunction && startsInKeyedLiteral(lines)) return openedInFunction(lines, LITERAL_OPENER);
  // A test table's own struct type (`tests := []struct {` above the hunk): its fields, then `}{` and the rows.
  if (inFunction && startsInTableStruct(lines)) return openedInFunction(lines, TABLE_OPENER);
  return inFunction ? { prefix: ["func __hintscope__() {"], suffix: ["}"], owner: null, dedent: false } : NO_WRAP;
}

/**
 * Whether a hunk starts among a composite literal's rows (`\t{"zip", "PK\x03\x04", "application/zip", all},`): its
 * code lines at their least indentation, which is not column 0, open or close a row (`{`, `},`), and no line at
 * column 0 but the literal's own `}`.
 */
function startsInLiteralRows(lines: readonly string[]): boolean {
  const code = lines.filter((line) => line.trim() !== "" && !/^\s*\/\//.test(line));
  const rows = code.filter((line) => !/^\}[,)]*\s*$/.test(line));
  const first = rows[0];
  if (first === undefined || !/^\s+\{/.test(first)) return false;
  const least = Math.min(...rows.map(leadingSpaceOf));
  return least > 0 && rows.every((line) => leadingSpaceOf(line) > least || /^\s*(\{|\},?\s*$)/.test(line));
}

/** The stand-in for an anonymous struct type the hunk starts inside, whose literal follows its `}{`. */
const TABLE_OPENER = "_ = []struct {";

/**
 * Whether a hunk in a function starts among an anonymous struct type's field specs (`createdBy string`), every
 * code line up to a less indented `}{` one, which closes the type and opens its literal (a table test's rows).
 */
function startsInTableStruct(lines: readonly string[]): boolean {
  const code = lines.filter((line) => line.trim() !== "" && !/^\s*\/\//.test(line));
  const close = code.findIndex((line) => /^\s*\}\{\s*$/.test(line));
  const first = code[0];
  if (close < 1 || first === undefined || leadingSpaceOf(code[close] ?? "") >= leadingSpaceOf(first)) return false;
  return code.slice(0, close).every((line) => /^\s+[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s+[^\s=:(]+\s*$/.test(line));
}

/** A stand-in function, the blocks the hunk closes above its first one reopened, then what the hunk starts inside. */
function openedInFunction(lines: readonly string[], opener: string): Wrapper {
  const closed = blocksClosedFromAbove(lines, 0).count;
  return {
    prefix: ["func __hintscope__() {", ...Array.from({ length: Math.max(0, closed - 1) }, () => "{"), opener],
    suffix: ["}"],
    owner: null,
    dedent: false,
    settled: true,
  };
}

/** The stand-in for a composite literal the hunk starts inside: its type is above the hunk (see extract.ts). */
export const LITERAL_OPENER = `_ = ${UNKNOWN_OWNER}{`;

/**
 * Whether a hunk in a function starts among a composite literal's keyed fields (`RequestPath: "issues",` … `}`):
 * its first code line keys an exported field, and a `}` less indented closes the literal below it. (A test table's
 * own struct keys its fields in lower case: `name:`, `want:`.)
 */
function startsInKeyedLiteral(lines: readonly string[]): boolean {
  const code = lines.filter((line) => line.trim() !== "" && !/^\s*\/\//.test(line));
  const first = code[0];
  if (first === undefined || !/^\s+[A-Z]\w*:\s+\S.*,\s*$/.test(first)) return false;
  const indent = leadingSpaceOf(first);
  return code.some((line) => /^\s*\}[,)]*\s*$/.test(line) && leadingSpaceOf(line) < indent);
}

/**
 * A hunk that starts inside a raw string (a test's JSON between backticks): the index of the line whose
 * backtick closes it (what precedes the backtick opens nothing, what follows only ends the expression:
 * `` ]`), ``), or -1.
 */
export const goRawStringEnd = (lines: readonly string[]): number => quotedStringEnd(lines, "`");

/**
 * gofmt puts a top-level declaration's closing `}` (or a group's `)`) at column 0 and nothing else there but
 * labels: the first such line outside a raw string, followed by another top-level declaration, ends the
 * declaration the hunk started in.
 */
function goTopLevelEnd(lines: readonly string[]): number {
  let backticks = 0;
  const start = goRawStringEnd(lines) + 1;
  for (const [index, line] of lines.entries()) {
    if (index < start) continue;
    if (backticks % 2 === 0 && /^[})]\)?\s*$/.test(line)) {
      const next = lines.slice(index + 1).find((l) => l.trim() !== "");
      if (next !== undefined && /^(func|var|const|type|import)\b|^\/[/*]/.test(next)) return index;
    }
    backticks += (line.match(/`/g) ?? []).length;
  }
  return -1;
}

/**
 * Closers for the `{` and `(` a hunk's lines leave open (a function whose body runs past the hunk's end),
 * raw strings' text (between backticks, across lines) and comments aside, so the function still parses as one;
 * a raw string left open is closed before them.
 */
function goClosers(lines: readonly string[]): string {
  const open: string[] = [];
  let raw = false;
  for (const line of lines.slice(goRawStringEnd(lines) + 1)) {
    const parts = line.split("`");
    for (const [index, part] of parts.entries()) {
      if (index > 0) raw = !raw;
      if (raw) continue;
      const code = part.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "").replace(/\/\/.*$/, "");
      for (const ch of code) {
        if (ch === "{" || ch === "(") open.push(ch);
        else if (ch === "}" || ch === ")") {
          const at = open.lastIndexOf(ch === "}" ? "{" : "(");
          if (at >= 0) open.splice(at);
        }
      }
      if (/\/\//.test(part)) break;
    }
  }
  // A raw string the lines open and leave open (`[]byte(\`…` cut by the hunk's end) is closed first.
  const closers = open
    .reverse()
    .map((ch) => (ch === "{" ? "}" : ")"))
    .join("");
  return raw ? `\`${closers}` : closers;
}

export const go: LanguageModule = {
  name: "go",
  aliases: ["golang"],
  extensions: ["go"],
  grammars: [{ name: "go", wasm: "tree-sitter-go/tree-sitter-go.wasm" }],
  extract: extractGo,
  overloads: false,
  stringTypes: ["interpreted_string_literal", "raw_string_literal"],
  memberSeparator: ".",
  dictatedNames: ["String", "Error"],
  hunks: {
    headerKeepsIndentation: true,
    contextFunction: (text) => {
      const match = /^func\s+(?:\(\s*(?:\w+\s+)?\*?(\w+)(?:\[(?:[^[\]]|\[[^\]]*\])*\])?\s*\)\s*)?(\w+)\s*[[(]/.exec(
        text,
      );
      if (match?.[2]) return { name: match[2], owner: match[1] ?? null };
      // A struct's or an interface's header: a change among its fields or methods changes the type.
      const type = /^type\s+(\w+)(?:\[(?:[^[\]]|\[[^\]]*\])*\])?\s+(struct|interface)\s*\{/.exec(text);
      if (type?.[1]) return { name: type[1], owner: null, kind: type[2] as "struct" | "interface" };
      // A package variable's header (`var FunctionCalls = map[string]FunctionCall{`): a changed entry changes it.
      const variable = /^var\s+(\w+)\b[^=(]*=/.exec(text);
      return variable?.[1] ? { name: variable[1], owner: null, kind: "variable" } : null;
    },
    wrap: goWrap,
    // A hunk that starts inside `type X struct {` or `type X interface {` (the header says so) and runs past
    // its `}`: the lines before it are the type's fields or method specs, not statements of a stand-in function.
    tailOpeners: (wrapper, closed, context) => {
      const { goType, goKind } = headerNames(context);
      return braceTailOpeners(wrapper, closed, {
        first: ({ atTop }) => (atTop ? (goType ? `type ${goType} ${goKind} {` : "func __hintscope_tail__() {") : "{"),
      });
    },
    blockComments: true,
    topLevelEnd: goTopLevelEnd,
    // A function's body ends at its `}` at column 0 (gofmt), not at the first `}` of a block opened above.
    endOfContextBody: (context, lines) => {
      if (!/^(func|type|var)\b/.test(context)) return undefined;
      const end = goTopLevelEnd([...lines, "func"]);
      return end < 0 ? lines.length : end + 1;
    },
    stringEnd: goRawStringEnd,
    closeOpenBlocks: (suffix, lines) => {
      const open = goClosers(lines);
      return open !== "" ? [open, ...suffix] : [...suffix];
    },
    // A hunk that starts inside `var (` / `const (` / `import (` and runs past its `)`: reopen the group above it.
    reopen: (wrapper, context, lines) => {
      const group = GROUP.exec(context)?.[1];
      return group && wrapper.prefix.length === 0 && lines.some((line) => /^\)/.test(line))
        ? { ...wrapper, prefix: [`${group} (`] }
        : wrapper;
    },
  },
  uses: {
    importOmitsExtension: true,
    packageIsFolder: true,
    qualifierNeverClass: true,
    noKeywordArguments: true,
    // `_test.go` files belong to the tests: a package import from code never loads them.
    testOnlyFile: (path) => path.endsWith("_test.go"),
    resultType: goResultType,
    assumedPackageName: goPackageName,
  },
};

/**
 * The type a Go function's signature returns, its first result where it has several (`(*Store, error)`),
 * without pointer, package or type arguments: `func NewHTTPClient(…) *HTTPClient` → `HTTPClient`,
 * `func NewSimpleCache[K comparable, V any]() SimpleCache[K, V]` → `SimpleCache`; null for none.
 */
export function goResultType(signature: string): string | null {
  const head = /^func\s+\w+\s*(\[[^\]]*\])?\s*\(/.exec(signature);
  if (!head) return null;
  let depth = 1;
  let at = head[0].length;
  for (; at < signature.length && depth > 0; at++) {
    if (signature[at] === "(") depth++;
    else if (signature[at] === ")") depth--;
  }
  const results = signature
    .slice(at)
    .trim()
    .replace(/\s*\{$/, "");
  const first =
    (results.startsWith("(") ? results.slice(1).split(/[,)]/)[0] : results)?.replace(/\[.*$/, "").trim() ?? "";
  // A named result (`(s *Store, err error)`): its type follows the name.
  const type = first.includes(" ") ? first.split(/\s+/).pop() : first;
  const bare = type?.replace(/^\*/, "").replace(/\[.*$/, "").split(".").pop();
  return bare && /^[A-Za-z_]\w*$/.test(bare) && bare !== "error" ? bare : null;
}
