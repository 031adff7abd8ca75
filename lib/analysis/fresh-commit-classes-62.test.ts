// Classes of error found in the twenty-eighth session (issue 43): round 62, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis } from "../testing/analysis-helpers";

const stated = async (name: string) =>
  (await commitAnalysis(name)).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind}`);

test("tty-table 2d72616: RSpec's `allow(columns).to receive(:expand_column_widths)` names a method of the object the expectation is set on, the class's new one", async () => {
  expect(await stated("tty-table-commit-2d72616")).toEqual(["ColumnConstraint.expand_column_widths method"]);
});
