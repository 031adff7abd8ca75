import type { Cluster } from "./cluster-interval";
import { seededRandom } from "./seeded-random";

/**
 * The coverage simulation (seeded, so the figures are the same on every run; docs/reference/intervals.md
 * quotes them; cluster-interval.test.ts runs it). Each instance is of one of two kinds (the instance effect the clustering is for) and holds 1–4
 * rated values drawn from its kind's distribution over the levels 0–3; the true mean is known.
 */
export const POPULATIONS = {
  // Both kinds' means mirror each other about 1.5.
  symmetric: [
    { weight: 0.5, levels: [0.1, 0.2, 0.3, 0.4] },
    { weight: 0.5, levels: [0.4, 0.3, 0.2, 0.1] },
  ],
  // Mostly 0, as D and G of structural attributes (Table 8's 0.00–0.11): mean 0.112.
  rare: [
    { weight: 0.9, levels: [0.98, 0.01, 0.005, 0.005] },
    { weight: 0.1, levels: [0.5, 0.3, 0.1, 0.1] },
  ],
  // Mostly 0 with more instances away from it: mean 0.304.
  "rare, wider": [
    { weight: 0.8, levels: [0.95, 0.03, 0.01, 0.01] },
    { weight: 0.2, levels: [0.4, 0.2, 0.2, 0.2] },
  ],
  // Mostly 3 (N of a load-bearing attribute): mean 2.889.
  "rare at the top": [
    { weight: 0.9, levels: [0.005, 0.005, 0.01, 0.98] },
    { weight: 0.1, levels: [0.1, 0.1, 0.3, 0.5] },
  ],
} as const;

export function simulatedCoverage(
  population: ReadonlyArray<{ weight: number; levels: readonly number[] }>,
  instances: number,
  draws: number,
  seed: number,
  interval: (clusters: Cluster[]) => { low: number | null; high: number | null },
) {
  const random = seededRandom(seed);
  const truth = population.reduce((sum, kind) => sum + kind.weight * kind.levels.reduce((s, q, l) => s + q * l, 0), 0);
  const draw = (levels: readonly number[]) => {
    let u = random();
    for (let level = 0; level < levels.length; level++) {
      if (u < (levels[level] as number)) return level;
      u -= levels[level] as number;
    }
    return levels.length - 1;
  };
  let covered = 0;
  let zeroWidth = 0;
  for (let d = 0; d < draws; d++) {
    const clusters: Cluster[] = [];
    for (let k = 0; k < instances; k++) {
      let u = random();
      let kind = population[population.length - 1] as (typeof population)[number];
      for (const candidate of population) {
        if (u < candidate.weight) {
          kind = candidate;
          break;
        }
        u -= candidate.weight;
      }
      const size = 1 + Math.floor(random() * 4);
      clusters.push({ key: String(k).padStart(3, "0"), values: Array.from({ length: size }, () => draw(kind.levels)) });
    }
    const { low, high } = interval(clusters);
    if (low !== null && high !== null && low <= truth && truth <= high) covered++;
    if (low !== null && low === high) zeroWidth++;
  }
  return { coverage: covered / draws, zeroWidth: zeroWidth / draws };
}

type Pair = readonly [number, number];

/** A joint distribution of two raters' levels 0–3: the first at `margin`, the second agreeing with `agree`, else independent. */
function raterJoint(margin: readonly number[], agree: number): number[][] {
  return margin.map((p, i) => margin.map((q, j) => p * ((i === j ? agree : 0) + (1 - agree) * q)));
}

/** Rater populations for κ: each instance of one of two kinds (equally likely), its pairs drawn from its kind. */
export const KAPPA_POPULATIONS = {
  moderate: [raterJoint([0.1, 0.2, 0.3, 0.4], 0.6), raterJoint([0.4, 0.3, 0.2, 0.1], 0.6)],
  high: [raterJoint([0.25, 0.25, 0.25, 0.25], 0.85), raterJoint([0.1, 0.2, 0.3, 0.4], 0.85)],
  "rare levels": [raterJoint([0.85, 0.1, 0.03, 0.02], 0.6), raterJoint([0.6, 0.2, 0.1, 0.1], 0.6)],
} as const;

/** The population's quadratic weighted κ (the kinds' joints averaged: instance sizes do not depend on kind). */
export function populationKappa(kinds: readonly number[][][]): number {
  const weight = (i: number, j: number) => 1 - ((i - j) / 3) ** 2;
  const joint = [0, 1, 2, 3].map((i) =>
    [0, 1, 2, 3].map((j) => kinds.reduce((s, k) => s + (k[i]?.[j] ?? 0), 0) / kinds.length),
  );
  const rows = joint.map((row) => row.reduce((a, b) => a + b, 0));
  const cols = [0, 1, 2, 3].map((j) => joint.reduce((s, row) => s + (row[j] ?? 0), 0));
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) {
      observed += (joint[i]?.[j] ?? 0) * weight(i, j);
      expected += (rows[i] as number) * (cols[j] as number) * weight(i, j);
    }
  return (observed - expected) / (1 - expected);
}

/** Seeded samples of `instances` instances of 1–4 rated pairs each: the share whose interval holds the population κ, and the share given none. */
export function simulatedKappaCoverage(
  kinds: readonly number[][][],
  instances: number,
  draws: number,
  seed: number,
  interval: (clusters: Pair[][]) => { low: number | null; high: number | null },
) {
  const random = seededRandom(seed);
  const truth = populationKappa(kinds);
  const pair = (joint: readonly number[][]): Pair => {
    let u = random();
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) {
        const p = joint[i]?.[j] ?? 0;
        if (u < p) return [i, j];
        u -= p;
      }
    return [3, 3];
  };
  let covered = 0;
  let none = 0;
  for (let d = 0; d < draws; d++) {
    const clusters = Array.from({ length: instances }, () => {
      const kind = kinds[Math.floor(random() * kinds.length)] as number[][];
      return Array.from({ length: 1 + Math.floor(random() * 4) }, () => pair(kind));
    });
    const { low, high } = interval(clusters);
    if (low === null || high === null) none++;
    else if (low <= truth && truth <= high) covered++;
  }
  return { coverage: covered / draws, none: none / draws };
}
