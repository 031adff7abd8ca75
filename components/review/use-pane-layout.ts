"use client";

import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import {
  gridColumns,
  keyDelta,
  type LayoutName,
  layoutNameFor,
  neighboursOf,
  PANES,
  type PaneId,
  type PaneLayout,
  parseStoredLayout,
  resizeAt,
  separatorValue,
  serialiseLayout,
  storageKeyFor,
  toggleCollapsed,
} from "@/lib/review/pane-layout";

const NO_WIDTHS: Record<PaneId, number> = { issue: 0, gold: 0, test: 0, hint: 0 };

/** The drawn widths of the workspace's panes, in the order of PANES (its direct `.pane` children). */
function measure(container: HTMLElement | null): Record<PaneId, number> {
  const widths = { ...NO_WIDTHS };
  const panes = container ? [...container.querySelectorAll<HTMLElement>(":scope > .pane")] : [];
  PANES.forEach((pane, i) => {
    widths[pane] = panes[i]?.getBoundingClientRect().width ?? 0;
  });
  return widths;
}

/**
 * The review page's pane layout: the one for this window's width (1280 or 1920), as this user last left it in
 * this browser; separators that drag and take arrow keys; a fold per pane. Until it has read what was kept
 * (after hydration), the page draws the stylesheet's default for the window.
 */
export function usePaneLayout(user: string, container: RefObject<HTMLDivElement | null>) {
  const [name, setName] = useState<LayoutName | null>(null);
  const [layout, setLayout] = useState<PaneLayout | null>(null);
  const [widths, setWidths] = useState(NO_WIDTHS);

  useEffect(() => {
    const wide = window.matchMedia("(min-width: 1600px)");
    const pick = () => {
      const next = layoutNameFor(window.innerWidth);
      setName(next);
      setLayout(parseStoredLayout(window.localStorage.getItem(storageKeyFor(user, next)), next));
    };
    pick();
    wide.addEventListener("change", pick);
    return () => wide.removeEventListener("change", pick);
  }, [user]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidths(measure(element)));
    for (const pane of element.querySelectorAll(":scope > .pane")) observer.observe(pane);
    setWidths(measure(element));
    return () => observer.disconnect();
  }, [container]);

  const change = useCallback(
    (next: PaneLayout) => {
      setLayout(next);
      if (name) window.localStorage.setItem(storageKeyFor(user, name), serialiseLayout(next));
    },
    [name, user],
  );

  const fold = useCallback((pane: PaneId) => layout && change(toggleCollapsed(layout, pane)), [layout, change]);

  // A drag moves from where it started: the layout and widths of that moment, plus how far the pointer went.
  const drag = useRef<{ index: number; x: number; from: PaneLayout; widths: Record<PaneId, number> } | null>(null);
  const separator = (index: number) => ({
    value: layout ? separatorValue(layout, index, widths) : 0,
    onKeyDown: (event: React.KeyboardEvent) => {
      const delta = keyDelta(event.key, event.shiftKey);
      if (delta === null || !layout) return;
      // The arrows are the separator's own here, not the review's shortcuts.
      event.preventDefault();
      event.stopPropagation();
      change(resizeAt(layout, index, delta, measure(container.current)));
    },
    onPointerDown: (event: React.PointerEvent) => {
      if (!layout || event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { index, x: event.clientX, from: layout, widths: measure(container.current) };
    },
    onPointerMove: (event: React.PointerEvent) => {
      const at = drag.current;
      if (!at || at.index !== index) return;
      change(resizeAt(at.from, index, event.clientX - at.x, at.widths));
    },
    onPointerUp: (event: React.PointerEvent) => {
      drag.current = null;
      event.currentTarget.releasePointerCapture(event.pointerId);
    },
  });

  return {
    /** the grid's columns, once the kept layout is read (before: the stylesheet's) */
    columns: layout ? gridColumns(layout) : undefined,
    collapsed: (pane: PaneId) => layout?.collapsed[pane] ?? false,
    /** the open panes separator `index` divides (null: it divides none) */
    pair: (index: number): [PaneId, PaneId] | null =>
      layout ? neighboursOf(layout, index) : [PANES[index] ?? "issue", PANES[index + 1] ?? "hint"],
    fold,
    separator,
  };
}
