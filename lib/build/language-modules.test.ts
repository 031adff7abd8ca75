// A language is one module (lib/analysis/languages/<name>/) and one registry line: the shared analysis
// never tests a language's name or extension itself (issue 45 item 5).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { LANGUAGES } from "../analysis/languages/registry";
import { makeTempDir } from "../testing/fixtures";
import { languageNameTests } from "./language-modules";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

// The registry's names, aliases and grammars, and the languages known by extension that no module reads yet.
const WORDS = {
  modules: LANGUAGES.flatMap((m) => [m.name, ...(m.aliases ?? []), ...m.grammars.map((g) => g.name)]),
  unparsed: ["kotlin", "csharp", "c#", "scala", "swift"],
  extensions: [...LANGUAGES.flatMap((m) => m.extensions), "kt", "cs", "scala", "swift"],
};

test("the registry lists ten languages, each once, by name, extensions and grammars", () => {
  expect(LANGUAGES.length).toBeGreaterThanOrEqual(10);
  const names = LANGUAGES.map((m) => m.name);
  expect(new Set(names).size).toBe(names.length);
  const extensions = LANGUAGES.flatMap((m) => m.extensions);
  expect(new Set(extensions).size).toBe(extensions.length);
  const grammars = LANGUAGES.flatMap((m) => m.grammars.map((g) => g.name));
  expect(new Set(grammars).size).toBe(grammars.length);
});

test("no shared analysis file tests a language's name or extension: it asks the language's module", () => {
  expect(languageNameTests(ROOT, WORDS)).toEqual([]);
});

test("the rule finds each kind of test of a name in a shared file, and none in a language's own folder (a made tree)", () => {
  const tmp = makeTempDir("hintscope-language-modules-");
  try {
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(tmp.dir, file)), { recursive: true });
      writeFileSync(path.join(tmp.dir, file), text);
    };
    write(
      "lib/analysis/shared.ts",
      [
        'export const a = (language: string) => language === "python";',
        'export const b = (language: string) => "go" !== language;',
        "export function c(language: string) {",
        "  switch (language) {",
        '    case "rust":',
        "      return 1;",
        "  }",
        '  return ["cpp", "c"].length;',
        "}",
        'export const d = (path: string) => path.endsWith("_test.go");',
        'export const e = (names: Set<string>) => names.has("ruby");',
        '// language === "java" in a comment is no test',
        'export const f = (kind: string) => kind === "function";',
        "const STRINGS = {",
        '  python: ["string"],',
        '  other: ["swift"],',
        "};",
      ].join("\n"),
    );
    write("lib/analysis/languages/helpers.ts", 'export const g = (language: string) => language === "php";\n');
    write("lib/analysis/languages/go/index.ts", 'export const h = (path: string) => path.endsWith("_test.go");\n');
    write("lib/analysis/shared.test.ts", 'export const i = (language: string) => language === "java";\n');
    expect(languageNameTests(tmp.dir, WORDS)).toEqual([
      'lib/analysis/languages/helpers.ts:1: export const g = (language: string) => language === "php";',
      'lib/analysis/shared.ts:1: export const a = (language: string) => language === "python";',
      'lib/analysis/shared.ts:2: export const b = (language: string) => "go" !== language;',
      'lib/analysis/shared.ts:5: case "rust":',
      'lib/analysis/shared.ts:8: return ["cpp", "c"].length;',
      'lib/analysis/shared.ts:10: export const d = (path: string) => path.endsWith("_test.go");',
      'lib/analysis/shared.ts:11: export const e = (names: Set<string>) => names.has("ruby");',
      'lib/analysis/shared.ts:15: python: ["string"],',
    ]);
  } finally {
    tmp.cleanup();
  }
});
