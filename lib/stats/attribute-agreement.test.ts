import { describe, expect, test } from "vitest";
import { weightedKappa } from "./agreement";
import { attributeAgreement, clusteredKappa } from "./attribute-agreement";
import { KAPPA_POPULATIONS, simulatedKappaCoverage } from "./coverage-simulation";
import type { Rating } from "./curator-agreement";
import { studentTQuantile } from "./student-t";

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
  const rows = attributeAgreement(ratings);
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

test("the interval leaves instances out: copies of one instance's reading widen it, as they should", () => {
  const random = lcg(7);
  const independent: Array<Array<readonly [number, number]>> = [];
  const copied: Array<Array<readonly [number, number]>> = [];
  for (let k = 0; k < 40; k++) {
    const pairs: Array<readonly [number, number]> = [];
    for (let m = 0; m < 5; m++) {
      const level = Math.floor(random() * 4);
      pairs.push([level, random() < 0.6 ? level : Math.floor(random() * 4)] as const);
    }
    // The same pairs, each its own instance; and 40 instances whose 5 items all repeat one pair.
    for (const p of pairs) independent.push([p]);
    copied.push(Array.from({ length: 5 }, () => pairs[0] as readonly [number, number]));
  }
  const a = clusteredKappa(independent);
  const b = clusteredKappa(copied);
  expect(a.low).not.toBeNull();
  expect((a.low as number) < (a.kappa as number) && (a.kappa as number) < (a.high as number)).toBe(true);
  expect((b.high as number) - (b.low as number)).toBeGreaterThan(1.5 * ((a.high as number) - (a.low as number)));
  const reversed = clusteredKappa([...independent].reverse());
  expect(reversed.low).toBeCloseTo(a.low as number, 12);
  expect(reversed.high).toBeCloseTo(a.high as number, 12);
});

test("below 30 instances no interval, and why: two instances do not print 95 % limits", () => {
  const two = [
    [
      [0, 0],
      [1, 1],
      [2, 1],
    ],
    [
      [3, 3],
      [2, 2],
    ],
  ] as Array<Array<readonly [number, number]>>;
  const result = clusteredKappa(two);
  expect(result.kappa).not.toBeNull();
  expect(result).toMatchObject({ low: null, high: null });
  expect(result.noInterval).toBe("2 instances: no interval below 30 (one covered under 0.93 in simulation)");
});

describe("coverage, measured (1,000 seeded draws per case)", () => {
  const names = Object.keys(KAPPA_POPULATIONS) as Array<keyof typeof KAPPA_POPULATIONS>;
  test.each(names)("%s agreement, 30 instances: the jackknife interval on atanh κ holds κ in at least 0.93", (name) => {
    const { coverage, none } = simulatedKappaCoverage(KAPPA_POPULATIONS[name], 30, 1000, 77 + 30, (c) =>
      clusteredKappa(c),
    );
    expect(none).toBeLessThan(0.005);
    expect(coverage).toBeGreaterThanOrEqual(0.93);
  });
  test("at 20 instances the same interval falls under 0.93 for one population: the floor is 30", () => {
    const coverages = names.map(
      (name) => simulatedKappaCoverage(KAPPA_POPULATIONS[name], 20, 1000, 77 + 20, (c) => jackknifeZ(c)).coverage,
    );
    expect(Math.min(...coverages)).toBeLessThan(0.93);
  });
});

/** The interval clusteredKappa gives from 30 instances, without the floor (to measure below it). */
function jackknifeZ(clusters: Array<Array<readonly [number, number]>>) {
  const kappaOf = (pairs: ReadonlyArray<readonly [number, number]>) =>
    weightedKappa(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
  const kappa = kappaOf(clusters.flat());
  if (kappa === null || Math.abs(kappa) >= 1) return { low: null, high: null };
  const z = clusters.map((_, i) => kappaOf(clusters.filter((__, j) => j !== i).flat()));
  if (z.some((v) => v === null || Math.abs(v) >= 1)) return { low: null, high: null };
  const zs = z.map((v) => Math.atanh(v as number));
  const k = clusters.length;
  const centre = zs.reduce((a, b) => a + b, 0) / k;
  const half =
    studentTQuantile(0.975, k - 1) * Math.sqrt(((k - 1) / k) * zs.reduce((a, b) => a + (b - centre) ** 2, 0));
  return { low: Math.tanh(Math.atanh(kappa) - half), high: Math.tanh(Math.atanh(kappa) + half) };
}
