import { closersOfOpenBrackets, leadingSpaceOf, UNKNOWN_OWNER } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { fileClass, wrapUnderMethod } from "../member-hunks";
import { braceTailOpeners, headerNames, NO_WRAP } from "../wrapping";
import { extractJava } from "./extract";
import { JAVA_MEMBER_LINES, JavaClassTracker, javaUnderHeaderMethod } from "./hunks";
import {
  closedBeforeMembers,
  fluentType,
  inUnshownNestedType,
  membersAfterFirstClose,
  nestedFluentType,
  nestedTypeTail,
} from "./nested-types";

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
  // A module declaration's directives (`provides …ObjectMapperProvider with …DefaultObjectMapperProvider;`): no class's.
  if (/(^|\/)module-info\.java$/.test(path))
    return { prefix: ["module __hintscope__ {"], suffix: ["}"], owner: null, dedent: false };
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
  // Under a class's header, a hunk that starts in a method's parameter list (`Class<?>[] paramTypes,` / `Object[]
  // params` / `) {`, jinjava's formatting): those are the parameters of a method whose name is above the hunk, none
  // a field (`Object` was read as one); its body follows.
  if (typeName && !inFunction && startsInParameterList(lines))
    return {
      prefix: [`class ${typeName} {`, "void __hintscope_tail__("],
      suffix: ["}"],
      owner: null,
      dedent: false,
    };
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
  // Under a top-level class's header, a hunk that starts in a member of a nested type it does not show (sshj's
  // `this.code = code;` / `}` of StatusCode's constructor, then `public int getCode() {` at that `}`'s level, the
  // type's `}` and the class's own members): that nested type's, then the class's.
  if (typeName && !inFunction && !nestedHeader && !carriedClass && membersAfterFirstClose(lines))
    return (
      nestedTypeTail(lines, UNKNOWN_OWNER, () => typeName, 2) ?? {
        prefix: [`class ${typeName} {`],
        suffix: ["}"],
        owner: null,
        dedent: false,
      }
    );
  // Under a class's header, a hunk whose first line is a statement no class body holds (`config.copyStateTo(config2);`,
  // `try (`), all of it in that body, is in a method git's header did not name (HikariCP's, its `{` on the next line).
  return inFunction || (typeName && !carriedClass && withinOneBody(lines))
    ? wrapUnderMethod(lines, JAVA_MEMBER_LINES, {
        // (A nested type an earlier hunk showed this method in: see JavaClassTracker.)
        classOf: carriedClass ? () => carriedClass : javaFileClass,
        unknownOwner: UNKNOWN_OWNER,
        method: "void __hintscope__() {",
      })
    : { prefix: [`class ${typeName ?? javaFileClass(lines)} {`], suffix: ["}"], owner: null, dedent: false };
}

/** A parameter declaration on a line of its own: `final Map<String, List<T>> byKey,`, `@Nullable Object[] params`. */
const PARAMETER_LINE = /^\s*(final\s+)?(@[\w.]+(\([^)]*\))?\s+)*[\w.]+(<[^;=(){}]*>)?(\[\])*(\.\.\.)?\s+\w+\s*,?\s*$/;

/** Whether a hunk's first code lines are parameters up to the `) {` (or `) throws X {`) that opens a method's body. */
function startsInParameterList(lines: readonly string[]): boolean {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*(\/\/|\*|\/\*)/.test(l));
  const end = code.findIndex((l) => /^\s*\)\s*(throws\s+[\w.,\s]+)?\{\s*$/.test(l));
  return end > 0 && code.slice(0, end).every((l) => PARAMETER_LINE.test(l));
}

/**
 * Whether a hunk's lines are all one method's body: its first code line a statement (a call's,
 * `config.copyStateTo(config2);`, or a keyword's) and no line but a closer less indented than it.
 */
function withinOneBody(lines: readonly string[]): boolean {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*(\/\/|\*|\/\*|@)/.test(l));
  const first = code[0] ?? "";
  return (
    /^\s*([\w.]+\s*\(.*\)\s*;\s*$|(return|throw|try|if|for|while|switch|synchronized)\b)/.test(first) &&
    code.every((l) => leadingSpaceOf(l) >= leadingSpaceOf(first) || /^\s*[)}\]]/.test(l))
  );
}

/** The type git's header declares (`class Instant`, `interface Sink<T>`) where the hunk's first code line goes on with that declaration. */
function declarationGoesOn(context: string, lines: readonly string[]): string | undefined {
  const first = lines.find((l) => l.trim() !== "" && !/^\s*(\/\/|\*|\/\*)/.test(l));
  if (!first || !/^\s*(extends|implements|permits)\b/.test(first)) return undefined;
  return /\b(class|interface|enum)\s+\w+(<.*>)?\s*$/.exec(context)?.[0].trim();
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
      // (A call cut after an argument's comma, `registry.registerGauge(MetricRegistry.name(name, "pool.size"),`: Java
      // takes no trailing comma, and the method around it would not parse; a stand-in argument ends the list.)
      const last = lines.findLast((line) => line.trim() !== "" && !/^\s*(\/\/|\*|\/\*)/.test(line)) ?? "";
      const argument = open.startsWith(")") && /,\s*$/.test(last) ? "null" : "";
      return open !== "" ? [argument + open, ...suffix] : [...suffix];
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
