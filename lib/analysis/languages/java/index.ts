import { closersOfOpenBrackets, codeOf, leadingSpaceOf, UNKNOWN_OWNER } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { fileClass, wrapUnderMethod } from "../member-hunks";
import { braceTailOpeners, headerNames, NO_WRAP } from "../wrapping";
import { extractJava } from "./extract";
import { JAVA_MEMBER_LINES, JavaClassTracker, javaMemberIndent, javaUnderHeaderMethod } from "./hunks";

/** The modifiers only a member type can have. */
const NESTED_MODIFIER = /\b(private|protected|static)\s/;

/** The name of a Java file's top-level type: the file's. */
const javaFileName = (path: string) =>
  path
    .split("/")
    .pop()
    ?.replace(/\.java$/, "");

function javaWrap({ context, indented, lines, hunkLines, path, carriedClass }: WrapRequest): Wrapper {
  if (!indented) return NO_WRAP;
  // A class whose header the hunk does not show, its members one level in, is the file's own class.
  const javaFileClass = (shown: readonly string[]) => fileClass(path, "java", shown, JAVA_MEMBER_LINES, UNKNOWN_OWNER);
  const { typeName, enumName, inFunction } = headerNames(context);
  // A hunk whose first lines go on with the header's type declaration (`public final class Instant` then
  // `extends AbstractInstant` / `implements ReadableInstant, Serializable {`): the header opens the type, they end it.
  const declared = declarationGoesOn(context, lines);
  if (declared) return { prefix: [declared], suffix: ["}"], owner: null, dedent: false };
  // Enum constants only parse in an enum: `A(false),` is no class member. A hunk past the constants
  // (the first line is no constant) starts after the `;` that ends them.
  if (enumName && !inFunction) {
    const code = (l: string) => l.trim() !== "" && !/^\s*(\/\/|\*|\/\*)/.test(l);
    // Lines that only close blocks (`}`, `},`) end a constant's body the hunk starts inside: a `},` among
    // them says more constants follow.
    const closers = (l: string) => /^\s*[})\]]+\s*[,;]?\s*$/.test(l);
    const firstIndex = lines.findIndex((l) => code(l) && !closers(l));
    const first = firstIndex < 0 ? "" : (lines[firstIndex] ?? "");
    const closedConstant = lines
      .slice(0, firstIndex < 0 ? lines.length : firstIndex)
      .some((l) => /^\s*\}\s*,\s*$/.test(l));
    const constants = closedConstant || /^\s*[A-Z][A-Z0-9_]*\s*(\(|,|;|\{|$)/.test(first);
    return { prefix: [`enum ${enumName} {${constants ? "" : " ;"}`], suffix: ["}"], owner: null, dedent: false };
  }
  // A nested type declared whole on the header's line (`static class NotMockable {}`): the hunk's lines are
  // its siblings, members of the class around it (the file's own, where they stand one level in).
  if (typeName && !inFunction && /\{\s*\}\s*$/.test(context) && /\b(private|protected|static)\s/.test(context))
    return { prefix: [`class ${javaFileClass(lines)} {`], suffix: ["}"], owner: null, dedent: false };
  // (A type named otherwise than the file is nested too: a Java file's top-level class is its name's.)
  const fileName = javaFileName(path);
  const nestedHeader = NESTED_MODIFIER.test(context) || (fileName !== undefined && typeName !== fileName);
  if (typeName && !inFunction && nestedHeader) {
    const nested = nestedTypeTail(lines, typeName, javaFileClass);
    if (nested) return nested;
  }
  // A method of a nested builder (`public Builder defaultUseWrapper(boolean state) {` … `return this;`) whose
  // hunk goes on past the nested type's `}`: its members are the builder's, those after it the file class's.
  const builder = inFunction ? fluentType(context, lines) : null;
  const nestedBuilder = builder ? nestedTypeTail(lines, builder, javaFileClass, 2) : null;
  if (nestedBuilder) return nestedBuilder;
  // Under the file class's header, members two levels in that a fluent method among them names
  // (`public Builder usingRandom(…) {` … `return this;`): a nested builder's.
  // (Read over both images: the context's members are the builder's before and after.)
  const nestedFluent = typeName && !inFunction ? nestedFluentType(hunkLines ?? lines, typeName) : null;
  // (A hunk that goes on past the builder's `}` holds the file class's members after it.)
  if (nestedFluent)
    return (
      nestedTypeTail(lines, nestedFluent, () => typeName as string, 1 + closedBeforeMembers(lines), true) ?? {
        prefix: [`class ${typeName} {`, `class ${nestedFluent} {`],
        suffix: ["}}"],
        owner: null,
        dedent: false,
      }
    );
  // Under a top-level class's header, members two levels in (`public int getIbanLength() {` eight columns in under
  // `public class IBANValidator {`) are a nested type's the hunk does not show: whose, the uses may tell.
  if (typeName && !inFunction && !nestedHeader && !carriedClass && inUnshownNestedType(hunkLines ?? lines))
    return { prefix: [`class ${UNKNOWN_OWNER} {`], suffix: ["}"], owner: null, dedent: false };
  return inFunction
    ? wrapUnderMethod(lines, JAVA_MEMBER_LINES, {
        // (A nested type an earlier hunk showed this method in: see JavaClassTracker.)
        classOf: carriedClass ? () => carriedClass : javaFileClass,
        unknownOwner: UNKNOWN_OWNER,
        method: "void __hintscope__() {",
      })
    : { prefix: [`class ${typeName ?? javaFileClass(lines)} {`], suffix: ["}"], owner: null, dedent: false };
}

/** The type git's header declares (`class Instant`, `interface Sink<T>`) where the hunk's first code line goes on with that declaration. */
function declarationGoesOn(context: string, lines: readonly string[]): string | undefined {
  const first = lines.find((l) => l.trim() !== "" && !/^\s*(\/\/|\*|\/\*)/.test(l));
  if (!first || !/^\s*(extends|implements|permits)\b/.test(first)) return undefined;
  return /\b(class|interface|enum)\s+\w+(<.*>)?\s*$/.exec(context)?.[0].trim();
}

/** A line's indentation in columns, a tab as four. */
const columnsOf = (line: string) => (/^[ \t]*/.exec(line)?.[0] ?? "").replace(/\t/g, "    ").length;

/**
 * Whether a hunk under the file class's header (at column 0, git's driver dropping nothing there) holds members two
 * levels in or deeper and none one level in: every code line at eight columns or more, a member declared at the
 * least of them.
 */
function inUnshownNestedType(lines: readonly string[]): boolean {
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
function nestedTypeTail(
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
function fluentType(context: string, lines: readonly string[]): string | null {
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
function nestedFluentType(lines: readonly string[], typeName: string): string | null {
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
function closedBeforeMembers(lines: readonly string[]): number {
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

/**
 * In an enum's constants (its prefix without the `;` that ends them), blocks a hunk closes before it opens
 * any are a constant's body (`A { … },`) and, inside it, a method's: opened as a stand-in constant with a
 * body and a method in it (neither is a hunk row, so neither is a definition).
 */
function enumConstantTail(wrapper: Wrapper, count: number): string[] | null {
  if (count <= 0 || wrapper.prefix.length !== 1 || !/^enum \S+ \{$/.test(wrapper.prefix[0] ?? "")) return null;
  return [
    "__HINTSCOPE_TAIL__ {",
    ...(count >= 2 ? ["void __hintscope_tail__() {"] : []),
    ...Array.from({ length: count - 2 }, () => "{"),
  ];
}

export const java: LanguageModule = {
  name: "java",
  extensions: ["java"],
  grammars: [{ name: "java", wasm: "tree-sitter-java/tree-sitter-java.wasm" }],
  extract: extractJava,
  overloads: true,
  stringTypes: ["string_literal", "text_block"],
  memberSeparator: ".",
  dictatedNames: ["toString", "equals", "hashCode", "compareTo", "clone", "finalize", "iterator", "close"],
  hunks: {
    membersInTypeBody: true,
    wrap: javaWrap,
    topLevelTypeHeader: (context, path) => {
      const { typeName } = headerNames(context);
      return typeName !== null && !NESTED_MODIFIER.test(context) && typeName === javaFileName(path);
    },
    tailOpeners: (wrapper, closed) =>
      enumConstantTail(wrapper, closed.count) ??
      braceTailOpeners(wrapper, closed, {
        classTail: `class ${UNKNOWN_OWNER} { void __hintscope_tail__() {`,
        first: ({ inClass, atTop }) =>
          inClass
            ? "void __hintscope_tail__() {"
            : atTop
              ? `class ${UNKNOWN_OWNER} { void __hintscope_tail__() {`
              : "{",
      }),
    blockComments: true,
    // A body the hunk's end cuts off is closed, so what it holds still parses as that body.
    closeOpenBlocks: (suffix, lines) => {
      const open = closersOfOpenBrackets(lines);
      return open !== "" ? [open, ...suffix] : [...suffix];
    },
    // The named method ends at the `}` at its class's member level (git's java driver drops the header's
    // indentation, so a `}` of the method and one of a block inside it look alike otherwise).
    // A type's header (`public class MockUtil {`): its members are the hunk's lines, and its own `}` ends it
    // (counted by braces).
    endOfContextBody: (context, lines) => {
      if (/^[\w\s]*\b(class|interface|enum|record)\s+\w+[^(]*$/.test(context.trim())) return undefined;
      const under = javaUnderHeaderMethod(lines);
      return under ? (under.end ?? lines.length) : undefined;
    },
    classTracker: (path) => new JavaClassTracker(path),
  },
  uses: {
    fixedArity: true,
    importOmitsExtension: true,
    callsNeverReachFields: true,
    literalMembersAreBuiltin: true,
    testedClassOf: (path) => {
      const named = /(?:^|\/)(?:Test([A-Z]\w*)|([A-Z]\w*?)Tests?)\.java$/.exec(path);
      return named?.[1] ?? named?.[2] ?? null;
    },
  },
};
