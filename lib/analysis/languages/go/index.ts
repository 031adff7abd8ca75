import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { braceTailOpeners, headerNames, NO_WRAP } from "../wrapping";
import { extractGo } from "./extract";

const GROUP = /^\s*(var|const)\s*\(\s*$/;

function goWrap({ context, indented }: WrapRequest): Wrapper {
  if (!indented) return NO_WRAP;
  const { goType, inFunction } = headerNames(context);
  if (goType) return { prefix: [`type ${goType} struct {`], suffix: ["}"], owner: null, dedent: false };
  // Inside a `var (` or `const (` block: its entries are package-level names, not a function's locals.
  const group = GROUP.exec(context)?.[1];
  if (group) return { prefix: [`${group} (`], suffix: [")"], owner: null, dedent: false };
  return inFunction ? { prefix: ["func __hintscope__() {"], suffix: ["}"], owner: null, dedent: false } : NO_WRAP;
}

export const go: LanguageModule = {
  name: "go",
  aliases: ["golang"],
  extensions: ["go"],
  grammars: [{ name: "go", wasm: "tree-sitter-go/tree-sitter-go.wasm" }],
  extract: extractGo,
  overloads: false,
  stringTypes: ["interpreted_string_literal", "raw_string_literal"],
  memberSeparator: ".",
  dictatedNames: ["String", "Error"],
  hunks: {
    contextFunction: (text) => {
      const match = /^func\s+(?:\(\s*(?:\w+\s+)?\*?(\w+)(?:\[[^\]]*\])?\s*\)\s*)?(\w+)\s*[[(]/.exec(text);
      return match?.[2] ? { name: match[2], owner: match[1] ?? null } : null;
    },
    wrap: goWrap,
    // A hunk that starts inside `type X struct {` (the header says so) and runs past its `}`: the lines
    // before it are the struct's fields, not statements of a stand-in function.
    tailOpeners: (wrapper, closed, context) => {
      const goStruct = /^\s*type\s+(\w+)\s+struct\b/.exec(context)?.[1] ?? null;
      return braceTailOpeners(wrapper, closed, {
        first: ({ atTop }) => (atTop ? (goStruct ? `type ${goStruct} struct {` : "func __hintscope_tail__() {") : "{"),
      });
    },
    blockComments: true,
    // A hunk that starts inside `var (` / `const (` and runs past its `)`: reopen the group above it.
    reopen: (wrapper, context, lines) => {
      const group = GROUP.exec(context)?.[1];
      return group && wrapper.prefix.length === 0 && lines.some((line) => /^\)/.test(line))
        ? { ...wrapper, prefix: [`${group} (`] }
        : wrapper;
    },
  },
  uses: {
    importOmitsExtension: true,
    packageIsFolder: true,
    qualifierNeverClass: true,
    noKeywordArguments: true,
    // `_test.go` files belong to the tests: a package import from code never loads them.
    testOnlyFile: (path) => path.endsWith("_test.go"),
  },
};
