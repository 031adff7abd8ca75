// Brace languages whose hunk headers name a method without its indentation (git's java and php drivers): the
// members' level in the hunk tells where the named method ends and the class's next members begin.
import { blockCommentEdges, codeOf, indentOf, leadingSpaceOf } from "./hunk-lines";
import type { Wrapper } from "./language";

/** How one language tells a member's declaration from a statement of a body, line by line. */
export interface MemberLines {
  /** a line that can only declare a class member (modifiers, annotations or attributes) */
  declaresMember(line: string): boolean;
  /** a line that can only be a statement of a body, never a member's declaration */
  isStatement(line: string): boolean;
}

/**
 * The indentation of a hunk's class members, from the lines that can only be member declarations; null when
 * no line is one.
 */
export function memberIndent(lines: readonly string[], rules: MemberLines): number | null {
  let least: number | null = null;
  for (const line of lines)
    if (rules.declaresMember(line)) {
      const indent = leadingSpaceOf(line);
      if (least === null || indent < least) least = indent;
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
    const indent = leadingSpaceOf(line);
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
export const oneLevel = (lines: readonly string[], indent: number) =>
  indent === 4 || indent === 2 || lines.some((l) => /^\t\S/.test(l) && indentOf(l) === indent);

/**
 * Under a hunk header that names a method: the indentation of the hunk's class members (see memberIndent;
 * else the hunk's least indentation when it is one level in: a method's statements are deeper), and where the
 * named method's body ends in the hunk (see headerMethodEnd). Null when the hunk's lines do not tell.
 */
export function underHeaderMethod(
  lines: readonly string[],
  rules: MemberLines,
): { memberIndent: number; end: number | null; nested: number; openAtEnd: number } | null {
  const { leading } = blockCommentEdges(lines);
  const shown = lines.map((line, index) => (index < leading ? "" : line));
  const least = Math.min(...shown.map(indentOf));
  // Inside a comment only: nothing of the named method changes.
  if (shown.every((line) => line.trim() === "")) return { memberIndent: 0, end: 0, nested: 0, openAtEnd: 0 };
  const declared = memberIndent(shown, rules);
  // No line declares a member, and the least indented ones are statements (`if (…) {`, `a.b(…`, `x = …;`): the
  // hunk shows only the named method's body, at whatever indentation it stands.
  if (declared === null && shown.some((line) => indentOf(line) === least && rules.isStatement(line))) return null;
  const member = declared ?? (Number.isFinite(least) && oneLevel(shown, least) ? least : null);
  if (member === null || member === 0) return null;
  return { memberIndent: member, ...headerMethodEnd(shown, member) };
}

/**
 * The stand-in declarations for a hunk under a header that names a method: the lines at member level
 * (declarations) are the class's members; the `}` at that level closes the named method, and only the
 * lines above it are that method's body. `method` is the language's stand-in method opener.
 */
export function wrapUnderMethod(
  lines: readonly string[],
  rules: MemberLines,
  stand: { classOf: (shown: readonly string[]) => string; unknownOwner: string; method: string },
): Wrapper {
  const under = underHeaderMethod(lines, rules);
  // A nested class's path (`Gson.FutureTypeAdapter`) opens each class of it, and closes them all.
  const path = under ? stand.classOf(lines).split(".") : [];
  const opener = path.map((name) => `class ${name} {`).join(" ");
  const suffix = ["}".repeat((under?.openAtEnd ?? 0) + path.length)];
  if (under?.end === 0) return { prefix: [opener], suffix, owner: null, dedent: false, settled: true };
  if (under && under.end !== null)
    return {
      prefix: [opener, stand.method, ...Array.from({ length: under.nested }, () => "{")],
      suffix,
      owner: null,
      dedent: false,
      settled: true,
    };
  return {
    prefix: [`class ${stand.unknownOwner} {`, stand.method],
    suffix: ["}", "}"],
    owner: null,
    dedent: false,
  };
}

/**
 * The file's own class, for a hunk whose class line it does not show but whose members stand one level in
 * (Java's and PHP's one class per file, named as the file); else `unknownOwner`.
 */
export function fileClass(
  path: string,
  extension: string,
  shown: readonly string[],
  rules: MemberLines,
  unknownOwner: string,
): string {
  // (A name may start with `$`: gson's `$Gson$Types.java`.)
  const own = new RegExp(`(\\$*[A-Z][\\w$]*)\\.${extension}$`).exec(path)?.[1];
  const member = memberIndent(shown, rules) ?? Math.min(...shown.map(indentOf));
  return own && Number.isFinite(member) && member > 0 && oneLevel(shown, member) ? own : unknownOwner;
}
