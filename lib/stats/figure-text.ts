/** Below this a p-value is printed as a bound: four decimals would print 0.0000. */
export const P_FLOOR = 1e-4;

/** A figure as the tables print it: fixed digits, and never "-0.00" for a value that rounds to zero. */
export function figureText(value: number | null, digits = 2): string {
  if (value === null) return "–";
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}

/** A p-value as the tables print it: four decimals, "< 0.0001" below 1e-4. */
export function pValueText(p: number | null): string {
  if (p === null) return "–";
  return p < P_FLOOR ? `< ${P_FLOOR.toFixed(4)}` : p.toFixed(4);
}
