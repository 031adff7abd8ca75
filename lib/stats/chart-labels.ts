/**
 * What the research charts write, decided before drawing: the judge scales' full names in the paper's
 * order (a chart legend sorts its items by name unless told not to: "D, G, HVM, N"), attribute names as
 * read ("strong semantics"), axis labels broken into lines that fit, and short keys for the points of a
 * scatter where the policies' names would run into each other (coincident points share one key).
 */

/** The judge's scales in the paper's order (SPEC §6), each with its letter and full name. */
export const JUDGE_SERIES = [
  { key: "N", name: "Necessity (N)" },
  { key: "D", name: "Disclosure (D)" },
  { key: "G", name: "Guidance (G)" },
  { key: "HVM", name: "Hint value margin (HVM = N − max(D, G))" },
] as const;

/** An attribute as a reader says it: "weak_semantics" → "weak semantics". */
export const attributeText = (attribute: string) => attribute.replace(/_/g, " ");

/**
 * `text` broken at spaces into lines of at most `width` characters (a word longer than that is a line of
 * its own, cut with "…" where it is over `width`), at most `maxLines` lines (the last ends in "…" if the text
 * goes on).
 */
export function wrapLabel(text: string, width: number, maxLines = 3): string[] {
  if (width < 2) throw new Error(`wrapLabel: a line of ${width} characters holds no label`);
  const cut = (word: string) => (word.length > width ? `${word.slice(0, width - 1)}…` : word);
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(cut(word));
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const end = kept[maxLines - 1] as string;
  kept[maxLines - 1] = end.length < width ? `${end}…` : `${end.slice(0, width - 1)}…`;
  return kept;
}

export interface KeyedPoint {
  /** the point's key as the chart writes it beside the point: "1", or "2, 5" where points coincide */
  key: string;
  x: number;
  y: number;
  /** the indices (into the points given) the key stands for */
  members: number[];
}

/**
 * Numbers the points 1, 2, … in the order given, and gives points that coincide (within `xTolerance`
 * and `yTolerance` of the first point of a group) one label naming all their numbers: a chart writes the
 * label once per group, and a key beside it names each number.
 */
export function keyedPoints(
  points: ReadonlyArray<{ x: number; y: number }>,
  xTolerance: number,
  yTolerance: number,
): KeyedPoint[] {
  const groups: KeyedPoint[] = [];
  points.forEach((p, index) => {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return;
    const group = groups.find((g) => Math.abs(g.x - p.x) <= xTolerance && Math.abs(g.y - p.y) <= yTolerance);
    if (group) group.members.push(index);
    else groups.push({ key: "", x: p.x, y: p.y, members: [index] });
  });
  for (const g of groups) g.key = g.members.map((m) => m + 1).join(", ");
  return groups;
}

/** A round upper end for a count axis starting at 0 (1, 2, 5 × 10ⁿ), never below 1. */
export function niceMax(max: number): number {
  if (!(max > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}
