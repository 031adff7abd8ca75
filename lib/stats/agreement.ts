/** κ within this of 0 is 0: the sum of products leaves 1e-16 where observed and chance agreement are equal. */
const KAPPA_NOISE = 1e-12;

/**
 * Why two raters' κ is undefined, or null when it is defined: no items; one item (chance agreement equals
 * the observed one by construction); both raters at one and the same level throughout (κ = 0/0).
 */
export function whyNoKappa(first: readonly number[], second: readonly number[]): string | null {
  if (first.length === 0) return "no items both rated: κ undefined";
  if (first.length === 1) return "one item: κ undefined (chance agreement is the observed agreement by construction)";
  const level = first[0];
  if (first.every((x) => x === level) && second.every((y) => y === level))
    return "both raters gave one and the same level throughout: κ = 0/0, undefined";
  return null;
}

/**
 * Cohen's weighted kappa between two raters on an ordinal 0..(levels-1) scale (SPEC §6: curators vs judge);
 * null where it is undefined (whyNoKappa says why).
 */
export function weightedKappa(
  first: readonly number[],
  second: readonly number[],
  levels = 4,
  weighting: "linear" | "quadratic" = "quadratic",
): number | null {
  if (first.length !== second.length)
    throw new RangeError("weightedKappa: the raters rated different numbers of items");
  const n = first.length;
  if (n < 2) return null;
  const agreement = (i: number, j: number) => {
    const d = Math.abs(i - j) / (levels - 1);
    return weighting === "linear" ? 1 - d : 1 - d * d;
  };
  const rowTotals = new Array<number>(levels).fill(0);
  const colTotals = new Array<number>(levels).fill(0);
  let observed = 0;
  for (let k = 0; k < n; k++) {
    const i = first[k] as number;
    const j = second[k] as number;
    if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < 0 || i >= levels || j >= levels) {
      throw new RangeError(`weightedKappa: rating out of 0..${levels - 1} at item ${k}`);
    }
    rowTotals[i] = (rowTotals[i] as number) + 1;
    colTotals[j] = (colTotals[j] as number) + 1;
    observed += agreement(i, j);
  }
  observed /= n;
  let expected = 0;
  for (let i = 0; i < levels; i++) {
    for (let j = 0; j < levels; j++)
      expected += ((rowTotals[i] as number) / n) * ((colTotals[j] as number) / n) * agreement(i, j);
  }
  // Both raters used one and the same level throughout: observed and chance agreement are both 1, κ = 0/0.
  if (expected === 1) return null;
  const kappa = (observed - expected) / (1 - expected);
  // Float noise (7.77e-16, -0) where observed and chance agreement are equal: κ is 0, and prints so.
  return Math.abs(kappa) < KAPPA_NOISE ? 0 : kappa;
}

/** Cramér's V of a contingency table (rows × columns of counts): 0 = no association, 1 = complete. */
export function cramersV(table: readonly (readonly number[])[]): number | null {
  const rows = table.length;
  const cols = table[0]?.length ?? 0;
  const total = table.flat().reduce((a, b) => a + b, 0);
  if (rows < 2 || cols < 2 || total === 0) return null;
  const rowSums = table.map((row) => row.reduce((a, b) => a + b, 0));
  const colSums = Array.from({ length: cols }, (_, j) => table.reduce((sum, row) => sum + (row[j] ?? 0), 0));
  let chi2 = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const expected = ((rowSums[i] as number) * (colSums[j] as number)) / total;
      if (expected > 0) chi2 += ((table[i]?.[j] ?? 0) - expected) ** 2 / expected;
    }
  }
  const k = Math.min(rows, cols) - 1;
  return Math.sqrt(chi2 / (total * k));
}

/** ln Γ(x) (Lanczos, g = 7), for the χ² distribution. */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = c[0] as number;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularised upper incomplete gamma Q(s, x): series below s + 1, continued fraction above. */
function gammaQ(s: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + s * Math.log(x) - logGamma(s));
  if (x < s + 1) {
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n < 500; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * front);
  }
  // Lentz's continued fraction for Q.
  let b = x + 1 - s;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, front * h);
}

/**
 * Pearson's χ² test of independence for a contingency table: rows and columns that hold nothing are
 * dropped first; null when fewer than two rows or columns are left (no association to test).
 */
export function chiSquareTest(table: readonly (readonly number[])[]): { chi2: number; df: number; p: number } | null {
  const rowsKept = table.filter((row) => row.some((v) => v > 0));
  const cols = rowsKept[0]?.length ?? 0;
  const colsKept = Array.from({ length: cols }, (_, j) => j).filter((j) => rowsKept.some((row) => (row[j] ?? 0) > 0));
  const t = rowsKept.map((row) => colsKept.map((j) => row[j] ?? 0));
  if (t.length < 2 || colsKept.length < 2) return null;
  const total = t.flat().reduce((a, b) => a + b, 0);
  const rowSums = t.map((row) => row.reduce((a, b) => a + b, 0));
  const colSums = colsKept.map((_, j) => t.reduce((sum, row) => sum + (row[j] ?? 0), 0));
  let chi2 = 0;
  t.forEach((row, i) => {
    row.forEach((observed, j) => {
      const expected = ((rowSums[i] as number) * (colSums[j] as number)) / total;
      chi2 += (observed - expected) ** 2 / expected;
    });
  });
  const df = (t.length - 1) * (colsKept.length - 1);
  return { chi2, df, p: gammaQ(df / 2, chi2 / 2) };
}
