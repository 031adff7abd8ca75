import { expect, test } from "vitest";
import { pairOutcomes } from "./mcnemar";
import { attemptedAny, InstanceNumbering, meanOverAttempted, outcomeOf } from "./numbered-outcomes";
import { policyComparison } from "./policy-comparison";
import { type RunOutcomes, resolveRates, runRows } from "./resolve-rates";
import { ATTEMPTED, type ResultStatus, resultStatus } from "./result-status";
import { seededRandom } from "./seeded-random";

/*
 * The tables counted over numbered instances give what counting id by id gives: random runs (repeated rows,
 * ids no instance has, every stored status) checked against a plain Map per run, the way the tables were
 * counted before they walked arrays.
 */

// Ids that sort differently by code unit and by code point, and every Object.prototype name.
const POOL = [
  ...Object.getOwnPropertyNames(Object.prototype),
  "a",
  "B",
  "b",
  "é",
  "\u{1F600}",
  "\uFF5E",
  "z-1",
  "z-10",
  "z-2",
  "",
  " ",
];
const STORED = [null, "resolved", "unresolved", "empty_patch", "error", "incomplete", "not_run", "other"];

test("rates, the policy table, pairs and the disclosure mean equal the same counted id by id (300 random trials)", () => {
  for (let trial = 0; trial < 300; trial++) {
    const next = seededRandom(trial);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    const imported = POOL.filter(() => next() < 0.6);
    const instances = new InstanceNumbering([...imported].reverse());
    const runs = ["none", "defuse", "pro"].map(
      (selection, runId): RunOutcomes & { byId: Map<string, ResultStatus> } => {
        const rows = Array.from(
          { length: Math.floor(next() * 2 * POOL.length) },
          () => [pick(POOL), next() < 0.4, pick(STORED)] as const,
        );
        const byId = new Map(rows.map(([id, resolved, status]) => [id, resultStatus(resolved, status)]));
        return {
          runId,
          benchmark: "B",
          model: "m",
          selection,
          projection: selection,
          summary: null,
          ...runRows(rows, instances),
          byId,
        };
      },
    );
    const context = `trial ${trial}`;
    const known = new Set(imported);
    const attempted = (run: (typeof runs)[number]) =>
      new Map(
        [...run.byId].filter(([id, s]) => known.has(id) && ATTEMPTED.has(s)).map(([id, s]) => [id, s === "resolved"]),
      );

    // The numbering: every imported id once, in code-unit order.
    expect(instances.ids, context).toEqual([...new Set(imported)].sort());

    // Resolve rates.
    const rates = resolveRates(runs);
    expect(
      rates.map((r) => r.runId),
      context,
    ).toEqual(runs.filter((run) => run.byId.size > 0).map((run) => run.runId));
    for (const row of rates) {
      const run = runs[row.runId] as (typeof runs)[number];
      const matched = [...run.byId].filter(([id]) => known.has(id));
      const count = (status: ResultStatus) => matched.filter(([, s]) => s === status).length;
      expect(row.statuses, context).toEqual({
        resolved: count("resolved"),
        unresolved: count("unresolved"),
        empty_patch: count("empty_patch"),
        error: count("error"),
        not_run: count("not_run"),
      });
      expect(row.unmatched, context).toBe(run.byId.size - matched.length);
      expect(row.allTotal, context).toBe(run.byId.size);
      expect(row.allResolved, context).toBe([...run.byId.values()].filter((s) => s === "resolved").length);
      expect(row.n, context).toBe(attempted(run).size);
    }

    // Pairs: the instances both attempted, each cell in id order.
    const [first, second] = runs as [(typeof runs)[number], (typeof runs)[number]];
    const a = attempted(first);
    const b = attempted(second);
    const cell = (x: boolean, y: boolean) =>
      [...a]
        .filter(([id, r]) => b.has(id) && r === x && b.get(id) === y)
        .map(([id]) => id)
        .sort();
    expect(pairOutcomes(first, second), context).toEqual({
      both: cell(true, true),
      firstOnly: cell(true, false),
      secondOnly: cell(false, true),
      neither: cell(false, false),
      n: [...a.keys()].filter((id) => b.has(id)).length,
    });

    // The policy table: each rate on the instances every configuration attempted.
    const compared = runs.filter((run) => [...run.byId.values()].some((s) => ATTEMPTED.has(s)));
    expect(runs.filter(attemptedAny), context).toEqual(compared);
    const common = imported.filter((id) => compared.every((run) => attempted(run).has(id)));
    for (const row of policyComparison(runs)) {
      const run = runs.find((r) => r.selection === row.selection) as (typeof runs)[number];
      expect(row.n, context).toBe(common.length);
      expect(row.resolved, context).toBe(common.filter((id) => attempted(run).get(id) === true).length);
    }

    // One instance's outcome, and a mean over the attempted instances of a value per instance.
    for (const id of POOL) expect(outcomeOf(first, id), `${context}: ${id}`).toBe(a.get(id));
    const values = Int32Array.from(instances.ids, (id) => id.length);
    const lengths = [...a.keys()].map((id) => id.length);
    const mean = meanOverAttempted(first, values);
    if (lengths.length === 0) expect(mean, context).toBeNull();
    else expect(mean, context).toBeCloseTo(lengths.reduce((x, y) => x + y, 0) / lengths.length, 12);
  }
});

test("runs numbered over different instances are refused, not paired", () => {
  const first = runRows([["a", true]], ["a"]);
  const second = runRows([["a", true]], ["a"]);
  expect(() => pairOutcomes(first, second)).toThrow(/different instances/);
});
