// Java: hunks inside nested types the hunk does not show whole (a builder's methods, an enum's constructor), read by
// where the hunk's closing braces and member declarations stand.
import { codeOf, leadingSpaceOf } from "../hunk-lines";
import type { Wrapper } from "../language";
import { JAVA_MEMBER_LINES, javaMemberIndent } from "./hunks";

/**
 * A member's own declaration, a method's or a field's: an access modifier or `static`/`abstract`, a type and a name
 * (`public int getCode() {`), which no statement of a method body (an annotated local, `synchronized (lock) {`) is.
 */
const MEMBER_DECLARATION =
  /^\s*(@[\w.]+(\([^)]*\))?\s+)*(public|protected|private|static|abstract)\s+(\w+\s+)*[\w<>[\],.? ]+\s+\w+\s*(\(|=|;)/;

/**
 * Whether the first block the hunk closes from above (`        }`) is followed, before the next, by a member
 * declared at that `}`'s indentation: the block was a member of a type that is itself open above the hunk.
 */
export function membersAfterFirstClose(lines: readonly string[]): boolean {
  let depth = 0;
  const lows: number[] = [];
  for (const [index, line] of lines.entries())
    for (const ch of codeOf(line)) {
      if (ch === "{") depth++;
      else if (ch === "}" && --depth < -lows.length) lows.push(index);
    }
  const [first, second] = lows;
  if (first === undefined || second === undefined) return false;
  const indent = leadingSpaceOf(lines[first] as string);
  return (
    indent > 0 &&
    lines.slice(first + 1, second).some((line) => leadingSpaceOf(line) === indent && MEMBER_DECLARATION.test(line))
  );
}

/** A line's indentation in columns, a tab as four. */
const columnsOf = (line: string) => (/^[ \t]*/.exec(line)?.[0] ?? "").replace(/\t/g, "    ").length;

/**
 * Whether a hunk under the file class's header (at column 0, git's driver dropping nothing there) holds members two
 * levels in or deeper and none one level in: every code line at eight columns or more, a member declared at the
 * least of them.
 */
export function inUnshownNestedType(lines: readonly string[]): boolean {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*(\/\/|\*|\/\*)/.test(l));
  if (code.length === 0) return false;
  const least = Math.min(...code.map(columnsOf));
  return least >= 8 && code.some((l) => columnsOf(l) === least && JAVA_MEMBER_LINES.declaresMember(l));
}

/**
 * Under a nested type's header (`private static final class X`, which only a member can be): a hunk that
 * closes that type (a `}` reaching its lowest depth, members at that `}`'s indentation after it) goes on in
 * the enclosing class, the file's own when its members stand one level in. Opened as the enclosing class,
 * the nested one, and a method when the hunk starts inside one; null when the hunk does not close the type.
 */
export function nestedTypeTail(
  lines: readonly string[],
  typeName: string,
  outerOf: (shown: readonly string[]) => string,
  /** blocks closed at least before the type's `}` (2 when the hunk starts inside one of its methods) */
  minCloses = 1,
  /** a `}` the hunk ends after (nothing but comments following) closes the type too (a builder's, a method known in it) */
  orAtEnd = false,
): Wrapper | null {
  // Each line where the depth reaches a new lowest (a block opened above the hunk closes), and that depth.
  const lows: Array<{ index: number; depth: number }> = [];
  let depth = 0;
  let lowest = 0;
  for (const [index, line] of lines.entries())
    for (const ch of codeOf(line)) {
      if (ch === "{") depth++;
      else if (ch === "}" && --depth < lowest) {
        lowest = depth;
        lows.push({ index, depth });
      }
    }
  // The type's own `}`: the first such line after which, up to the next, members stand at its indentation.
  const closing = lows.find((low, n) => {
    if (-low.depth < minCloses) return false;
    const after = lines.slice(low.index + 1, lows[n + 1]?.index ?? lines.length);
    const indent = leadingSpaceOf(lines[low.index] as string);
    // A nested type's `}` stands indented (a top-level one's at column 0 ends the file's class).
    // (Or nothing but a comment follows it: the hunk ends there.)
    const code = after.filter((l) => l.trim() !== "" && !/^\s*(\/\/|\/\*|\*)/.test(l));
    return (
      (minCloses === 1 || indent > 0) &&
      (javaMemberIndent(after) === indent || (orAtEnd && code.length === 0 && indent > 0))
    );
  });
  if (!closing) return null;
  const closes = -closing.depth;
  const prefix = [
    `class ${outerOf(lines.slice(closing.index + 1))} {`,
    `class ${typeName} {`,
    ...(closes >= 2 ? ["void __hintscope_tail__() {"] : []),
    ...Array.from({ length: Math.max(0, closes - 2) }, () => "{"),
  ];
  // What the hunk leaves open of the stand-ins (the enclosing class, unless a `}` at its level closes it).
  const open = prefix.length + lowest;
  return { prefix, suffix: open > 0 ? ["}".repeat(open)] : [], owner: null, dedent: false, settled: true };
}

/**
 * The type the header's method returns itself as (`public Builder defaultUseWrapper(…) {` … `return this;`
 * in the hunk's lines of it): a fluent builder's method; null otherwise (an anonymous class's `return this`
 * inside a test method names no type of the file).
 */
export function fluentType(context: string, lines: readonly string[]): string | null {
  const returnType = (line: string) =>
    /^\s*(?:@\w+\s+)*(?:(?:public|protected|private|static|final|synchronized)\s+)*([A-Z][\w$]*)(?:<[^>]*>)?\s+[\w$]+\s*\(/.exec(
      line,
    )?.[1] ?? null;
  const returnsThis = (from: number) => {
    for (const line of lines.slice(from)) {
      if (/\breturn\s+this\s*;/.test(line)) return true;
      if (returnType(line) !== null) return false;
    }
    return false;
  };
  const header = returnType(context);
  return header && returnsThis(0) ? header : null;
}

/**
 * The nested type whose members a hunk under a type's header shows two levels in (members at twice the step
 * from them to their bodies' statements): the type a method among them returns itself as (`public Builder
 * usingRandom(final IntUnaryOperator random) {` … `return this;`), where it is not the header's and the hunk
 * names it as a class (a `…Builder`, `new X(`, `class X`, `X(` a constructor): an interface a method returns
 * `this` as (`public Appendable append(char c)`) is none; else null.
 */
export function nestedFluentType(lines: readonly string[], typeName: string): string | null {
  for (const [index, line] of lines.entries()) {
    const declared =
      /^(\s*)(?:(?:public|protected|private|static|final|synchronized)\s+)*([A-Z][\w$]*)(?:<[^>]*>)?\s+[\w$]+\s*\([^;]*$/.exec(
        line,
      );
    const member = declared?.[1]?.length ?? 0;
    if (!declared || member === 0 || declared[2] === typeName) continue;
    // (Not where the hunk shows the type's own header, nor where a member stands shallower before it: the
    // hunk's lines then say whose each is.)
    const type = declared[2] as string;
    if (lines.some((l) => new RegExp(`\\b(class|interface|enum|record)\\s+${type}\\b`).test(l))) return null;
    if (lines.slice(0, index).some((l) => JAVA_MEMBER_LINES.declaresMember(l) && leadingSpaceOf(l) < member)) continue;
    const body = lines.slice(index + 1).findIndex((l) => /^\s*\}/.test(l) && /^[ \t]*/.exec(l)?.[0].length === member);
    const bodyLines = lines.slice(index + 1, body < 0 ? lines.length : index + 1 + body);
    // (`return this;`, or, for a `…Builder`, a call of its own setter: `return setEncodeTable(decodeTable(useHex));`.)
    const returns =
      bodyLines.find((l) => /^\s*return\s+this\s*;/.test(l)) ??
      (/Builder$/.test(type) ? bodyLines.find((l) => /^\s*return\s+(?!new\b)[a-z][\w$]*\s*\(/.test(l)) : undefined);
    const step: number = returns ? leadingSpaceOf(returns) - member : 0;
    // (A `new Sink() {` names an anonymous class, whose overrides return `this` as the interface.)
    const namedAsClass =
      /Builder$/.test(type) ||
      lines.some((l) => new RegExp(`^\\s*(public|protected|private)?\\s*${type}\\s*\\(`).test(l));
    if (returns && step > 0 && member === 2 * step && namedAsClass) return type;
  }
  return null;
}

/** How many blocks a hunk's lines close before its first member declaration (a method's tail above it). */
export function closedBeforeMembers(lines: readonly string[]): number {
  let depth = 0;
  let lowest = 0;
  for (const line of lines) {
    if (/^\s*(?:@\w+\s+)*(?:(?:public|protected|private|static|final|abstract)\s+)+[\w$<>[\], ]+\(/.test(line)) break;
    for (const ch of codeOf(line)) {
      if (ch === "{") depth++;
      else if (ch === "}") lowest = Math.min(lowest, --depth);
    }
  }
  return -lowest;
}
