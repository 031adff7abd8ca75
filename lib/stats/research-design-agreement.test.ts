// Research tables (split from research-tables.test.ts): design constraints, rater agreement, a run's rows.
import { describe, expect, test } from "vitest";
import { raterAgreement } from "./curator-agreement";
import { designOutcome, designRates, type Verdict } from "./design-constraints";
import { resolveRates, runRows } from "./resolve-rates";

describe("design constraints", () => {
  test("a patch's outcome: any violation violates; all applicable satisfied satisfies; none applicable is neutral", () => {
    expect(designOutcome(["satisfied", "violated", "neutral"])).toBe("violated");
    expect(designOutcome(["satisfied", "neutral"])).toBe("satisfied");
    expect(designOutcome(["neutral", "neutral"])).toBe("neutral");
  });

  test("rates beside the pass rate, and Cramér's V between passing and the design outcome", () => {
    // Passing: a, b, c, d (a, b satisfy; c violates; d neutral). Failing: e, f (e, f violate).
    const verdicts = new Map<string, Verdict[]>([
      ["a", ["satisfied"]],
      ["b", ["satisfied", "neutral"]],
      ["c", ["violated", "satisfied"]],
      ["d", ["neutral"]],
      ["e", ["violated"]],
      ["f", ["violated"]],
      ["no-test-outcome", ["violated"]],
    ]);
    const passed = new Map([
      ["a", true],
      ["b", true],
      ["c", true],
      ["d", true],
      ["e", false],
      ["f", false],
    ]);
    const rates = designRates(verdicts, passed);
    expect(rates).toMatchObject({ instances: 6 });
    expect(rates.passRate).toBeCloseTo(4 / 6, 12);
    expect(rates.satisfied).toBeCloseTo(2 / 6, 12);
    expect(rates.violated).toBeCloseTo(3 / 6, 12);
    expect(rates.neutral).toBeCloseTo(1 / 6, 12);
    expect(rates.passingAndSatisfied).toBeCloseTo(2 / 4, 12);
    // Table pass [2, 1, 1], fail [0, 2, 0]; expected [4/3, 2, 2/3] and [2/3, 1, 1/3];
    // χ² = 1/3 + 1/2 + 1/6 + 2/3 + 1 + 1/3 = 3; V = √(3 / (6 · 1)) = √(1/2).
    expect(rates.cramersV).toBeCloseTo(Math.sqrt(0.5), 12);
  });

  test("verdicts for ids no imported instance has are reported, never counted", () => {
    const verdicts = new Map<string, Verdict[]>([
      ["a", ["satisfied"]],
      ["b", ["violated"]],
      ["ghost", ["violated"]],
    ]);
    const passed = new Map([
      ["a", true],
      ["b", false],
      ["ghost", false],
    ]);
    expect(designRates(verdicts, passed, new Set(["a", "b"]))).toMatchObject({
      instances: 2,
      unmatched: 1,
      passRate: 0.5,
      violated: 0.5,
    });
  });

  test("Cramér's V is undefined, not 0, when every patch passed (one non-empty row)", () => {
    const verdicts = new Map<string, Verdict[]>([
      ["a", ["satisfied"]],
      ["b", ["violated"]],
    ]);
    expect(
      designRates(
        verdicts,
        new Map([
          ["a", true],
          ["b", true],
        ]),
      ).cramersV,
    ).toBeNull();
  });

  test("no verdicts: nothing to rate", () => {
    expect(designRates(new Map(), new Map([["a", true]]))).toMatchObject({
      instances: 0,
      passRate: null,
      cramersV: null,
    });
  });
});

describe("rater agreement", () => {
  test("kappa per scale over the items both raters rated", () => {
    const r = (rater: string, item: string, n: number, d = 0, g = 0) => ({
      rater,
      item,
      necessity: n,
      disclosure: d,
      guidance: g,
    });
    const rows = raterAgreement([
      // The worked example above: A = 0,1,2,3,3 and B = 0,1,2,2,3 on N → quadratic κ = 56/61.
      ...[0, 1, 2, 3, 3].map((n, i) => r("ada", `x${i}`, n)),
      ...[0, 1, 2, 2, 3].map((n, i) => r("judge", `x${i}`, n)),
      r("judge", "only-judge", 1),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ first: "ada", second: "judge", items: 5 });
    expect(rows[0]?.necessity).toBeCloseTo(56 / 61, 12);
    // Everyone said 0 for D and G: both raters at one level, κ = 0/0, undefined, and the row says so.
    expect(rows[0]?.disclosure).toBeNull();
    expect(rows[0]?.note).toBe("κ D, κ G: both raters gave one and the same level throughout: κ = 0/0, undefined");
  });
});

test("a run with design verdicts but no results is no resolve-rate row (not 0/0, not in the pickers)", () => {
  const run = (runId: number, outcomes: Array<[string, boolean]>) => ({
    runId,
    benchmark: "B",
    model: `m${runId}`,
    selection: "official",
    projection: "official",
    ...runRows(outcomes, ["a"]),
    summary: null,
  });
  const rows = resolveRates([run(1, [["a", true]]), run(2, [])]);
  expect(rows.map((r) => r.runId)).toEqual([1]);
});
