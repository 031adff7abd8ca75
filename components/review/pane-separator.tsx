"use client";

import type { PaneId } from "@/lib/review/pane-layout";

export const PANE_LABELS: Record<PaneId, string> = {
  issue: "Issue",
  gold: "Gold patch",
  test: "Test patch",
  hint: "Hint",
};

/**
 * The handle between two panes: dragged, or focused and moved with the arrow keys (Shift: further; Home and
 * End: as far as it goes). Its value is the left pane's share of the two, in percent.
 */
export function PaneSeparator({
  left,
  right,
  value,
  onKeyDown,
  onPointerDown,
  onPointerMove,
  onPointerUp,
}: {
  left: PaneId;
  right: PaneId;
  value: number;
  onKeyDown: (event: React.KeyboardEvent) => void;
  onPointerDown: (event: React.PointerEvent) => void;
  onPointerMove: (event: React.PointerEvent) => void;
  onPointerUp: (event: React.PointerEvent) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable window splitter is role="separator" (WAI-ARIA APG); <hr> takes no focus
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${PANE_LABELS[left]} and ${PANE_LABELS[right]}`}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      tabIndex={0}
      className="pane-separator"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    />
  );
}

/** A pane's fold: folded, the pane is a strip with its name and this button to open it again. */
export function FoldButton({
  pane,
  folded,
  onFold,
}: {
  pane: PaneId;
  folded: boolean;
  onFold: (pane: PaneId) => void;
}) {
  return (
    <button
      type="button"
      className="fold-button"
      aria-expanded={!folded}
      aria-label={`${folded ? "Open" : "Fold"} ${PANE_LABELS[pane]}`}
      title={`${folded ? "Open" : "Fold"} the ${PANE_LABELS[pane].toLowerCase()} pane`}
      onClick={() => onFold(pane)}
    >
      {folded ? "Open" : "Fold"}
    </button>
  );
}
