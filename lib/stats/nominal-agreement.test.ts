import { expect, test } from "vitest";
import { cohenKappa, fleissKappa } from "./nominal-agreement";

test("Cohen's κ, worked example: 50 items, 20 both yes, 15 both no, 5 + 10 split: pₒ = 0.7, pₑ = 0.5, κ = 0.4", () => {
  const pairs: Array<[string, string]> = [
    ...Array.from({ length: 20 }, () => ["yes", "yes"] as [string, string]),
    ...Array.from({ length: 5 }, () => ["yes", "no"] as [string, string]),
    ...Array.from({ length: 10 }, () => ["no", "yes"] as [string, string]),
    ...Array.from({ length: 15 }, () => ["no", "no"] as [string, string]),
  ];
  const result = cohenKappa(pairs);
  expect(result?.observed).toBeCloseTo(0.7, 10);
  // Rater 1 says yes 25/50, rater 2 30/50: pₑ = 0.5·0.6 + 0.5·0.4 = 0.5.
  expect(result?.expected).toBeCloseTo(0.5, 10);
  expect(result?.kappa).toBeCloseTo(0.4, 10);
  // With two categories each one's κ (it against the other) is the overall κ.
  expect(result?.categories.map((c) => c.kappa)).toEqual([result?.kappa, result?.kappa]);
});

test("Fleiss' κ, Fleiss's worked example (10 subjects, 14 raters, 5 categories): P̄ = 0.378, P̄ₑ = 0.213, κ = 0.210", () => {
  const table = [
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
  ];
  const items = table.map((row) => row.flatMap((count, j) => Array.from({ length: count }, () => `c${j + 1}`)));
  const result = fleissKappa(items);
  expect(result?.observed).toBeCloseTo(0.378, 3);
  expect(result?.expected).toBeCloseTo(0.213, 3);
  expect(result?.kappa).toBeCloseTo(0.21, 3);
  // Per category: p₁ = 20/140 = 0.143 … p₅ = 32/140 = 0.229.
  expect(result?.categories.map((c) => Number(c.share.toFixed(3)))).toEqual([0.143, 0.2, 0.279, 0.15, 0.229]);
  expect(result?.percent_agreement).toBeCloseTo(0.1, 10);
});

test("no κ when every rating falls in one category; unequal ratings per item are refused", () => {
  expect(
    fleissKappa([
      ["a", "a"],
      ["a", "a"],
    ])?.kappa,
  ).toBeNull();
  expect(() => fleissKappa([["a", "b"], ["a"]])).toThrow(/same number/);
  expect(cohenKappa([])).toBeNull();
});

test("κ over two hints of a round prints no interval, and says why", () => {
  const result = cohenKappa([
    ["accept", "accept"],
    ["flag", "accept"],
  ]);
  expect(result?.interval_note).toBe("no interval: 2 hints; below 30 a κ interval covered under 0.93 in simulation");
  const fleiss = fleissKappa(Array.from({ length: 40 }, (_, i) => [i % 2 ? "accept" : "trim", "accept", "accept"]));
  expect(fleiss?.interval_note).toMatch(/^no interval: 40 hints; a κ interval's coverage is not measured/);
});
