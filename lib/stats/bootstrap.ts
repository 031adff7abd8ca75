/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same stream, so pages are stable between loads. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BootstrapInterval {
  mean: number | null;
  low: number | null;
  high: number | null;
}

/**
 * The mean of rated values with an instance-clustered percentile bootstrap interval: whole instances are
 * resampled (their values stay together), as SPEC §6 asks. Deterministic for a given seed.
 */
export function clusteredBootstrapMean(
  clusters: ReadonlyArray<readonly number[]>,
  seed = 1,
  iterations = 2000,
  level = 0.95,
): BootstrapInterval {
  const nonEmpty = clusters.filter((c) => c.length > 0);
  const values = nonEmpty.flat();
  if (values.length === 0) return { mean: null, low: null, high: null };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sums = nonEmpty.map((c) => c.reduce((a, b) => a + b, 0));
  const counts = nonEmpty.map((c) => c.length);
  const random = seededRandom(seed);
  const means: number[] = [];
  for (let it = 0; it < iterations; it++) {
    let sum = 0;
    let count = 0;
    for (let k = 0; k < nonEmpty.length; k++) {
      const pick = Math.floor(random() * nonEmpty.length);
      sum += sums[pick] as number;
      count += counts[pick] as number;
    }
    means.push(sum / count);
  }
  means.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  const at = (q: number) => means[Math.min(means.length - 1, Math.max(0, Math.floor(q * means.length)))] as number;
  return { mean, low: at(tail), high: at(1 - tail) };
}
