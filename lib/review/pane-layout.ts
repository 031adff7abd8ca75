/**
 * The review page's four panes side by side (issue, gold patch, test patch, hint): how wide each is, which
 * are folded to a strip, what a separator's drag or arrow key does, and how the choice is kept between
 * visits. Pure: the workspace measures, this decides.
 */

export const PANES = ["issue", "gold", "test", "hint"] as const;
export type PaneId = (typeof PANES)[number];

/** The layout chosen for the window: "compact" for a laptop (1280 px), "wide" from 1600 px (1920 px). */
export type LayoutName = "compact" | "wide";

export interface PaneLayout {
  /** relative widths (grid fr) of the panes; a folded pane keeps its width for when it opens again */
  weights: Record<PaneId, number>;
  collapsed: Record<PaneId, boolean>;
}

/** The narrowest each pane is drawn, in CSS pixels: the code panes keep about 30 columns, the hint its form. */
export const MIN_PANE_PX: Record<PaneId, number> = { issue: 160, gold: 220, test: 220, hint: 260 };

/** From this window width the page is laid out for a wide screen. */
export const WIDE_FROM_PX = 1600;

/** How far one arrow key moves a separator; with Shift, four times as far. */
export const KEY_STEP_PX = 32;

const NONE_COLLAPSED: Record<PaneId, boolean> = { issue: false, gold: false, test: false, hint: false };

/**
 * The layouts the page opens with. At 1280 px the code takes most of the width (the issue is read once, the
 * patches all along); at 1920 px the issue and the hint panel get room of their own too.
 */
export const DEFAULT_LAYOUTS: Record<LayoutName, PaneLayout> = {
  compact: { weights: { issue: 0.75, gold: 1.4, test: 1.4, hint: 1 }, collapsed: NONE_COLLAPSED },
  wide: { weights: { issue: 1, gold: 1.6, test: 1.6, hint: 1.15 }, collapsed: NONE_COLLAPSED },
};

/** The layout for a window this many CSS pixels wide. */
export function layoutNameFor(windowWidth: number): LayoutName {
  return windowWidth >= WIDE_FROM_PX ? "wide" : "compact";
}

/** The key a user's layout is kept under in the browser's storage, one per user and layout. */
export function storageKeyFor(user: string, name: LayoutName): string {
  return `hintscope.panes.${name}.${user}`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A kept layout read back: anything unreadable (another version's shape, a hand edit, nothing kept) is the
 * default for that layout, and every pane folded is read as none folded (the page never shows no code).
 */
export function parseStoredLayout(text: string | null | undefined, name: LayoutName): PaneLayout {
  const fallback = DEFAULT_LAYOUTS[name];
  if (!text) return fallback;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fallback;
  }
  if (typeof raw !== "object" || raw === null) return fallback;
  const { weights, collapsed } = raw as { weights?: unknown; collapsed?: unknown };
  if (typeof weights !== "object" || weights === null || typeof collapsed !== "object" || collapsed === null)
    return fallback;
  const out: PaneLayout = { weights: { ...fallback.weights }, collapsed: { ...NONE_COLLAPSED } };
  for (const pane of PANES) {
    const w = (weights as Record<string, unknown>)[pane];
    if (typeof w !== "number" || !Number.isFinite(w) || w <= 0) return fallback;
    out.weights[pane] = w;
    out.collapsed[pane] = (collapsed as Record<string, unknown>)[pane] === true;
  }
  if (PANES.every((p) => out.collapsed[p])) out.collapsed = { ...NONE_COLLAPSED };
  return out;
}

/** A layout as kept in the browser's storage. */
export function serialiseLayout(layout: PaneLayout): string {
  return JSON.stringify(layout);
}

/** Folds a pane to a strip, or opens it again; the last open pane does not fold. */
export function toggleCollapsed(layout: PaneLayout, pane: PaneId): PaneLayout {
  const collapsed = { ...layout.collapsed, [pane]: !layout.collapsed[pane] };
  if (PANES.every((p) => collapsed[p])) return layout;
  return { ...layout, collapsed };
}

/** The open panes either side of separator `index` (the one between PANES[index] and PANES[index + 1]). */
export function neighboursOf(layout: PaneLayout, index: number): [PaneId, PaneId] | null {
  const left = PANES.slice(0, index + 1)
    .filter((p) => !layout.collapsed[p])
    .at(-1);
  const right = PANES.slice(index + 1).find((p) => !layout.collapsed[p]);
  return left && right ? [left, right] : null;
}

/**
 * A separator moved by `delta` CSS pixels (right is positive), from the panes' drawn widths: the open pane
 * on its left grows by what the one on its right gives, neither going under its minimum. The result's
 * weights are the new widths in pixels (grid fr are relative, so pixels serve as weights).
 */
export function resizeAt(layout: PaneLayout, index: number, delta: number, widths: Record<PaneId, number>): PaneLayout {
  const pair = neighboursOf(layout, index);
  if (!pair) return layout;
  const [left, right] = pair;
  const total = widths[left] + widths[right];
  const lo = Math.min(MIN_PANE_PX[left], total - MIN_PANE_PX[right]);
  const hi = Math.max(total - MIN_PANE_PX[right], lo);
  const nextLeft = Math.min(hi, Math.max(lo, widths[left] + delta));
  // Every open pane's weight becomes its width, so the panes not moved keep theirs exactly; a folded pane's
  // weight is scaled alike, so it opens again at the share it had.
  const open = PANES.filter((p) => !layout.collapsed[p]);
  const scale =
    open.reduce((sum, p) => sum + widths[p], 0) /
    Math.max(
      1e-9,
      open.reduce((sum, p) => sum + layout.weights[p], 0),
    );
  const weights = { ...layout.weights };
  for (const p of PANES) weights[p] = round(layout.collapsed[p] ? layout.weights[p] * scale : widths[p]);
  weights[left] = round(nextLeft);
  weights[right] = round(total - nextLeft);
  return { ...layout, weights };
}

/** The move a key on a separator asks for, in pixels (Home and End: as far as it goes), or null for another key. */
export function keyDelta(key: string, shift: boolean): number | null {
  const step = shift ? KEY_STEP_PX * 4 : KEY_STEP_PX;
  switch (key) {
    case "ArrowLeft":
      return -step;
    case "ArrowRight":
      return step;
    case "Home":
      return Number.NEGATIVE_INFINITY;
    case "End":
      return Number.POSITIVE_INFINITY;
    default:
      return null;
  }
}

/**
 * Where separator `index` stands, for assistive technology (aria-valuenow): the share of the two panes it
 * divides that the left one takes, in percent (0 where it divides nothing open).
 */
export function separatorValue(layout: PaneLayout, index: number, widths: Record<PaneId, number>): number {
  const pair = neighboursOf(layout, index);
  if (!pair) return 0;
  const [left, right] = pair;
  const total = widths[left] + widths[right];
  return total > 0 ? Math.round((widths[left] / total) * 100) : 50;
}

/** The CSS grid columns: each pane's share (a folded pane a strip), a separator's column between panes. */
export function gridColumns(layout: PaneLayout): string {
  return PANES.map((p) =>
    layout.collapsed[p] ? "var(--folded-pane)" : `minmax(${MIN_PANE_PX[p]}px, ${layout.weights[p]}fr)`,
  ).join(" var(--pane-gap) ");
}
