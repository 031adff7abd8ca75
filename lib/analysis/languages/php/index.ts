import { UNKNOWN_OWNER } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { braceTailOpeners, headerNames, isMethodHeader, NO_WRAP } from "../wrapping";
import { extractPhp } from "./extract";

function phpWrap({ context, indented }: WrapRequest): Wrapper {
  if (!indented) return NO_WRAP;
  const { inFunction } = headerNames(context);
  const phpType = /\b(class|interface|trait|enum)\s+(\w+)/.exec(context);
  if (phpType && !inFunction)
    return { prefix: [`${phpType[1]} ${phpType[2]} {`], suffix: ["}"], owner: null, dedent: false };
  if (inFunction && isMethodHeader(context))
    return {
      prefix: [`class ${UNKNOWN_OWNER} {`, "function __hintscope__() {"],
      suffix: ["}", "}"],
      owner: null,
      dedent: false,
    };
  return inFunction ? { prefix: ["function __hintscope__() {"], suffix: ["}"], owner: null, dedent: false } : NO_WRAP;
}

export const php: LanguageModule = {
  name: "php",
  extensions: ["php"],
  // PHP without the `<?php` tag: hunks rarely show it.
  grammars: [{ name: "php", wasm: "tree-sitter-php/tree-sitter-php_only.wasm" }],
  extract: extractPhp,
  overloads: false,
  stringTypes: ["string", "encapsed_string"],
  memberSeparator: "::",
  hunks: {
    wrap: phpWrap,
    tailOpeners: (wrapper, closed) =>
      braceTailOpeners(wrapper, closed, {
        classTail: `class ${UNKNOWN_OWNER} { function __hintscope_tail__() {`,
        first: ({ inClass, atTop }) => (inClass || atTop ? "function __hintscope_tail__() {" : "{"),
      }),
    blockComments: true,
  },
};
