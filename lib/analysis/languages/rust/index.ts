import { closersOfOpenBrackets } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { braceTailOpeners, headerLevelBodyEnd, headerNames, NO_WRAP } from "../wrapping";
import { extractRust } from "./extract";

/** The type an `impl` header implements for (`impl<T> Trait for Store<T> {` → Store), or undefined. */
const implTypeOf = (context: string) =>
  /\bimpl\b(?:\s*<[^>]*>)?\s+(?:[\w:<>, &']+\s+for\s+)?&?(?:[\w]+::)*(\w+)/.exec(context)?.[1];

/** The `impl` a header opens, reopened with a method in it (see tailOpeners), or undefined. */
function tailContainer(context: string): string | undefined {
  const implType = implTypeOf(context);
  return implType ? `impl ${implType} { fn __hintscope_tail__() {` : undefined;
}

function rustWrap({ context, indented }: WrapRequest): Wrapper {
  if (!indented) return NO_WRAP;
  // `impl<T> Trait for Store<T> {` → the methods are Store's; `trait T {`, `mod m {` likewise.
  const implType = implTypeOf(context);
  if (implType) return { prefix: [`impl ${implType} {`], suffix: ["}"], owner: null, dedent: false };
  const item = /\b(trait|struct|enum|mod|union)\s+(\w+)/.exec(context);
  if (item) return { prefix: [`${item[1]} ${item[2]} {`], suffix: ["}"], owner: null, dedent: false };
  return /\bfn\s/.test(context) || headerNames(context).inFunction
    ? { prefix: ["fn __hintscope__() {"], suffix: ["}"], owner: null, dedent: false }
    : NO_WRAP;
}

export const rust: LanguageModule = {
  name: "rust",
  extensions: ["rs"],
  grammars: [{ name: "rust", wasm: "tree-sitter-rust/tree-sitter-rust.wasm" }],
  extract: extractRust,
  overloads: false,
  stringTypes: ["string_literal", "raw_string_literal"],
  memberSeparator: "::",
  hunks: {
    wrap: rustWrap,
    tailOpeners: (wrapper, closed, context) =>
      braceTailOpeners(wrapper, closed, {
        // A hunk under an `impl` header that closes it at column 0 (a method's tail, new methods, the `impl`'s
        // `}`): reopened as that `impl` and a method in it, so the new methods are the type's.
        classTail: tailContainer(context),
        first: ({ atTop, inClass }) =>
          atTop || inClass || wrapper.prefix[0]?.startsWith("impl") || wrapper.prefix[0]?.startsWith("trait")
            ? "fn __hintscope_tail__() {"
            : "{",
      }),
    blockComments: true,
    endOfContextBody: headerLevelBodyEnd,
    // A function whose body runs past the hunk's end (`pub fn list_themes(cfg: &Config, config_dir: &Path) {`
    // and a few lines) is closed, so that it parses as the function it is. A lifetime (`&'a str`) is no
    // character literal.
    closeOpenBlocks: (suffix, lines) => {
      const open = closersOfOpenBrackets(lines.map((line) => line.replace(/'[A-Za-z_]\w*\b(?!')/g, "")));
      return open !== "" ? [open, ...suffix] : [...suffix];
    },
  },
};
