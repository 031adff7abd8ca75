import { describe, expect, test } from "vitest";
import { chiSquareTest } from "./agreement";
import { InstanceNumbering } from "./numbered-outcomes";
import { correctedPhi, holmAdjust, pairedDifferenceInterval, policyComparison } from "./policy-comparison";
import type { RunOutcomes } from "./resolve-rates";
import { runRows } from "./resolve-rates";

describe("paired difference of proportions (Newcombe's method 10)", () => {
  test("Newcombe's first example: 36 both, 12 first only, 2 second only, 0 neither", () => {
    // Difference (36+12)/50 − (36+2)/50 = 0.2; interval 0.0569 to 0.3404, as the
    // paper's method 10 gives (recomputed independently in Python from its formulas).
    const { difference, low, high } = pairedDifferenceInterval(36, 12, 2, 0);
    expect(difference).toBeCloseTo(0.2, 12);
    expect(low).toBeCloseTo(0.0569, 4);
    expect(high).toBeCloseTo(0.3404, 4);
  });

  test("Fagerland et al. (2017, ch. 8): complete response before and after consolidation, 59 / 6 / 16 / 80", () => {
    // The book's worked example (Cavo et al. 2012), method 10: −0.0621 (95% CI −0.1186 to −0.0046).
    // Here A = 59·80 − 6·16 = 4624 > n/2, so φ is corrected: the raw φ gives a narrower interval.
    const { difference, low, high } = pairedDifferenceInterval(59, 6, 16, 80);
    expect(difference).toBeCloseTo(-0.0621, 4);
    expect(low).toBeCloseTo(-0.1186, 4);
    expect(high).toBeCloseTo(-0.0046, 4);
  });

  test("correlated pairs use the corrected φ: 20, 12, 4, 14", () => {
    // A = 20·14 − 12·4 = 232 > n/2 = 25, so φ = (232 − 25) / √(32·18·24·26) = 207 / 599.52 = 0.34528
    // (the raw φ, 0.38698, gave 0.00856 to 0.29921);
    // low = 0.16 − √(0.13859² − 2·0.34528·0.13859·0.13488 + 0.13488²) = 0.00350;
    // high = 0.16 + √(0.13203² − 2·0.34528·0.13203·0.11861 + 0.11861²) = 0.30383.
    const { difference, low, high } = pairedDifferenceInterval(20, 12, 4, 14);
    expect(difference).toBeCloseTo(0.16, 12);
    expect(low).toBeCloseTo(0.0035, 4);
    expect(high).toBeCloseTo(0.30383, 4);
  });

  test("two configurations that agree on all 12 instances get a real interval, not zero width", () => {
    // 6 resolved by both, 6 by neither: A = 36 > 6, φ = 30/36; Wilson 6/12 is 0.5 ± 0.24624.
    const { difference, low, high } = pairedDifferenceInterval(6, 0, 0, 6);
    expect(difference).toBe(0);
    expect(low).toBeCloseTo(-0.14215, 4);
    expect(high).toBeCloseTo(0.14215, 4);
  });

  test("φ is 0 when ad − bc lies in [0, n/2], and when a margin is empty", () => {
    // 1, 2, 2, 5: A = 5 − 4 = 1 ≤ n/2 = 5; both marginals 3/10 (Wilson 0.10779 to 0.60322):
    // the interval is ±√(0.19221² + 0.30322²) = ±0.35901.
    expect(correctedPhi(1, 2, 2, 5)).toBe(0);
    const { low, high } = pairedDifferenceInterval(1, 2, 2, 5);
    expect(high).toBeCloseTo(0.35901, 4);
    expect(low).toBeCloseTo(-0.35901, 4);
    // Every pair resolved by both: no correlation can be estimated (a margin is empty).
    expect(correctedPhi(12, 0, 0, 0)).toBe(0);
    expect(correctedPhi(0, 3, 4, 0)).toBeCloseTo(-12 / Math.sqrt(3 * 4 * 4 * 3), 12);
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
  const all = ["i1", "i2", "i3", "i4", "i5"];
  const imported = new InstanceNumbering(all);
  const run = (selection: string, projection: string, resolved: string[], ran: string[]): RunOutcomes => ({
    runId: 0,
    benchmark: "B",
    model: "m",
    selection,
    projection,
    ...runRows(
      ran.map((id) => [id, resolved.includes(id)]),
      imported,
    ),
    summary: null,
  });
  const rows = policyComparison([
    run("defuse", "declaration", ["i1", "i2", "i3", "i4"], all),
    run("none", "none", ["i1"], [...all, "i6"]),
    // i5 is missing from this run, so no row counts i5; i6 is no imported instance.
    run("pro", "pro", ["i1", "i2"], ["i1", "i2", "i3", "i4"]),
  ]);
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
