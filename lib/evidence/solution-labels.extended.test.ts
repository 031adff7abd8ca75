// Extended run over the shared data (skipped without ../shared/data): the problem statement's solution-in-issue
// leak against the Agentless authors' classification of SWE-bench Lite problem statements (the shared sample),
// and against the team's own labels of more Lite problem statements (lib/testing/real-data/evidence), both
// written down before the check ran on them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { readCsv } from "../ingest/text-records";
import { REAL_DATA } from "../testing/real-data";
import { SHARED_DATA, SHARED_DATA_MISSING } from "../testing/shared-data";
import { leakChannels } from "./evidence";

if (!SHARED_DATA) console.warn(SHARED_DATA_MISSING);

describe.skipIf(!SHARED_DATA)("solution in the problem statement against labels of problem statements", () => {
  const flagged = new Map<string, boolean>();
  const agentless = new Map<string, string>();

  beforeAll(async () => {
    const dir = SHARED_DATA as string;
    for await (const row of readCsv(path.join(dir, "labels", "agentless-lite-classifications-sample.csv")))
      if (!row.error) agentless.set(String(row.record.instance_id), String(row.record["solution in description"]));
    for (const line of readFileSync(path.join(dir, "instances", "swebench-lite.jsonl"), "utf8")
      .trim()
      .split("\n")) {
      const r = JSON.parse(line) as Record<string, string>;
      const leaks = leakChannels({
        externalId: r.instance_id as string,
        baseCommit: r.base_commit as string,
        problemStatement: r.problem_statement as string,
        hintsText: r.hints_text ?? null,
        goldPatch: r.patch as string,
        testPatch: r.test_patch as string,
        requirements: null,
        interfaceText: null,
      });
      flagged.set(
        r.instance_id as string,
        leaks.some((l) => l.channel === "solution_in_issue" && l.source === "problem_statement"),
      );
    }
  });

  const count = (ids: readonly string[]) => ids.filter((id) => flagged.get(id)).length;

  test("the Agentless sample: every 'Exact patch' flagged from the problem statement, no 'No solution'", () => {
    const exact = [...agentless].filter(([, v]) => v === "Exact patch").map(([id]) => id);
    const none = [...agentless].filter(([, v]) => v === "No solution").map(([id]) => id);
    expect([exact.length, none.length]).toEqual([4, 20]);
    console.log(
      `Agentless sample: Exact patch ${count(exact)}/${exact.length}, No solution ${count(none)}/${none.length}`,
    );
    expect(count(exact)).toBe(4);
    expect(count(none)).toBe(0);
  });

  test("the team's own labels of more Lite problem statements", () => {
    const mine = JSON.parse(
      readFileSync(path.join(REAL_DATA, "evidence", "solution-labels-hintscope.json"), "utf8"),
    ) as Record<string, string[]>;
    const exact = mine["Exact patch"] as string[];
    const none = mine["No solution"] as string[];
    console.log(`team labels: Exact patch ${count(exact)}/${exact.length}, No solution ${count(none)}/${none.length}`);
    expect(count(exact)).toBe(exact.length);
    // scikit-learn__scikit-learn-14894 states `self.dual_coef_ = sp.csr_matrix([])` as the expected result: the
    // fix's one new line, which the whole-line check finds (as it did before the token and diff checks).
    expect(none.filter((id) => flagged.get(id))).toEqual(["scikit-learn__scikit-learn-14894"]);
  });

  test("over the 300 Lite problem statements: how many the check flags", () => {
    const n = [...flagged.values()].filter(Boolean).length;
    console.log(`Lite: ${n} of ${flagged.size} problem statements flagged`);
    expect(n).toBeLessThanOrEqual(25);
  });
});
