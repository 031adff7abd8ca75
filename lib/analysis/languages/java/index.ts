import { indentOf, UNKNOWN_OWNER } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { braceTailOpeners, headerNames, NO_WRAP } from "../wrapping";
import { extractJava } from "./extract";
import { javaMemberIndent, javaUnderHeaderMethod } from "./hunks";

/**
 * Java: a hunk under a header that names a method (git's java driver prints it without its indentation). Its
 * lines at member level (declarations with modifiers or annotations) are the class's members; the `}` at
 * that level closes the named method, and only the lines above it are that method's body.
 */
function javaUnderMethod(lines: readonly string[], classOf: (shown: readonly string[]) => string): Wrapper {
  const under = javaUnderHeaderMethod(lines);
  const suffix = ["}".repeat((under?.openAtEnd ?? 0) + 1)];
  if (under?.end === 0)
    return { prefix: [`class ${classOf(lines)} {`], suffix, owner: null, dedent: false, settled: true };
  if (under && under.end !== null)
    return {
      prefix: [
        `class ${classOf(lines)} {`,
        "void __hintscope__() {",
        ...Array.from({ length: under.nested }, () => "{"),
      ],
      suffix,
      owner: null,
      dedent: false,
      settled: true,
    };
  return {
    prefix: [`class ${UNKNOWN_OWNER} {`, "void __hintscope__() {"],
    suffix: ["}", "}"],
    owner: null,
    dedent: false,
  };
}

function javaWrap({ context, indented, lines, path }: WrapRequest): Wrapper {
  if (!indented) return NO_WRAP;
  // A class whose header the hunk does not show, its members one level in, is the file's own class.
  const javaFileClass = (shown: readonly string[]) => {
    const own = /([A-Z][\w$]*)\.java$/.exec(path)?.[1];
    const member = javaMemberIndent(shown) ?? Math.min(...shown.map(indentOf));
    return own && (member === 4 || member === 2 || shown.some((l) => /^\t\S/.test(l) && indentOf(l) === member))
      ? own
      : UNKNOWN_OWNER;
  };
  const { typeName, enumName, inFunction } = headerNames(context);
  // Enum constants only parse in an enum: `A(false),` is no class member. A hunk past the constants
  // (the first line is no constant) starts after the `;` that ends them.
  if (enumName && !inFunction) {
    const first = lines.find((l) => l.trim() !== "" && !/^\s*(\/\/|\*|\/\*)/.test(l)) ?? "";
    const constants = /^\s*[A-Z][A-Z0-9_]*\s*(\(|,|;|\{|$)/.test(first);
    return { prefix: [`enum ${enumName} {${constants ? "" : " ;"}`], suffix: ["}"], owner: null, dedent: false };
  }
  return inFunction
    ? javaUnderMethod(lines, javaFileClass)
    : { prefix: [`class ${typeName ?? javaFileClass(lines)} {`], suffix: ["}"], owner: null, dedent: false };
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
    wrap: javaWrap,
    tailOpeners: (wrapper, closed) =>
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
    // The named method ends at the `}` at its class's member level (git's java driver drops the header's
    // indentation, so a `}` of the method and one of a block inside it look alike otherwise).
    endOfContextBody: (_context, lines) => {
      const under = javaUnderHeaderMethod(lines);
      return under ? (under.end ?? lines.length) : undefined;
    },
  },
  uses: { importOmitsExtension: true },
};
