/** Numbers as the research tables show them. */
export const fmt = (x: number | null, digits = 2) => (x === null ? "–" : x.toFixed(digits));
export const share = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
