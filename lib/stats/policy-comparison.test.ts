import { describe, expect, test } from "vitest";
import { chiSquareTest } from "./agreement";
import { holmAdjust, pairedDifferenceInterval, policyComparison } from "./policy-comparison";
import type { RunOutcomes } from "./resolve-rates";

describe("paired difference of proportions (Newcombe's method 10)", () => {
  test("Newcombe's first example: 36 both, 12 first only, 2 second only, 0 neither", () => {
    // Difference (36+12)/50 − (36+2)/50 = 0.2; interval 0.0569 to 0.3404, as the
    // paper's method 10 gives (recomputed independently in Python from its formulas).
    const { difference, low, high } = pairedDifferenceInterval(36, 12, 2, 0);
    expect(difference).toBeCloseTo(0.2, 12);
    expect(low).toBeCloseTo(0.0569, 4);
    expect(high).toBeCloseTo(0.3404, 4);
  });

  test("a worked example with correlated pairs: 20, 12, 4, 14", () => {
    // p1 = 32/50 = 0.64, Wilson [0.50141, 0.75861]; p2 = 24/50 = 0.48, Wilson [0.34797, 0.61488];
    // φ = (20·14 − 12·4) / √(32·18·24·26) = 232 / 599.52 = 0.38698;
    // low = 0.16 − √(0.13859² − 2·0.38698·0.13859·0.13488 + 0.13488²) = 0.00856;
    // high = 0.16 + √(0.11861² − 2·0.38698·0.11861·0.13203 + 0.13203²) = 0.29921.
    const { difference, low, high } = pairedDifferenceInterval(20, 12, 4, 14);
    expect(difference).toBeCloseTo(0.16, 12);
    expect(low).toBeCloseTo(0.008565, 5);
    expect(high).toBeCloseTo(0.299213, 5);
  });

  test("no pairs: no difference, the whole range", () => {
    expect(pairedDifferenceInterval(0, 0, 0, 0)).toEqual({ difference: null, low: -1, high: 1 });
  });
});

test("Holm: p-values 0.01, 0.04, 0.03 adjust to 0.03, 0.06, 0.06", () => {
  const adjusted = holmAdjust([0.01, 0.04, 0.03]);
  expect(adjusted[0]).toBeCloseTo(0.03, 12);
  expect(adjusted[1]).toBeCloseTo(0.06, 12);
  expect(adjusted[2]).toBeCloseTo(0.06, 12);
});

test("the policy table: baseline first, every rate on the instances all configurations ran", () => {
  const run = (selection: string, projection: string, resolved: string[], ran: string[]): RunOutcomes => ({
    runId: 0,
    benchmark: "B",
    model: "m",
    selection,
    projection,
    outcomes: new Map(ran.map((id) => [id, resolved.includes(id)])),
    summary: null,
  });
  const all = ["i1", "i2", "i3", "i4", "i5"];
  const rows = policyComparison(
    [
      run("defuse", "declaration", ["i1", "i2", "i3", "i4"], all),
      run("none", "none", ["i1"], [...all, "i6"]),
      // i5 is missing from this run, so no row counts i5; i6 is no imported instance.
      run("pro", "pro", ["i1", "i2"], ["i1", "i2", "i3", "i4"]),
    ],
    () => new Set(all),
  );
  expect(rows.map((r) => [r.selection, r.baseline, r.resolved, r.n])).toEqual([
    ["none", true, 1, 4],
    ["defuse", false, 4, 4],
    ["pro", false, 2, 4],
  ]);
  expect(rows[0]).toMatchObject({ difference: null, p: null, p_holm: null });
  // DefUse against none: 3 discordant pairs all one way: exact McNemar p = 2 · (1/2)³ = 0.25.
  expect(rows[1]?.difference).toBeCloseTo(0.75, 12);
  expect(rows[1]?.p).toBeCloseTo(0.25, 12);
  // Pro against none: 1 discordant pair: p = 1. Holm over {0.25, 1}: 0.5 and 1.
  expect(rows[2]?.p).toBeCloseTo(1, 12);
  expect(rows[1]?.p_holm).toBeCloseTo(0.5, 12);
  expect(rows[2]?.p_holm).toBeCloseTo(1, 12);
});

describe("χ² test of independence", () => {
  test("the design table of the worked example: χ² = 3 on 2 degrees of freedom, p = e^(−1.5)", () => {
    // Pass [2, 1, 1], fail [0, 2, 0]: χ² = 3 (see the Cramér's V example), df = 2, p = exp(−3/2).
    const result = chiSquareTest([
      [2, 1, 1],
      [0, 2, 0],
    ]);
    expect(result?.chi2).toBeCloseTo(3, 12);
    expect(result?.df).toBe(2);
    expect(result?.p).toBeCloseTo(Math.exp(-1.5), 10);
  });

  test("one degree of freedom: [[30, 10], [20, 20]] gives χ² = 5.3333, p = erfc(√(χ²/2)) = 0.020921", () => {
    const result = chiSquareTest([
      [30, 10],
      [20, 20],
    ]);
    expect(result?.chi2).toBeCloseTo(16 / 3, 10);
    expect(result?.p).toBeCloseTo(0.020921, 6);
  });

  test("an empty row or column is dropped; one row left is no test", () => {
    expect(
      chiSquareTest([
        [3, 0, 2],
        [1, 0, 4],
      ])?.df,
    ).toBe(1);
    expect(
      chiSquareTest([
        [3, 2],
        [0, 0],
      ]),
    ).toBeNull();
  });
});
