import { expect, test } from "vitest";
import { weightedKappa } from "./agreement";
import { attributeAgreement, clusteredKappa } from "./attribute-agreement";
import type { Rating } from "./curator-agreement";

const item = (instance: string, identifier: string, attribute: string) =>
  JSON.stringify(["1", instance, identifier, attribute]);
const rating = (rater: string, it: string, n: number, d = n, g = n): Rating => ({
  item: it,
  rater,
  necessity: n,
  disclosure: d,
  guidance: g,
});

/** A seeded generator for the simulations (not the one under test). */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

test("per attribute and for all together: κ over the items both rated, the confusion matrix of levels, judge pairs apart", () => {
  const ratings: Rating[] = [
    rating("bo", item("i1", "f", "name"), 3, 0, 1),
    rating("bo", item("i1", "f", "signature"), 2, 1, 1),
    rating("bo", item("i2", "g", "name"), 1, 0, 0),
    rating("bo", item("i2", "g", "signature"), 0, 2, 2),
    rating("judge: m (defuse)", item("i1", "f", "name"), 3, 0, 1),
    rating("judge: m (defuse)", item("i1", "f", "signature"), 1, 1, 1),
    rating("judge: m (defuse)", item("i2", "g", "name"), 1, 0, 0),
    rating("judge: m (defuse)", item("i2", "g", "signature"), 0, 3, 2),
    rating("judge: m (defuse)", item("i3", "h", "name"), 2, 2, 2), // bo did not rate it
    rating("judge: o (pro)", item("i1", "f", "name"), 0, 0, 0),
  ];
  const rows = attributeAgreement(ratings, { resamples: 200 });
  // No judge × judge row; bo × each judge, per attribute and all.
  expect(rows.map((r) => `${r.first} × ${r.second} · ${r.attribute}`)).toEqual([
    "bo × judge: m (defuse) · name",
    "bo × judge: m (defuse) · signature",
    "bo × judge: m (defuse) · all",
    "bo × judge: o (pro) · name",
  ]);
  const all = rows[2];
  expect(all).toMatchObject({ items: 4, instances: 2 });
  // Necessity: bo 3,2,1,0 against the judge 3,1,1,0 (items in key order: i1 name, i1 signature, i2 …).
  expect(all?.scales.necessity.kappa).toBeCloseTo(weightedKappa([3, 2, 1, 0], [3, 1, 1, 0]) as number, 12);
  expect(all?.scales.necessity.confusion).toEqual([
    [1, 0, 0, 0],
    [0, 1, 0, 0],
    [0, 1, 0, 0],
    [0, 0, 0, 1],
  ]);
  expect(all?.scales.disclosure.confusion[2]).toEqual([0, 0, 0, 1]);
  expect(rows[3]).toMatchObject({ items: 1, instances: 1 });
  // One item: no κ at all (it would print 1 or 0 by construction), and the row says why.
  expect(rows[3]?.scales.necessity).toMatchObject({ kappa: null, low: null, high: null });
  expect(rows[3]?.scales.necessity.noInterval).toMatch(/one item: κ undefined/);
});

test("the interval resamples instances: copies of one instance's reading widen it, as they should", () => {
  const random = lcg(7);
  const independent: Array<Array<readonly [number, number]>> = [];
  const copied: Array<Array<readonly [number, number]>> = [];
  for (let k = 0; k < 20; k++) {
    const pairs: Array<readonly [number, number]> = [];
    for (let m = 0; m < 5; m++) {
      const level = Math.floor(random() * 4);
      pairs.push([level, random() < 0.6 ? level : Math.floor(random() * 4)] as const);
    }
    // The same 100 pairs, each its own instance; and 20 instances whose 5 items all repeat one pair.
    for (const p of pairs) independent.push([p]);
    copied.push(Array.from({ length: 5 }, () => pairs[0] as readonly [number, number]));
  }
  const a = clusteredKappa(independent, { resamples: 1000 });
  const b = clusteredKappa(copied, { resamples: 1000 });
  expect(a.low).not.toBeNull();
  expect((a.low as number) < (a.kappa as number) && (a.kappa as number) < (a.high as number)).toBe(true);
  expect((b.high as number) - (b.low as number)).toBeGreaterThan(1.5 * ((a.high as number) - (a.low as number)));
  // The same input, the same interval, to the bit.
  expect(clusteredKappa(independent, { resamples: 1000 })).toEqual(a);
});

test("coverage: the 95% interval holds the population κ in about 95 of 100 samples of 40 instances", () => {
  // Two raters: a shared instance-level tendency, then each item's true level, then each rater's noise.
  const draw = (random: () => number, instances: number) =>
    Array.from({ length: instances }, () => {
      const shift = random() < 0.5 ? 0 : 1;
      return Array.from({ length: 4 }, () => {
        const truth = Math.min(3, Math.floor(random() * 3) + shift);
        const noisy = () => (random() < 0.7 ? truth : Math.floor(random() * 4));
        return [noisy(), noisy()] as const;
      });
    });
  const population = draw(lcg(99), 50_000).flat();
  const truth = weightedKappa(
    population.map((p) => p[0]),
    population.map((p) => p[1]),
  ) as number;
  const random = lcg(12345);
  let held = 0;
  const samples = 150;
  for (let s = 0; s < samples; s++) {
    const result = clusteredKappa(draw(random, 40), { resamples: 400, seed: s + 1 });
    if ((result.low as number) <= truth && truth <= (result.high as number)) held++;
  }
  expect(held / samples).toBeGreaterThan(0.88);
  expect(held / samples).toBeLessThan(0.995);
});
