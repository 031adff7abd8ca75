// Files regenerated from a grammar the same patch changes (bison's parser.h beside parser.y, flex's lexer.h
// beside lexer.l) are the tool's, not the author's: the oracle bench's C rows were 198 of their 229
// disagreements (jq 2681, 2598, 2650). Fixture: jq 2681's gold patch cut to four of its files (provenance in
// lib/testing/real-data/README.md, "hunks/").
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance } from "./analyze-instance";
import { generatedFromGrammar } from "./generated-files";

const diff = readFileSync(path.join(REAL_DATA, "hunks", "jq-2681-grammar-code.diff"), "utf8");
/** One file's section of the diff. */
const section = (file: string) => {
  const start = diff.indexOf(`diff --git a/${file} `);
  const end = diff.indexOf("\ndiff --git", start + 1);
  return end < 0 ? diff.slice(start) : diff.slice(start, end + 1);
};

describe("generatedFromGrammar", () => {
  test("bison's and flex's outputs beside their grammar, in C and C++ spellings and bison's .tab", () => {
    expect(
      [
        ...generatedFromGrammar([
          "src/parser.y",
          "src/parser.c",
          "src/parser.h",
          "src/lexer.l",
          "src/lexer.c",
          "gram/calc.yy",
          "gram/calc.tab.cc",
          "gram/calc.tab.hh",
        ]),
      ].sort(),
    ).toEqual(["gram/calc.tab.cc", "gram/calc.tab.hh", "src/lexer.c", "src/parser.c", "src/parser.h"]);
  });

  test("an output whose grammar the patch leaves alone, or a namesake in another folder, is the author's", () => {
    expect([...generatedFromGrammar(["src/parser.c", "src/parser.h"])]).toEqual([]);
    expect([...generatedFromGrammar(["src/parser.y", "lib/parser.c", "src/parser.py"])]).toEqual([]);
  });
});

describe("jq 2681: a new token in parser.y and lexer.l, with bison's and flex's headers regenerated", () => {
  test("the regenerated headers are left unread and say so; nothing of them is named", async () => {
    const analysis = await analyzeInstance({ instanceId: "jq-2681", goldPatch: diff, testPatch: "" });
    expect(analysis.generatedFiles).toEqual(["src/lexer.h", "src/parser.h"]);
    expect(analysis.identifiers.filter((i) => i.path.endsWith(".h"))).toEqual([]);
  });

  test("the same header changed without its grammar is read: the token is a new definition", async () => {
    const analysis = await analyzeInstance({
      instanceId: "jq-2681-header",
      goldPatch: section("src/parser.h"),
      testPatch: "",
    });
    expect(analysis.generatedFiles).toEqual([]);
    expect(analysis.identifiers.map((i) => `${i.name} ${i.status}`)).toContain("BINDING new");
  });
});
