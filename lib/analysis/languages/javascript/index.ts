import type { LanguageModule, UseRules } from "../language";
import { extractJavaScript } from "./extract";
import { javaScriptHunks } from "./hunks";

/** String literal node types of the JavaScript and TypeScript grammars. */
export const JAVASCRIPT_STRINGS = ["string", "template_string"] as const;

/** Members Object.prototype and JSON dictate: an override's name no author chose (`arr.toString = function () {…}`). */
export const JAVASCRIPT_DICTATED = ["valueOf", "toJSON", "toString", "toLocaleString"];

/** How JavaScript's and TypeScript's uses reach definitions (see UseRules). */
export const JAVASCRIPT_USES: UseRules = {
  calledProtocols: ["toJSON", "valueOf"],
  importOmitsExtension: true,
  fileScopedNames: true,
  testModulesUnloaded: true,
  namespaceOwnsTypes: true,
  literalMembersAreBuiltin: true,
  defaultsOnFunctions: true,
};

export const javascript: LanguageModule = {
  name: "javascript",
  aliases: ["js"],
  extensions: ["js", "jsx", "mjs", "cjs"],
  grammars: [{ name: "javascript", wasm: "tree-sitter-javascript/tree-sitter-javascript.wasm" }],
  extract: extractJavaScript,
  overloads: false,
  stringTypes: JAVASCRIPT_STRINGS,
  memberSeparator: ".",
  dictatedNames: JAVASCRIPT_DICTATED,
  hunks: javaScriptHunks,
  uses: JAVASCRIPT_USES,
};
