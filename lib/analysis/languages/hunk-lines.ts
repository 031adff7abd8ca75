// What a hunk's lines say about their own shape: indentation and brackets, for every language.

/** The placeholder owner of members whose class the hunk does not show. */
export const UNKNOWN_OWNER = "__HintscopeContext__";

/** How many brackets a line leaves open (negative: closes ones opened above it). */
export const depth = (text: string) => (text.match(/[([{]/g) ?? []).length - (text.match(/[)\]}]/g) ?? []).length;

/** A line's indentation; blank lines and lone closing brackets (a body's end) do not count. */
export const indentOf = (text: string) =>
  text.trim() === "" || /^\s*[}\])]+[;,)]*\s*$/.test(text)
    ? Number.POSITIVE_INFINITY
    : (/^[ \t]*/.exec(text)?.[0].length ?? 0);

/**
 * C and C++: what a hunk leaves open at its end, closed: blocks (`}`) and preprocessor conditionals
 * (`#endif`). Without them a function whose body runs past the hunk, behind a macro such as `STATIC`, does
 * not parse as a function at all, and its local variables read as globals.
 */
export function cFamilyClosers(lines: readonly string[]): string[] {
  let braces = 0;
  let conditionals = 0;
  for (const line of lines) {
    if (/^\s*#\s*if(n?def)?\b/.test(line)) conditionals++;
    else if (/^\s*#\s*endif\b/.test(line)) conditionals = Math.max(0, conditionals - 1);
    const code = line
      .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "")
      .replace(/\/\/.*$/, "")
      .replace(/\/\*.*?\*\//g, "");
    for (const ch of code) {
      if (ch === "{") braces++;
      else if (ch === "}") braces = Math.max(0, braces - 1);
    }
  }
  return [..."}".repeat(braces), ...Array.from({ length: conditionals }, () => "#endif")];
}

/**
 * Brace languages: how many blocks the hunk's lines close that opened above it *inside* the stand-in
 * wrapper (the tail of the member before: `}` or `});` at the hunk's own level). A closing brace less
 * indented than the hunk's lines closes the wrapper's own block (the class's end) and needs no opener.
 */
export function blocksClosedFromAbove(
  lines: readonly string[],
  ownIndent: number,
): { count: number; atColumnZero: boolean } {
  let depth = 0;
  let lowest = 0;
  let atColumnZero = false;
  for (const line of lines) {
    // Strings and line comments do not count; a rough cut, enough for the usual `}` / `});` tails.
    const code = line.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, "").replace(/\/\/.*$/, "");
    const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0;
    for (const ch of code) {
      if (ch === "{") depth++;
      else if (ch === "}") {
        depth--;
        if (depth < lowest) {
          if (indent < ownIndent) return { count: -lowest, atColumnZero }; // the wrapper's own end: what came before is all
          lowest = depth;
          atColumnZero = indent === 0;
        }
      }
    }
  }
  return { count: -lowest, atColumnZero };
}

/** A line's code without string literals and a trailing line comment (a rough cut, for counting brackets). */
const codeOf = (line: string) =>
  line.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, "").replace(/\/\/.*$/, "");

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
  // Every line a comment's (`* …`) and none closing it: the hunk lies inside one comment.
  if (prose) return { leading: lines.length, openAtEnd: false };
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
 * Java: the indentation of a hunk's class members, from the lines that can only be member declarations
 * (an annotation, an access or `abstract`/`static`/`synchronized`/`native` modifier, an interface's
 * `default` method); null when no line is one.
 */
export function javaMemberIndent(lines: readonly string[]): number | null {
  let least: number | null = null;
  for (const line of lines) {
    if (
      /^\s*(@[A-Za-z][\w.]*(\s*\(.*\))?\s*$|@[A-Za-z][\w.]*\s+[\w<]|(final\s+)?(public|protected|private|abstract|static|synchronized|native)\s)/.test(
        line,
      ) ||
      /^\s*default\s+[\w<>[\], ?]+\s+\w+\s*\(/.test(line)
    ) {
      const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0;
      if (least === null || indent < least) least = indent;
    }
  }
  return least;
}

/**
 * Under a hunk header that names a method, with the hunk's members at `memberIndent`: where that method's
 * body ends in the hunk (the index of the line past its closing `}` at member level, 0 when the hunk starts
 * past it, null when it does not end in the hunk), and how many blocks inside it the hunk closes before.
 */
export function headerMethodEnd(
  lines: readonly string[],
  memberIndent: number,
): { end: number | null; nested: number; openAtEnd: number } {
  let depth = 0;
  let lowest = 0;
  let seenDeeper = false;
  let end: number | null = null;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0;
    // A member-level line before any `}` closed the method: the hunk starts past its end.
    if (end === null && !seenDeeper && indent <= memberIndent && !/^\s*}/.test(line) && depth === 0) end = 0;
    if (indent > memberIndent) seenDeeper = true;
    for (const ch of codeOf(line)) {
      if (ch === "{") depth++;
      else if (ch === "}") {
        depth--;
        if (end === null && depth < lowest) {
          if (indent <= memberIndent) {
            end = index + 1;
            depth = 0;
          } else lowest = depth;
        }
      }
    }
  }
  // Blocks the hunk opens after the method's end and leaves open (a member cut off at the hunk's end).
  return { end, nested: -lowest, openAtEnd: end === null ? 0 : Math.max(0, depth) };
}

/** One indentation level: four or two spaces, or a tab. */
const oneLevel = (lines: readonly string[], indent: number) =>
  indent === 4 || indent === 2 || lines.some((l) => /^\t\S/.test(l) && indentOf(l) === indent);

/**
 * Java, under a hunk header that names a method: the indentation of the hunk's class members (see
 * javaMemberIndent; else the hunk's least indentation when it is one level in: a method's statements are
 * deeper), and where the named method's body ends in the hunk (see headerMethodEnd). Null when the hunk's
 * lines do not tell.
 */
export function javaUnderHeaderMethod(
  lines: readonly string[],
): { memberIndent: number; end: number | null; nested: number; openAtEnd: number } | null {
  const { leading } = blockCommentEdges(lines);
  const shown = lines.map((line, index) => (index < leading ? "" : line));
  const least = Math.min(...shown.map(indentOf));
  // Inside a comment only: nothing of the named method changes.
  if (shown.every((line) => line.trim() === "")) return { memberIndent: 0, end: 0, nested: 0, openAtEnd: 0 };
  const declared = javaMemberIndent(shown);
  // No line declares a member, and the least indented ones are statements (`if (…) {`, `a.b(…`, `x = …;`): the
  // hunk shows only the named method's body, at whatever indentation it stands.
  if (declared === null && shown.some((line) => indentOf(line) === least && javaStatement(line))) return null;
  const memberIndent = declared ?? (Number.isFinite(least) && oneLevel(shown, least) ? least : null);
  if (memberIndent === null || memberIndent === 0) return null;
  return { memberIndent, ...headerMethodEnd(shown, memberIndent) };
}

/** Java: a line that can only be a statement of a body, never a member's declaration. */
const javaStatement = (line: string) =>
  /^\s*(if|for|while|switch|return|throw|try|do|else|break|continue|case|yield|assert)\b/.test(line) ||
  /^\s*(this\.)?[\w$]+(\.[\w$]+)+\s*\(/.test(line) ||
  /^\s*[\w$]+\s*\([^)]*\)\s*;/.test(line) ||
  /^\s*(this\.)?[\w$.[\]]+\s*([-+*/%&|^]|<<|>>)?=[^=]/.test(line);

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
