import { closersOfOpenBrackets, UNKNOWN_OWNER } from "../hunk-lines";
import type { HunkRules, Wrapper, WrapRequest } from "../language";
import { braceTailOpeners, headerNames, isMethodHeader, looksLikeStatements, NO_WRAP } from "../wrapping";

function javaScriptWrap({ context, indented, lines }: WrapRequest): Wrapper {
  if (!indented) return NO_WRAP;
  const { typeName, enumName, inFunction } = headerNames(context);
  if (enumName && !inFunction) return { prefix: [`enum ${enumName} {`], suffix: ["}"], owner: null, dedent: false };
  // Under a class's header, lines that are statements (`const x =`, `return`, `this.y = …`, `total += 1`) are
  // a method's body the hunk is cut from, not the class's members: a stand-in method holds them.
  if (typeName && looksLikeStatements(lines))
    return {
      prefix: [`class ${typeName} {`, "__hintscope__() {"],
      suffix: ["}", "}"],
      owner: null,
      dedent: false,
    };
  if (typeName) return { prefix: [`class ${typeName} {`], suffix: ["}"], owner: null, dedent: false };
  // A method's header (indented, `name(`): the hunk may run past the method into its class's members, so
  // the stand-in is a method in a class, not a lone function.
  if (inFunction && isMethodHeader(context))
    return {
      prefix: [`class ${UNKNOWN_OWNER} {`, "__hintscope__() {"],
      suffix: ["}", "}"],
      owner: null,
      dedent: false,
    };
  return inFunction ? { prefix: ["function __hintscope__() {"], suffix: ["}"], owner: null, dedent: false } : NO_WRAP;
}

/** JavaScript's and TypeScript's hunks (TypeScript's module shares them). */
export const javaScriptHunks: HunkRules = {
  wrap: javaScriptWrap,
  tailOpeners: (wrapper, closed) =>
    braceTailOpeners(wrapper, closed, {
      classTail: `class ${UNKNOWN_OWNER} { __hintscope_tail__() {`,
      first: ({ inClass, atTop }) =>
        inClass ? "__hintscope_tail__() {" : atTop ? "function __hintscope_tail__() {" : "{",
    }),
  blockComments: true,
  // A function (an arrow component, a `describe` callback) whose body runs past the hunk's end is closed,
  // so that it still parses as a function and its `const`s stay its locals.
  closeOpenBlocks: (suffix, lines) => {
    const open = closersOfOpenBrackets(lines);
    return open !== "" ? [open, ...suffix] : [...suffix];
  },
};
