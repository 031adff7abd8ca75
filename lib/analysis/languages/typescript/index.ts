import { extractJavaScript } from "../javascript/extract";
import { javaScriptHunks } from "../javascript/hunks";
import { JAVASCRIPT_DICTATED, JAVASCRIPT_STRINGS, JAVASCRIPT_USES } from "../javascript/index";
import type { LanguageModule } from "../language";

/** TypeScript: JavaScript's reading, with TSX's own grammar and overloads. */
export const typescript: LanguageModule = {
  name: "typescript",
  aliases: ["ts"],
  extensions: ["ts", "tsx", "mts", "cts"],
  grammars: [
    { name: "typescript", wasm: "tree-sitter-typescript/tree-sitter-typescript.wasm" },
    { name: "tsx", wasm: "tree-sitter-typescript/tree-sitter-tsx.wasm" },
  ],
  grammarOf: (path) => (path.toLowerCase().endsWith(".tsx") ? "tsx" : "typescript"),
  extract: extractJavaScript,
  overloads: true,
  stringTypes: JAVASCRIPT_STRINGS,
  memberSeparator: ".",
  dictatedNames: JAVASCRIPT_DICTATED,
  hunks: javaScriptHunks,
  uses: JAVASCRIPT_USES,
};
