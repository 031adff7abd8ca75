import { studentTQuantile } from "./student-t";

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

/**
 * The mean of the values of all clusters (each value counts once) with a cluster-robust t interval: the
 * ratio estimator's linearised variance, k/(k − 1) · Σ(Sᵢ − mean·mᵢ)² / (Σmᵢ)², with Student's t on k − 1
 * degrees of freedom (k clusters). Whole instances are the unit, as SPEC §6 asks, and the t quantile keeps
 * the coverage near nominal at few clusters (a percentile bootstrap covered 0.90 at 10 instances; this
 * covers 0.94–0.95, measured in cluster-interval.test.ts). No interval below two clusters, and it says why.
 * Clusters are taken in key order, so the same values in another order give the same figures to the bit.
 * `range` clamps the limits to the values' possible range.
 */
export function clusteredMeanInterval(
  clusters: readonly Cluster[],
  level = 0.95,
  range: readonly [number, number] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
): MeanInterval {
  const ordered = clusters
    .filter((c) => c.values.length > 0)
    .map((c) => ({ key: c.key, values: [...c.values].sort((a, b) => a - b) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const k = ordered.length;
  if (k === 0) return { mean: null, low: null, high: null, noInterval: "no rated values" };
  const sums = ordered.map((c) => c.values.reduce((a, b) => a + b, 0));
  const counts = ordered.map((c) => c.values.length);
  const total = counts.reduce((a, b) => a + b, 0);
  const mean = sums.reduce((a, b) => a + b, 0) / total;
  if (k < 2) return { mean, low: null, high: null, noInterval: "one instance: an interval needs two or more" };
  let squares = 0;
  for (let i = 0; i < k; i++) {
    const residual = (sums[i] as number) - mean * (counts[i] as number);
    squares += residual * residual;
  }
  const standardError = Math.sqrt((k / (k - 1)) * squares) / total;
  const half = studentTQuantile(1 - (1 - level) / 2, k - 1) * standardError;
  return {
    mean,
    low: Math.max(range[0], mean - half),
    high: Math.min(range[1], mean + half),
    noInterval: null,
  };
}
