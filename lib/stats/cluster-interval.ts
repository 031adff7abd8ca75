import { incompleteBeta, studentTQuantile } from "./student-t";

/** A mean with its interval, or why there is none. */
export interface MeanInterval {
  mean: number | null;
  low: number | null;
  high: number | null;
  /** why no interval is given (fewer than two clusters), or null */
  noInterval: string | null;
}

/** One cluster (an instance): its key, and the rated values it holds. */
export interface Cluster {
  key: string;
  values: readonly number[];
}

/** The p-quantile of Beta(a, b), by bisection on the regularised incomplete beta function. */
export function betaQuantile(p: number, a: number, b: number): number {
  let low = 0;
  let high = 1;
  for (let i = 0; i < 200 && high - low > 1e-15; i++) {
    const mid = (low + high) / 2;
    if (incompleteBeta(a, b, mid) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The effective sample size is at most this many times the rated values (measured: see docs/reference/intervals.md). */
const EFFECTIVE_CAP = 2;

/**
 * The mean of the values of all clusters (each value counts once) with an interval whose coverage was measured
 * at 5, 10 and 30 instances for symmetric and for rare levels (cluster-interval.test.ts, docs/reference/intervals.md):
 *
 * - every value at one level L: an exact bound. The share q of instances holding anything but L is at most
 *   1 − (α/2)^(1/k) (Clopper–Pearson's bound from 0 of k instances), and the mean lies within q of the range
 *   away from L: [L − (L − lo)·q, L + (hi − L)·q]. Never a width of zero.
 * - otherwise a clustered Clopper–Pearson interval (Korn & Graubard's effective sample size): the mean scaled to
 *   [0, 1] by `range`, the cluster jackknife's variance of the ratio mean, n* = p(1 − p)/var (at most twice the
 *   values), shrunk by (z/t_{k−1})², and Clopper–Pearson's Beta limits at p·n* of n*. Asymmetric near a bound,
 *   where a t interval on the mean fell to 0.86 coverage at 30 instances and printed [0.00, 0.00].
 *
 * Whole instances are the unit (SPEC §6). No interval below two instances, and it says why. Clusters are
 * taken in key order, so the same values in another order give the same figures to the bit. `range` is the
 * values' possible range (0–3 for N, D, G; −3–3 for HVM).
 */
export function clusteredMeanInterval(
  clusters: readonly Cluster[],
  level: number,
  range: readonly [number, number],
): MeanInterval {
  const [lo, hi] = range;
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && hi > lo))
    throw new RangeError(`clusteredMeanInterval: the values' range must be finite, got [${lo}, ${hi}]`);
  const ordered = clusters
    .filter((c) => c.values.length > 0)
    .map((c) => ({ key: c.key, values: [...c.values].sort((a, b) => a - b) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const k = ordered.length;
  if (k === 0) return { mean: null, low: null, high: null, noInterval: "no rated values" };
  const sums = ordered.map((c) => c.values.reduce((a, b) => a + b, 0));
  const counts = ordered.map((c) => c.values.length);
  const sumAll = sums.reduce((a, b) => a + b, 0);
  const total = counts.reduce((a, b) => a + b, 0);
  const mean = sumAll / total;
  if (k < 2) return { mean, low: null, high: null, noInterval: "one instance: an interval needs two or more" };
  const alpha = 1 - level;
  const first = ordered[0]?.values[0] as number;
  if (ordered.every((c) => c.values.every((v) => v === first))) {
    const q = 1 - (alpha / 2) ** (1 / k);
    return { mean: first, low: first - (first - lo) * q, high: first + (hi - first) * q, noInterval: null };
  }
  // The cluster jackknife's variance of the ratio mean.
  const leftOut = sums.map((s, i) => (sumAll - s) / (total - (counts[i] as number)));
  const centre = leftOut.reduce((a, b) => a + b, 0) / k;
  const variance = ((k - 1) / k) * leftOut.reduce((a, b) => a + (b - centre) ** 2, 0);
  const width = hi - lo;
  const p = Math.min(1, Math.max(0, (mean - lo) / width));
  const scaled = variance / (width * width);
  const cap = EFFECTIVE_CAP * total;
  const effective =
    (scaled > 0 ? Math.min(cap, (p * (1 - p)) / scaled) : cap) *
    (studentTQuantile(1 - alpha / 2, 1e6) / studentTQuantile(1 - alpha / 2, k - 1)) ** 2;
  const x = p * effective;
  const low = x <= 0 ? 0 : betaQuantile(alpha / 2, x, effective - x + 1);
  const high = x >= effective ? 1 : betaQuantile(1 - alpha / 2, x + 1, effective - x);
  return { mean, low: lo + low * width, high: lo + high * width, noInterval: null };
}
