import { describe, expect, test } from "vitest";
import { cramersV, weightedKappa, whyNoKappa } from "./agreement";
import { curatorJudgeDisagreements } from "./curator-agreement";
import { exactMcNemar, pairOutcomes } from "./mcnemar";
import { InstanceNumbering } from "./numbered-outcomes";
import { runRows } from "./resolve-rates";
import { wilsonInterval } from "./wilson";

describe("Wilson interval", () => {
  test.each([
    // Textbook values (Newcombe 1998, Table I; Brown, Cai & DasGupta 2001): 95% Wilson score intervals.
    ["8 of 10", 8, 10, 0.8, 0.4902, 0.9433],
    ["none of 10", 0, 10, 0, 0, 0.2775],
    ["all of 10", 10, 10, 1, 0.7225, 1],
    ["15 of 148", 15, 148, 15 / 148, 0.0624, 0.1605],
  ])("%s", (_name, k, n, rate, low, high) => {
    const interval = wilsonInterval(k, n);
    expect(interval.rate).toBeCloseTo(rate, 10);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  test("none or all resolved: the bound is exactly 0 or 1, not a rounding residue", () => {
    // 0 of 12 gave a lower bound of 2.8e-17 before.
    for (const n of [1, 7, 12, 37, 300, 1001]) {
      expect(wilsonInterval(0, n).low).toBe(0);
      expect(wilsonInterval(n, n).high).toBe(1);
    }
  });

  test("n = 0 has no rate and the whole interval", () => {
    expect(wilsonInterval(0, 0)).toEqual({ rate: null, low: 0, high: 1 });
  });

  test("impossible counts are refused", () => {
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
  });
});

describe("paired comparison", () => {
  // Imported in no particular order; "gone" is no imported instance, and an error is no attempt.
  const imported = new InstanceNumbering(["only-second", "e", "d", "c", "b", "a", "only-first", "errored"]);
  const first = runRows(
    [
      ["e", true],
      ["a", true],
      ["b", true],
      ["c", false],
      ["d", false],
      ["only-first", true],
      ["gone", true],
      ["errored", false, "error"],
    ],
    imported,
  );
  const second = runRows(
    [
      ["a", true],
      ["b", false],
      ["c", true],
      ["d", false],
      ["e", true],
      ["only-second", false],
      ["gone", true],
      ["errored", true],
    ],
    imported,
  );

  test("the 2×2 table adds up to the instances both ran, each cell in id order", () => {
    const table = pairOutcomes(first, second);
    expect(table).toEqual({ both: ["a", "e"], firstOnly: ["b"], secondOnly: ["c"], neither: ["d"], n: 5 });
    expect(table.both.length + table.firstOnly.length + table.secondOnly.length + table.neither.length).toBe(table.n);
  });

  test.each([
    // Worked by hand: p = 2 · P(X ≤ min(b, c)) for X ~ Bin(b + c, 1/2).
    ["b = 1, c = 8: 2 · (1 + 9) / 2^9", 1, 8, 20 / 512],
    ["b = 0, c = 5: 2 / 2^5", 0, 5, 2 / 32],
    ["b = 3, c = 3: capped at 1", 3, 3, 1],
    ["no discordant pairs", 0, 0, 1],
    ["b = 2, c = 10: 2 · (1 + 12 + 66) / 2^12", 2, 10, (2 * 79) / 4096],
  ])("exact McNemar, %s", (_name, b, c, p) => {
    expect(exactMcNemar(b, c)).toBeCloseTo(p, 12);
  });

  test("large discordant counts stay finite", () => {
    const p = exactMcNemar(400, 500);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.01);
  });
});

describe("agreement", () => {
  test("weighted kappa: perfect agreement is 1; agreement at chance level is 0", () => {
    expect(weightedKappa([0, 1, 2, 3], [0, 1, 2, 3])).toBe(1);
    // Marginals 1/2–1/2 on both sides; observed = expected = 5/6 with linear weights: κ = 0.
    expect(weightedKappa([0, 0, 1, 1], [0, 1, 0, 1], 4, "linear")).toBeCloseTo(0, 12);
  });

  test("weighted kappa, worked example: A = 0,1,2,3,3 and B = 0,1,2,2,3", () => {
    // Quadratic: p_o = 44/45, p_e = 164/225, κ = (44/45 − 164/225) / (1 − 164/225) = 56/61.
    expect(weightedKappa([0, 1, 2, 3, 3], [0, 1, 2, 2, 3], 4, "quadratic")).toBeCloseTo(56 / 61, 12);
    // Linear: p_o = 14/15, p_e = 44/75, κ = 26/31.
    expect(weightedKappa([0, 1, 2, 3, 3], [0, 1, 2, 2, 3], 4, "linear")).toBeCloseTo(26 / 31, 12);
  });

  test("weighted kappa edge cases: no items, one item, one shared level are undefined, and say why", () => {
    expect(weightedKappa([], [])).toBeNull();
    // Both raters at one level throughout: observed and chance agreement are both 1, κ = 0/0.
    expect(weightedKappa([2, 2], [2, 2])).toBeNull();
    expect(whyNoKappa([2, 2], [2, 2])).toMatch(/one and the same level.*0\/0/);
    // One item: chance agreement is the observed agreement by construction; no κ, whatever the levels.
    expect(weightedKappa([3], [3])).toBeNull();
    expect(weightedKappa([1], [2])).toBeNull();
    expect(whyNoKappa([1], [2])).toMatch(/one item/);
    expect(whyNoKappa([], [])).toMatch(/no item/);
    expect(whyNoKappa([0, 1, 2, 3], [0, 1, 2, 3])).toBeNull();
  });

  test("weighted kappa carries no float noise: 0 where it is 0 (not 7.77e-16 or -0)", () => {
    // One rater constant and the other not: observed = expected, κ exactly 0.
    const noisy = [
      [
        [1, 1, 1, 1, 1, 1, 1],
        [0, 1, 2, 3, 1, 2, 0],
      ],
      [
        [0, 1, 2, 3, 1, 2, 0],
        [2, 2, 2, 2, 2, 2, 2],
      ],
      [
        [0, 0, 1, 1, 2, 2, 3],
        [3, 3, 3, 3, 3, 3, 3],
      ],
    ] as const;
    for (const [a, b] of noisy) {
      const kappa = weightedKappa(a, b);
      expect(Object.is(kappa, 0)).toBe(true);
    }
  });

  test.each([
    [
      "complete association",
      [
        [10, 0],
        [0, 10],
      ],
      1,
    ],
    [
      "independence",
      [
        [5, 5],
        [5, 5],
      ],
      0,
    ],
    // χ² = 50 · (20·15 − 10·5)² / (30 · 20 · 25 · 25) = 25/3; V = √(χ² / 50) = √(1/6).
    [
      "worked 2×2",
      [
        [20, 10],
        [5, 15],
      ],
      Math.sqrt(1 / 6),
    ],
  ])("Cramér's V, %s", (_name, table, v) => {
    expect(cramersV(table)).toBeCloseTo(v, 12);
  });

  test("Cramér's V of an empty table is undefined", () => {
    expect(
      cramersV([
        [0, 0],
        [0, 0],
      ]),
    ).toBeNull();
  });
});

test("curator–judge disagreements: two levels or more apart on a scale, the largest first", () => {
  const rating = (item: string, rater: string, necessity: number, disclosure: number, guidance: number) => ({
    item,
    rater,
    necessity,
    disclosure,
    guidance,
  });
  const found = curatorJudgeDisagreements([
    rating("a", "ada", 3, 0, 0),
    rating("a", "judge: j (defuse)", 0, 1, 0),
    rating("b", "ada", 2, 2, 1),
    rating("b", "judge: j (defuse)", 1, 0, 1),
    rating("c", "grace", 0, 0, 0),
  ]);
  expect(found.map((d) => [d.item, d.scale, d.curatorLevel, d.judgeLevel])).toEqual([
    ["a", "necessity", 3, 0],
    ["b", "disclosure", 2, 0],
  ]);
});
