import { expect, test } from "vitest";
import { raterAgreement } from "./curator-agreement";
import { kappaIntervalNote } from "./nominal-agreement";

const r = (rater: string, item: string, n: number, d = 0, g = 0) => ({
  rater,
  item,
  necessity: n,
  disclosure: d,
  guidance: g,
});

test("the overall rater-agreement rows say, as a round's κ does, why there is no interval, and why κ is undefined", () => {
  // One item: every κ undefined, and the note says both.
  const [one] = raterAgreement([r("ada", "x", 1, 2, 3), r("judge: j", "x", 2, 2, 3)]);
  expect(one?.necessity).toBeNull();
  expect(one?.note).toBe(
    "κ N, κ D, κ G: one item: κ undefined (chance agreement is the observed agreement by construction)",
  );
  expect(one?.interval_note).toBe("no interval: 1 rated item; below 30 a κ interval covered under 0.93 in simulation");
  // Five items: κ N defined, D and G constant (undefined), and too few for an interval.
  const [few] = raterAgreement([
    ...[0, 1, 2, 3, 3].map((n, i) => r("ada", `x${i}`, n)),
    ...[0, 1, 2, 2, 3].map((n, i) => r("judge: j", `x${i}`, n)),
  ]);
  expect(few?.necessity).toBeCloseTo(56 / 61, 12);
  expect(few?.interval_note).toBe(kappaIntervalNote(5, "rated item"));
  expect(few?.interval_note).toMatch(/^no interval: 5 rated items; below 30/);
  // Thirty or more: the interval is the per-attribute table's (clustered by instance), and the note says where.
  const many = raterAgreement([
    ...Array.from({ length: 30 }, (_, i) => r("ada", `x${i}`, i % 4, (i + 1) % 4, i % 2)),
    ...Array.from({ length: 30 }, (_, i) => r("judge: j", `x${i}`, (i + 1) % 4, (i + 1) % 4, i % 3)),
  ]);
  expect(many[0]?.note).toBeNull();
  expect(many[0]?.interval_note).toBe(
    "no interval: 30 rated items; per attribute, with instances as clusters, in the table below",
  );
  // A round's note is unchanged.
  expect(kappaIntervalNote(2)).toBe("no interval: 2 hints; below 30 a κ interval covered under 0.93 in simulation");
});
