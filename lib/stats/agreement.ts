/** Cohen's weighted kappa between two raters on an ordinal 0..(levels-1) scale (SPEC §6: curators vs judge). */
export function weightedKappa(
  first: readonly number[],
  second: readonly number[],
  levels = 4,
  weighting: "linear" | "quadratic" = "quadratic",
): number | null {
  if (first.length !== second.length)
    throw new RangeError("weightedKappa: the raters rated different numbers of items");
  const n = first.length;
  if (n === 0) return null;
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
  // Both raters used one and the same level throughout: agreement is perfect but kappa is undefined.
  if (expected === 1) return observed === 1 ? 1 : null;
  return (observed - expected) / (1 - expected);
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
