// Files regenerated from a grammar the same patch changes (bison's parser.h beside parser.y, flex's lexer.h
// beside lexer.l) are the tool's, not the author's: the oracle bench's C rows were 198 of their 229
// disagreements (jq 2681, 2598, 2650). Fixtures: jq 2681's gold patch cut to four of its files, prometheus
// 9248's goyacc grammar with hunks of its output (provenance in lib/testing/real-data/README.md, "hunks/").
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance } from "./analyze-instance";
import { generatedFromGrammar } from "./grammar-outputs";

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
          // goyacc (prometheus 9248's promql/parser)
          "promql/parser/generated_parser.y",
          "promql/parser/generated_parser.y.go",
          "promql/parser/lex.go",
        ]).keys(),
      ].sort(),
    ).toEqual([
      "gram/calc.tab.cc",
      "gram/calc.tab.hh",
      "promql/parser/generated_parser.y.go",
      "src/lexer.c",
      "src/parser.c",
      "src/parser.h",
    ]);
  });

  test("an output whose grammar the patch leaves alone, or a namesake in another folder, is the author's", () => {
    expect(generatedFromGrammar(["src/parser.c", "src/parser.h"]).size).toBe(0);
    expect(generatedFromGrammar(["src/parser.y", "lib/parser.c", "src/parser.py"]).size).toBe(0);
  });
});

describe("jq 2681: a new token in parser.y and lexer.l, with bison's and flex's headers regenerated", () => {
  test("of the regenerated headers only the grammar's new token is read; the renumbered symbols are not named", async () => {
    const analysis = await analyzeInstance({ instanceId: "jq-2681", goldPatch: diff, testPatch: "" });
    expect(analysis.generatedFiles).toEqual(["src/lexer.h", "src/parser.h"]);
    expect(analysis.identifiers.map((i) => `${i.name} ${i.kind} ${i.status} ${i.path}`)).toEqual([
      "BINDING constant new src/parser.h",
    ]);
  });

  test("the same header changed without its grammar is read whole: its renumbered tokens are changed", async () => {
    const analysis = await analyzeInstance({
      instanceId: "jq-2681-header",
      goldPatch: section("src/parser.h"),
      testPatch: "",
    });
    expect(analysis.generatedFiles).toEqual([]);
    const found = analysis.identifiers.map((i) => `${i.name} ${i.status}`);
    expect(found).toContain("BINDING new");
    expect(found).toContain("BREAK changed");
  });
});

describe("prometheus 9248: `%token ATAN2` in goyacc's grammar, its generated_parser.y.go regenerated", () => {
  const hunks = (name: string) => readFileSync(path.join(REAL_DATA, "hunks", name), "utf8");
  test("the token the tests lex is a DefUse name from the generated file; the tables (yyExca) are not read", async () => {
    const analysis = await analyzeInstance({
      instanceId: "prometheus-9248",
      goldPatch: hunks("prometheus-9248-goyacc-code.diff"),
      testPatch: hunks("prometheus-9248-test.diff"),
    });
    expect(analysis.generatedFiles).toEqual(["promql/parser/generated_parser.y.go"]);
    const generated = analysis.identifiers.filter((i) => i.path.endsWith(".y.go"));
    expect(generated.map((i) => `${i.name} ${i.kind} ${i.status} ${i.policies.includes("defuse")}`)).toEqual([
      "ATAN2 constant new true",
    ]);
    // (Beside it, Go: a hunk under `var key = map[string]ItemType{` changes that package variable.)
    expect(analysis.identifiers.map((i) => `${i.name} ${i.kind} ${i.status} ${i.path}`)).toContain(
      "key variable changed promql/parser/lex.go",
    );
  });
});
