import { figureText, pValueText } from "@/lib/stats/figure-text";

/** Numbers as the research tables show them (never "-0.00"), and p-values ("< 0.0001" below 1e-4). */
export const fmt = figureText;
export const pValue = pValueText;
export const share = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
