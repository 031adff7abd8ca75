import { extractCFamily } from "../c/extract";
import { CPP_CLASS_TAIL, cFamilyHunks } from "../c/hunks";
import { C_STRINGS } from "../c/index";
import { withoutMacros } from "../c/macro-lines";
import type { LanguageModule } from "../language";

/** C++: C's reading (one extractor for both), with classes, namespaces and overloads. */
export const cpp: LanguageModule = {
  name: "cpp",
  aliases: ["c++"],
  extensions: ["cc", "cpp", "hpp", "hh", "hxx", "cxx", "ipp"],
  grammars: [{ name: "cpp", wasm: "tree-sitter-cpp/tree-sitter-cpp.wasm" }],
  sourceText: withoutMacros,
  extract: extractCFamily,
  overloads: true,
  stringTypes: C_STRINGS,
  memberSeparator: "::",
  hunks: cFamilyHunks({ record: (keyword) => keyword, namespaces: true, classTail: CPP_CLASS_TAIL }),
  // (A test source's names reach code only through an `#include` of it, which code never writes: a test's
  // `using subtype_type = …` is not what the class's own `subtype_type` means.)
  uses: {
    fileScopedNames: true,
    declarationHeader: (path) => /\.(h|hh|hpp|hxx|ipp)$/.test(path),
    // (A namespace's type or function is named bare inside it, or after `using namespace`.)
    namespaceOwnsTypes: true,
    includePaths: true,
    enumsQualifyConstants: true,
    enumConstantsUnscoped: true,
  },
};
