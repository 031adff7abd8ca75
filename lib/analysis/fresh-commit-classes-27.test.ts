// Classes of error found on twenty-four real commits labelled blind in the fourteenth session (round 27, issue 43;
// each commit's non-test files as the code patch and its test files as the test patch). Fixtures: the commits'
// diffs as git wrote them, provenance in lib/testing/real-data/README.md ("hunks/…-commit-…", round 27).
import { describe, expect, test } from "vitest";
import { picked, realHunk } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

const analysis = (name: string) =>
  analyzeInstance({
    instanceId: name,
    goldPatch: realHunk(`${name}-code.diff`),
    testPatch: realHunk(`${name}-test.diff`),
  });

describe("JavaScript: exports and prototypes", () => {
  test("mocha 8d6d1e3: `exports.it = context.it` inside a callback before, `exports.it = function …` at the top after: it changed, not new; `exports.xdescribe = …` is new", async () => {
    const result = await analysis("mocha-commit-8d6d1e3");
    const status = (name: string) => result.identifiers.find((i) => i.name === name && i.side === "code")?.status;
    for (const name of ["it", "describe", "afterEach", "run", "suite"]) expect(status(name)).toBe("changed");
    expect(picked(result, "defuse")).toContain("xdescribe");
    // (`exports.it.only = function …` is a member of the export it, not of `exports.it`.)
    expect(result.identifiers.map((i) => i.name)).toContain("it.only");
  });

  test("mocha ca1cfc4: `Suite.prototype.markOnly = function …` is Suite's method", async () => {
    expect(picked(await analysis("mocha-commit-ca1cfc4"), "defuse")).toContain("Suite.markOnly");
  });
});

describe("TypeScript: an interface's members and the object a constructor callback fills", () => {
  test("zod a526e78: `inst.min = (...args) => …` implements the new `ZodMap.min(minSize, params?)` a test calls with one argument: ZodMap's name, not inst's", async () => {
    const defuse = picked(await analysis("zod-commit-a526e78"), "defuse");
    expect(defuse).toEqual(expect.arrayContaining(["ZodMap.min", "ZodMap.max", "ZodMap.size", "ZodMap.nonempty"]));
    expect(defuse.filter((name) => name.startsWith("inst."))).toEqual([]);
  });

  test("zod 4382779: a hunk under `@@ … @@ export interface ZodMiniType<` going on with its type parameters holds the new field ZodMiniType.type; `inst.type = def.type` indented in a callback is no module property", async () => {
    const result = await analysis("zod-commit-4382779");
    expect(picked(result, "defuse")).toEqual(["ZodMiniType.type"]);
  });
});
