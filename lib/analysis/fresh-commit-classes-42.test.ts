// Classes of error found in the nineteenth session (issue 43): the oracle's list and round 42, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { realHunk } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

test("jq 193f432: a C hunk that starts among an enum's values, the enum's own line above it and git's header another (`struct lexer_param;`), reads them as the enum's constants (`BINDING = 261,` new, `LITERAL = 262,` renumbered)", async () => {
  const result = await analyzeInstance({
    instanceId: "jq",
    goldPatch: realHunk("jq-commit-193f432-code.diff"),
    testPatch: "",
  });
  const constants = new Map(result.identifiers.map((i) => [i.name, `${i.kind} ${i.status} ${i.signature}`]));
  expect(constants.get("BINDING")).toBe("constant new BINDING = 261");
  expect(constants.get("LITERAL")).toBe("constant changed LITERAL = 262");
  expect(constants.get("NONOPT")).toBe("constant changed NONOPT = 303");
  // (The context lines above the change are the enum's too, not new.)
  expect(constants.has("INVALID_CHARACTER")).toBe(false);
});
