// Java's hunks: git's java driver drops a method header's indentation; the members' level tells it back.
import { blockCommentEdges, codeOf, indentOf } from "../hunk-lines";

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
