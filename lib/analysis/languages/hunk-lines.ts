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
