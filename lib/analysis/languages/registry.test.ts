// The modules answer what the one extension table answered before them (2a84867's infer-language.ts and
// grammars.ts), for every caller of languageOfPath, inferLanguage, normaliseLanguage and grammarOfPath.
import { expect, test } from "vitest";
import { grammarOfPath } from "../grammars";
import { inferLanguage, languageOfPath, normaliseLanguage } from "./infer-language";
import { moduleOfGrammar } from "./lookup";
import { LANGUAGES } from "./registry";

const BEFORE: Record<string, string> = {
  py: "python",
  pyi: "python",
  java: "java",
  go: "go",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  rs: "rust",
  c: "c",
  h: "c",
  cc: "cpp",
  cpp: "cpp",
  hpp: "cpp",
  hh: "cpp",
  hxx: "cpp",
  cxx: "cpp",
  ipp: "cpp",
  php: "php",
  rb: "ruby",
  rake: "ruby",
  gemspec: "ruby",
  kt: "kotlin",
  scala: "scala",
  cs: "csharp",
  swift: "swift",
};

test("languageOfPath: every extension of the old table, upper case too, and Ruby's file names", () => {
  for (const [extension, language] of Object.entries(BEFORE)) {
    expect(languageOfPath(`src/a/file.${extension}`)).toBe(language);
    expect(languageOfPath(`file.${extension.toUpperCase()}`)).toBe(language);
  }
  expect(languageOfPath("Rakefile")).toBe("ruby");
  expect(languageOfPath("sub/Gemfile")).toBe("ruby");
  expect(languageOfPath("README.md")).toBeNull();
  expect(languageOfPath("Makefile")).toBeNull();
  expect(languageOfPath("a.constructor")).toBeNull();
});

test("grammarOfPath: TSX its own grammar, a .h header C++'s, unparsed languages none", () => {
  expect(grammarOfPath("a/App.tsx")).toBe("tsx");
  expect(grammarOfPath("a/app.ts")).toBe("typescript");
  expect(grammarOfPath("include/fmt/core.h")).toBe("cpp");
  expect(grammarOfPath("src/x.c")).toBe("c");
  expect(grammarOfPath("lib/a.rb")).toBe("ruby");
  expect(grammarOfPath("app/Main.kt")).toBeNull();
  expect(grammarOfPath("notes.txt")).toBeNull();
  // Every grammar a path can be given belongs to a module (the shared code asks it by that name).
  for (const module of LANGUAGES)
    for (const grammar of module.grammars) expect(moduleOfGrammar(grammar.name)).toBe(module);
  expect(() => moduleOfGrammar("cobol")).toThrow(/no language module reads the grammar "cobol"/);
});

test("inferLanguage and normaliseLanguage as datasets use them", () => {
  const patch = [
    "diff --git a/src/a.py b/src/a.py",
    "diff --git a/src/b.py b/src/b.py",
    "diff --git a/web/c.ts b/web/c.ts",
    "diff --git a/README.md b/README.md",
  ].join("\n");
  expect(inferLanguage(patch)).toBe("python");
  expect(inferLanguage("diff --git a/README.md b/README.md")).toBeNull();
  for (const [spelling, name] of [
    ["js", "javascript"],
    ["TS", "typescript"],
    [" Python ", "python"],
    ["golang", "go"],
    ["C++", "cpp"],
    ["c#", "csharp"],
    ["Kotlin", "kotlin"],
  ])
    expect(normaliseLanguage(spelling as string)).toBe(name);
});
