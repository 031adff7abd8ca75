/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface RateInterval {
  /** successes / n, or null when n is 0 */
  rate: number | null;
  low: number;
  high: number;
}

/** The Wilson score interval for a proportion (95% by default); n = 0 gives the whole [0, 1]. */
export function wilsonInterval(successes: number, n: number, z = Z95): RateInterval {
  if (!Number.isInteger(successes) || !Number.isInteger(n) || successes < 0 || n < 0 || successes > n) {
    throw new RangeError(`wilsonInterval: need 0 ≤ successes ≤ n, got ${successes}/${n}`);
  }
  if (n === 0) return { rate: null, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0 or n successes the bound is exactly 0 or 1 (floating point leaves 1e-17 there otherwise).
  return {
    rate: p,
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === n ? 1 : Math.min(1, centre + half),
  };
}
