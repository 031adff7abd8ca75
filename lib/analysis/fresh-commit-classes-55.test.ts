// Classes of error found in the twenty-fifth session (issue 43): rounds 53–56, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis } from "../testing/analysis-helpers";

const stated = async (name: string) =>
  (await commitAnalysis(name)).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind}`);

test("routing-controllers ce2cb72: an options literal passed to `@QueryParam(…)`, a function whose body alone changes, is typed by the declaration git's hunk header shows (`export function QueryParam(name: string, options?: ParamOptions)`): its `isArray` key is ParamOptions', not the metadata classes' new fields of that name", async () => {
  const names = (await stated("routing-controllers-commit-ce2cb72")).filter((n) => n.includes("isArray"));
  expect(names).toEqual(["ParamOptions.isArray field"]);
});
