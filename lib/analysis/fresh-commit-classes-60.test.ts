// Classes of error found in the twenty-seventh session (issue 43): round 60, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis } from "../testing/analysis-helpers";

const stated = async (name: string) =>
  (await commitAnalysis(name)).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind}`);

test("ruby/fileutils 55e6cf9: a module's new method (`module FileUtils` … `def cp_lr(src, dest, …)`) is what a test class that includes the module calls bare (`cp_lr 'data', 'tmp'`); its helper the tests never call is not", async () => {
  expect(await stated("fileutils-commit-55e6cf9")).toEqual(["FileUtils.cp_lr method"]);
});
