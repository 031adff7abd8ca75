"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type InstanceListRow, LIST_PAGE, type ListWindow } from "@/lib/review/list-state";

/** The rows of one list view fetched so far, by page, with its counts. */
export interface Loaded {
  /** the view (its query string) these rows are of */
  key: string;
  matching: number;
  total: number;
  /** the view's kept pick is not on this server (ListWindow) */
  unknownPick: boolean;
  pages: ReadonlyMap<number, InstanceListRow[]>;
}

const windowUrl = (key: string, page: number, benchmarkId?: number) => {
  const params = new URLSearchParams(key);
  params.set("offset", String(page * LIST_PAGE));
  params.set("limit", String(LIST_PAGE));
  if (benchmarkId !== undefined) params.set("benchmarkId", String(benchmarkId));
  return `/api/instances?${params}`;
};

/** The rows fetched so far, in the view's order, each with its index in the view. */
export const loadedRows = (loaded: Loaded) =>
  [...loaded.pages]
    .sort(([a], [b]) => a - b)
    .flatMap(([page, rows]) => rows.map((row, n) => ({ index: page * LIST_PAGE + n, row })));

/**
 * The windows of a list view fetched from the server (/api/instances): the page's first window to start
 * with, then what `fetchPage` asks for. A new view cancels what was asked for the old one and fetches its
 * first page; a page of a view the curator has left is dropped on arrival.
 */
export function useListWindows(search: string, initial: ListWindow, benchmarkId?: number) {
  const [loaded, setLoaded] = useState<Loaded>(() => ({
    key: search,
    matching: initial.matching,
    total: initial.total,
    unknownPick: initial.unknownPick,
    pages: new Map([[0, initial.rows]]),
  }));
  const [failure, setFailure] = useState<string | null>(null);
  const current = useRef(search);
  current.current = search;
  const inflight = useRef(new Map<string, AbortController>());

  /** Fetches one page of a view; a page of a view the curator has left is dropped on arrival. */
  const fetchPage = useCallback(
    async (key: string, page: number) => {
      const id = `${key}#${page}`;
      if (inflight.current.has(id)) return;
      const controller = new AbortController();
      inflight.current.set(id, controller);
      try {
        const response = await fetch(windowUrl(key, page, benchmarkId), {
          signal: controller.signal,
          cache: "no-store",
        });
        const body = (await response.json()) as ({ ok: true } & ListWindow) | { ok: false; error: string };
        if (!body.ok) throw new Error(body.error);
        if (current.current !== key) return;
        setFailure(null);
        setLoaded((l) => ({
          key,
          matching: body.matching,
          total: body.total,
          unknownPick: body.unknownPick,
          pages: new Map(l.key === key ? l.pages : []).set(page, body.rows),
        }));
      } catch (error) {
        if (!controller.signal.aborted) setFailure(`The list could not be loaded: ${(error as Error).message}`);
      } finally {
        inflight.current.delete(id);
      }
    },
    [benchmarkId],
  );

  // A new view: what was asked for the old one is cancelled, and its first page is asked for.
  useEffect(() => {
    if (loaded.key === search) return;
    for (const [id, controller] of inflight.current) if (!id.startsWith(`${search}#`)) controller.abort();
    void fetchPage(search, 0);
  }, [search, loaded.key, fetchPage]);

  return { loaded, failure, fetchPage };
}
