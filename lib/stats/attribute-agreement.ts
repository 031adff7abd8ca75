import { weightedKappa, whyNoKappa } from "./agreement";
import type { Rating } from "./curator-agreement";
import { compareAttributes } from "./judge-summary";
import { seededRandom } from "./seeded-random";

/*
 * Curator against judge (or curator against curator) per attribute and scale: quadratic weighted κ with a
 * 95% interval that resamples whole instances (a cluster bootstrap: the attributes of one instance are rated
 * from one reading of it, so they are not independent), and the confusion matrix of levels.
 */

export const SCALES = ["necessity", "disclosure", "guidance"] as const;
export type Scale = (typeof SCALES)[number];
const LEVELS = 4;

export interface ScaleAgreement {
  kappa: number | null;
  low: number | null;
  high: number | null;
  /** why there is no interval (fewer than two instances), or null */
  noInterval: string | null;
  /** counts[first's level][second's level], levels 0–3 */
  confusion: number[][];
}

export interface AttributeAgreement {
  first: string;
  second: string;
  /** an attribute, or "all" for every attribute together */
  attribute: string;
  items: number;
  instances: number;
  scales: Record<Scale, ScaleAgreement>;
}

/** The attribute and the instance of a rated item (JSON [benchmark id, instance id, identifier, attribute]). */
function partsOf(item: string): { instance: string; attribute: string } {
  const [benchmark, instance, , attribute] = JSON.parse(item) as [string, string, string, string];
  return { instance: `${benchmark}\u0000${instance}`, attribute };
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  return (sorted[below] as number) + ((sorted[above] as number) - (sorted[below] as number)) * (at - below);
}

/**
 * κ over pairs of levels grouped by instance, with a percentile interval from `resamples` cluster bootstrap
 * draws (instances drawn with replacement, each bringing all its pairs). Draws whose κ is undefined (one
 * level throughout) are left out of the percentiles.
 */
export function clusteredKappa(
  clusters: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  options: { resamples?: number; seed?: number; level?: number } = {},
): Omit<ScaleAgreement, "confusion"> {
  const { resamples = 1000, seed = 1, level = 0.95 } = options;
  const pairs = clusters.flat();
  const kappa = weightedKappa(
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
    LEVELS,
  );
  if (kappa === null) {
    const why = whyNoKappa(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
    return { kappa, low: null, high: null, noInterval: why ?? "κ undefined" };
  }
  if (clusters.length < 2) return { kappa, low: null, high: null, noInterval: "fewer than two instances: no interval" };
  const random = seededRandom(seed);
  const draws: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const first: number[] = [];
    const second: number[] = [];
    for (let k = 0; k < clusters.length; k++) {
      for (const [x, y] of clusters[Math.floor(random() * clusters.length)] as ReadonlyArray<
        readonly [number, number]
      >) {
        first.push(x);
        second.push(y);
      }
    }
    const value = weightedKappa(first, second, LEVELS);
    if (value !== null) draws.push(value);
  }
  if (draws.length < resamples / 2)
    return { kappa, low: null, high: null, noInterval: "κ is undefined in most resamples (one level throughout)" };
  draws.sort((a, b) => a - b);
  return { kappa, low: quantile(draws, (1 - level) / 2), high: quantile(draws, 1 - (1 - level) / 2), noInterval: null };
}

/**
 * Agreement of every curator with every other rater (each judge is a rater per selection), per attribute and
 * for all attributes together, on the items both rated. Judge–judge pairs are left out.
 */
export function attributeAgreement(
  ratings: readonly Rating[],
  options: { resamples?: number; seed?: number } = {},
): AttributeAgreement[] {
  const byRater = new Map<string, Map<string, Rating>>();
  for (const r of ratings) byRater.set(r.rater, (byRater.get(r.rater) ?? new Map()).set(r.item, r));
  const raters = [...byRater.keys()].sort();
  const isJudge = (rater: string) => rater.startsWith("judge: ");
  const rows: AttributeAgreement[] = [];
  for (let i = 0; i < raters.length; i++)
    for (let j = i + 1; j < raters.length; j++) {
      const [first, second] = [raters[i] as string, raters[j] as string];
      if (isJudge(first) && isJudge(second)) continue;
      const a = byRater.get(first) as Map<string, Rating>;
      const b = byRater.get(second) as Map<string, Rating>;
      const shared = [...a.keys()].filter((item) => b.has(item)).sort();
      if (shared.length === 0) continue;
      const attributes = [...new Set(shared.map((item) => partsOf(item).attribute))].sort(compareAttributes);
      for (const attribute of [...attributes, ...(attributes.length > 1 ? ["all"] : [])]) {
        const items = shared.filter((item) => attribute === "all" || partsOf(item).attribute === attribute);
        const byInstance = new Map<string, string[]>();
        for (const item of items) {
          const { instance } = partsOf(item);
          byInstance.set(instance, [...(byInstance.get(instance) ?? []), item]);
        }
        const instances = [...byInstance.keys()].sort();
        const scale = (s: Scale): ScaleAgreement => {
          const confusion = Array.from({ length: LEVELS }, () => new Array<number>(LEVELS).fill(0));
          for (const item of items) {
            const row = confusion[(a.get(item) as Rating)[s]] as number[];
            row[(b.get(item) as Rating)[s]] = (row[(b.get(item) as Rating)[s]] as number) + 1;
          }
          const clusters = instances.map((instance) =>
            (byInstance.get(instance) as string[]).map(
              (item) => [(a.get(item) as Rating)[s], (b.get(item) as Rating)[s]] as const,
            ),
          );
          return { ...clusteredKappa(clusters, options), confusion };
        };
        rows.push({
          first,
          second,
          attribute,
          items: items.length,
          instances: instances.length,
          scales: { necessity: scale("necessity"), disclosure: scale("disclosure"), guidance: scale("guidance") },
        });
      }
    }
  return rows;
}
