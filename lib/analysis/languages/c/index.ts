import type { LanguageModule } from "../language";
import { extractCFamily } from "./extract";
import { cFamilyHunks } from "./hunks";
import { withoutMacros } from "./macro-lines";

/** String literal node types of the C and C++ grammars. */
export const C_STRINGS = ["concatenated_string", "string_literal", "raw_string_literal"] as const;

export const c: LanguageModule = {
  name: "c",
  // (Mbed TLS's test suites, `tests/suites/test_suite_ssl.function`, are C functions between `/* BEGIN_CASE */` marks.)
  extensions: ["c", "h", "function"],
  grammars: [{ name: "c", wasm: "tree-sitter-c/tree-sitter-c.wasm" }],
  // A `.h` header may be C or C++ (fmt, nlohmann/json write C++ in .h): C++'s grammar reads both.
  grammarOf: (path) => (path.toLowerCase().endsWith(".h") ? "cpp" : "c"),
  sourceText: withoutMacros,
  extract: extractCFamily,
  overloads: false,
  stringTypes: C_STRINGS,
  memberSeparator: "::",
  hunks: cFamilyHunks({ record: (keyword) => (keyword === "class" ? "struct" : keyword), namespaces: false }),
  // (A `.h` declares what a `.c`, or a `.cpp` where it is C++'s, defines: see out-of-line.ts.)
  uses: { includePaths: true, declarationHeader: (path) => /\.h$/i.test(path), enumConstantsUnscoped: true },
};
