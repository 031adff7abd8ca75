"use client";

import { Fragment, type ReactNode, useRef } from "react";
import { PANES, type PaneId } from "@/lib/review/pane-layout";
import { PaneSeparator } from "./pane-separator";
import { usePaneLayout } from "./use-pane-layout";

export interface PaneFold {
  folded: boolean;
  onFold: (pane: PaneId) => void;
}

/**
 * The review page's panes side by side, a separator between each two (dragged or moved by keys), each pane
 * foldable; laid out for the window (1280 or 1920) as this user left it.
 */
export function PaneGrid({ user, panes }: { user: string; panes: Record<PaneId, (fold: PaneFold) => ReactNode> }) {
  const container = useRef<HTMLDivElement>(null);
  const layout = usePaneLayout(user, container);
  return (
    <div
      className="workspace"
      ref={container}
      style={layout.columns ? ({ "--workspace-columns": layout.columns } as React.CSSProperties) : undefined}
      data-layout-ready={layout.columns ? "" : undefined}
    >
      {PANES.map((pane, index) => {
        const pair = index < PANES.length - 1 ? layout.pair(index) : null;
        return (
          <Fragment key={pane}>
            {panes[pane]({ folded: layout.collapsed(pane), onFold: layout.fold })}
            {index < PANES.length - 1 &&
              (pair ? (
                <PaneSeparator left={pair[0]} right={pair[1]} {...layout.separator(index)} />
              ) : (
                <div className="pane-separator" aria-hidden="true" />
              ))}
          </Fragment>
        );
      })}
    </div>
  );
}
