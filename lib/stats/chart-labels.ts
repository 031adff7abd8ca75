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
  /** the point's key as the chart writes it beside the point: "1", or "2, 5" where points are too close to label apart */
  key: string;
  x: number;
  y: number;
  /** the indices (into the points given) the key stands for */
  members: number[];
  /** which side of its point the key is written on: left where it would run past the plot's right edge */
  side: "left" | "right";
}

/** A scatter's plot area in pixels for the data spans drawn in it, and its labels' size. */
export interface PlotGeometry {
  xSpan: number;
  ySpan: number;
  widthPx: number;
  heightPx: number;
  /** width of a label's character and height of its line, px */
  charPx: number;
  linePx: number;
}

/** Gap between a point and its label, px (past the largest point's radius). */
const LABEL_GAP = 8;

/**
 * Numbers the points 1, 2, … in the order given and writes each number beside its point; where two labels would
 * overlap (in the plot's pixels) their points share one label naming all their numbers ("2, 5"), written beside
 * the first of them, so no two labels run into each other and none runs past the plot's edge.
 */
export function keyedPoints(points: ReadonlyArray<{ x: number; y: number }>, plot: PlotGeometry): KeyedPoint[] {
  if (!(plot.xSpan > 0 && plot.ySpan > 0)) throw new Error("keyedPoints: a plot's data spans must be above 0");
  const groups: KeyedPoint[] = [];
  points.forEach((p, index) => {
    if (Number.isFinite(p.x) && Number.isFinite(p.y))
      groups.push({ key: String(index + 1), x: p.x, y: p.y, members: [index], side: "right" });
  });
  const box = (g: KeyedPoint) => {
    const px = (g.x / plot.xSpan) * plot.widthPx;
    const py = (g.y / plot.ySpan) * plot.heightPx;
    const width = g.key.length * plot.charPx;
    g.side = px + LABEL_GAP + width > plot.widthPx ? "left" : "right";
    const left = g.side === "right" ? px + LABEL_GAP : px - LABEL_GAP - width;
    return { left, right: left + width, top: py - plot.linePx / 2, bottom: py + plot.linePx / 2 };
  };
  const overlap = (a: KeyedPoint, b: KeyedPoint) => {
    const [p, q] = [box(a), box(b)];
    return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
  };
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < groups.length && !merged; i++)
      for (let j = i + 1; j < groups.length && !merged; j++) {
        const [a, b] = [groups[i] as KeyedPoint, groups[j] as KeyedPoint];
        if (!overlap(a, b)) continue;
        a.members = [...a.members, ...b.members].sort((m, n) => m - n);
        a.key = a.members.map((m) => m + 1).join(", ");
        groups.splice(j, 1);
        merged = true;
      }
  }
  for (const g of groups) box(g);
  return groups;
}

/** A round upper end for a count axis starting at 0 (1, 2, 5 × 10ⁿ), never below 1. */
export function niceMax(max: number): number {
  if (!(max > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}
