import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { indentedBodyEnd, NO_WRAP } from "../wrapping";
import { extractRuby } from "./extract";

function rubyWrap({ context, indented }: WrapRequest): Wrapper {
  if (!indented) return NO_WRAP;
  const scopes = [...context.matchAll(/\b(class|module)\s+([A-Z][\w:]*)/g)];
  const last = scopes.at(-1);
  if (last) return { prefix: [`${last[1]} ${last[2]}`], suffix: ["end"], owner: null, dedent: false };
  return /\bdef\s/.test(context)
    ? { prefix: ["def __hintscope__"], suffix: ["end"], owner: null, dedent: false, inBody: true }
    : NO_WRAP;
}

export const ruby: LanguageModule = {
  name: "ruby",
  extensions: ["rb", "rake", "gemspec"],
  fileNames: ["Rakefile", "Gemfile"],
  grammars: [{ name: "ruby", wasm: "tree-sitter-ruby/tree-sitter-ruby.wasm" }],
  extract: extractRuby,
  overloads: false,
  stringTypes: ["string"],
  memberSeparator: ".",
  // Ruby's protocols
  dictatedNames: [
    "inspect",
    "to_s",
    "to_str",
    "to_h",
    "to_a",
    "to_ary",
    "to_json",
    "each",
    "hash",
    "eql?",
    "method_missing",
    "respond_to_missing?",
  ],
  hunks: { wrap: rubyWrap, blockComments: false, endOfContextBody: indentedBodyEnd },
};
