// What a hunk's lines say about their own shape: indentation and brackets, for every language.

/** The placeholder owner of members whose class the hunk does not show. */
export const UNKNOWN_OWNER = "__HintscopeContext__";

/** A C++ access label standing for a hunk's header (`public:`, trimmed): the hunk is in a class's body. */
export const ACCESS_LABEL = /^(public|protected|private)\s*:\s*$/;

/**
 * An export macro between `class` and its name (`class YAML_CPP_API Emitter {`), as a pattern's source: upper
 * case with an underscore, and no name itself.
 */
export const EXPORT_MACRO = "[A-Z][A-Z0-9]*_[A-Z0-9_]*";

/** How many brackets a line leaves open (negative: closes ones opened above it). */
export const depth = (text: string) => (text.match(/[([{]/g) ?? []).length - (text.match(/[)\]}]/g) ?? []).length;

/** A line's leading spaces and tabs, every line alike (a lone `}` too: its own level says whose it is). */
export const leadingSpaceOf = (text: string) => /^[ \t]*/.exec(text)?.[0].length ?? 0;

/** A line's indentation; blank lines and lone closing brackets (a body's end) do not count. */
export const indentOf = (text: string) =>
  text.trim() === "" || /^\s*[}\])]+[;,)]*\s*$/.test(text) ? Number.POSITIVE_INFINITY : leadingSpaceOf(text);

/**
 * Brace languages: how many blocks the hunk's lines close that opened above it *inside* the stand-in
 * wrapper (the tail of the member before: `}` or `});` at the hunk's own level). A closing brace less
 * indented than the hunk's lines closes the wrapper's own block (the class's end) and needs no opener.
 */
export function blocksClosedFromAbove(
  lines: readonly string[],
  ownIndent: number,
): { count: number; atColumnZero: boolean; atColumnZeroCount: number } {
  let depth = 0;
  let lowest = 0;
  let atColumnZero = false;
  let atColumnZeroCount = 0;
  for (const line of lines) {
    // Strings and line comments do not count; a rough cut, enough for the usual `}` / `});` tails.
    const code = codeOf(line);
    const indent = leadingSpaceOf(line);
    for (const ch of code) {
      if (ch === "{") depth++;
      else if (ch === "}") {
        depth--;
        if (depth < lowest) {
          // the wrapper's own end: what came before is all
          if (indent < ownIndent) return { count: -lowest, atColumnZero, atColumnZeroCount };
          lowest = depth;
          atColumnZero = indent === 0;
          if (atColumnZero) atColumnZeroCount++;
        }
      }
    }
  }
  return { count: -lowest, atColumnZero, atColumnZeroCount };
}

/** A line's code without string literals and a trailing line comment (a rough cut, for counting brackets). */
export const codeOf = (line: string) =>
  line.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, "").replace(/\/\/.*$/, "");

/** A line's code as `codeOf` reads it, its one-line block comments (`/* … *\/`) left out too. */
export const codeWithoutCommentsOf = (line: string) => codeOf(line).replace(/\/\*.*?\*\//g, "");

/**
 * A string the hunk starts inside (it began above): the index of the line whose `quote` closes it, where that
 * line's first quote stands after nothing but its text and is followed by nothing but closers (`             ',`,
 * `` `)) ``), and nothing on it or before it opens one; -1 when the hunk does not start in one. Go's raw strings,
 * PHP's multi-line quoted strings.
 */
export function quotedStringEnd(
  lines: readonly string[],
  quotes: string,
  /** what, ending the text before the quote, opens a string there rather than closes one */
  opens = /([=(:,{]|\breturn)\s*$/,
): number {
  // (A comment's apostrophe, `// Only touch the listed users'`, closes nothing.)
  const first = lines.findIndex(
    (line) => !/^\s*(\/\/|#|\/\*|\*)/.test(line) && [...quotes].some((q) => line.includes(q)),
  );
  if (first < 0) return -1;
  const line = lines[first] as string;
  const at = Math.min(...[...quotes].map((q) => line.indexOf(q)).filter((i) => i >= 0));
  const quote = line[at] as string;
  const before = line.slice(0, at);
  const after = line.slice(at + 1);
  const closes =
    /^[)\]},;\s]*(\/\/.*)?$/.test(after) &&
    !opens.test(before) &&
    !after.includes(quote) &&
    !(quote !== "`" && /\\$/.test(before));
  return closes ? first : -1;
}

/** A documentation comment's tag at a line's start (Doxygen's, Javadoc's): `@brief`, `\\param`, `@since`. */
const DOC_TAG =
  /^\s*[@\\](brief|details|return|returns|retval|param|tparam|since|note|see|sa|throws?|pre|post|deprecated|warning|code|endcode|ref)\b/;

/** Lines with no comment mark, statement or block, one of them a documentation tag: a comment's middle. */
function insideTaggedComment(lines: readonly string[]): boolean {
  const code = lines.map(codeOf);
  return lines.some((line) => DOC_TAG.test(line)) && !code.some((line) => /[;{}]|\/\*|\*\//.test(line));
}

// Brace languages: block comments a hunk cuts. `leading`: how many of its first lines are the end of a
// comment that opened above it (`* text`, then the closing mark), which parse as code out of context;
// `openAtEnd`: the hunk ends inside a comment it opened and did not close, which swallows whatever the
// analysis adds after it.
export function blockCommentEdges(lines: readonly string[]): { leading: number; openAtEnd: boolean } {
  let leading = 0;
  let prose = true;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    if (!/^\s*\*/.test(line) || /\/\*/.test(line)) {
      prose = false;
      break;
    }
    if (/\*\//.test(line)) {
      leading = index + 1;
      prose = false;
      break;
    }
  }
  // Every line a comment's (`* …`) and none closing it: the hunk lies inside one comment. So do lines with a
  // documentation tag (`@brief return the binary subtype`) and no statement or block among them.
  if (prose || insideTaggedComment(lines)) return { leading: lines.length, openAtEnd: false };
  // A comment whose lines carry no `*` (nlohmann's `/*!` … `@since version 3.8.0` / `*/`): a close before any
  // open ends a comment that opened above the hunk, prose up to it (`If it does not have a subtype, this …`).
  if (leading === 0) {
    const code = lines.map(codeOf);
    // (A close with no code before it on its line: `*/` in a regex literal, `/^\s*/`, is none.)
    const close = code.findIndex((line) => /^[^;{}()=]*\*\//.test(line));
    if (close >= 0 && !code.slice(0, close + 1).some((line) => line.includes("/*"))) leading = close + 1;
  }
  let inComment = false;
  for (const line of lines.slice(leading)) {
    let rest = inComment ? line : codeOf(line);
    for (;;) {
      if (inComment) {
        const close = rest.indexOf("*/");
        if (close < 0) break;
        inComment = false;
        rest = codeOf(rest.slice(close + 2));
      } else {
        const open = rest.indexOf("/*");
        if (open < 0) break;
        inComment = true;
        rest = rest.slice(open + 2);
      }
    }
  }
  return { leading, openAtEnd: inComment };
}

/**
 * The brackets a hunk's lines leave open at its end, closed in order (`({` → `})`): a function whose body
 * runs past the hunk's end still parses as that function, and its locals stay its own.
 */
export function closersOfOpenBrackets(lines: readonly string[]): string {
  const pairs: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
  const open: string[] = [];
  let inComment = false;
  for (const line of lines) {
    let code = line;
    if (inComment) {
      const close = code.indexOf("*/");
      if (close < 0) continue;
      inComment = false;
      code = code.slice(close + 2);
    }
    code = codeOf(code).replace(/\/\*.*?\*\//g, "");
    const opened = code.indexOf("/*");
    if (opened >= 0) {
      inComment = true;
      code = code.slice(0, opened);
    }
    for (const ch of code) {
      if (ch in pairs) open.push(ch);
      else if (ch === ")" || ch === "]" || ch === "}") {
        const index = open.lastIndexOf(ch === ")" ? "(" : ch === "]" ? "[" : "{");
        if (index >= 0) open.splice(index);
      }
    }
  }
  return open
    .reverse()
    .map((ch) => pairs[ch])
    .join("");
}

/**
 * A hunk whose first statement continues a compound statement begun above it (`except KeyError:`, `else:`):
 * the `try:` or `if` it continues, so the clause parses as one (not `KeyError:` as an annotated name).
 */
export function clauseOpener(line: string): string[] {
  const indent = " ".repeat(indentOf(line));
  if (/^\s*(except\b|finally\s*:)/.test(line)) return [`${indent}try:`, `${indent}    pass`];
  if (/^\s*(elif\b|else\s*:)/.test(line)) return [`${indent}if True:`, `${indent}    pass`];
  return [];
}

/** A brace language's comment line: `// …`, a block comment's opening, ` * …` line or closing (not `*p = 0;`). */
export const BRACE_COMMENT_LINE = /^\s*(\/\/|\/\*|\*+(\/|\s|$))/;
