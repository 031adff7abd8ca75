"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import {
  type ListState,
  type ListWindow,
  listStateToSearch,
  parseListState,
  SEARCH_MAX_LENGTH,
} from "@/lib/review/list-state";
import { searchWaitNote } from "@/lib/review/search-needle";
import { BulkDecide } from "./bulk-decide";
import { ColumnChooser } from "./list-columns";
import { ListFilters } from "./list-filters";
import { ListGrid, useColumnChoices } from "./list-grid";
import { PickedRows } from "./picked-rows";
import { SavedViews } from "./saved-views";
import { useListWindows } from "./use-list-windows";
import { ViewFilterNotes } from "./view-filter-notes";

/**
 * The instance list: sortable, searchable, faceted, virtualised; its whole state is in the URL. The server
 * filters, orders and counts (SQL); the page holds only the windows of rows scrolled into view, so the
 * first paint and every keystroke cost the same at 700 instances or 50,000.
 */
export function InstanceList({
  initial,
  facets,
  benchmarkId,
  canDecide = false,
  savedViews,
}: {
  /** the signed-in user's saved views (the instances page; a benchmark's page keeps its own) */
  savedViews?: Array<{ name: string; search: string }>;
  /** the signed-in user may decide: the whole-view actions are offered */
  canDecide?: boolean;
  /** the first window of the view the URL names, rendered with the page */
  initial: ListWindow;
  facets: { benchmark: string[]; language: string[]; subset: string[]; label: string[] };
  /** a benchmark's page: its instances only */
  benchmarkId?: number;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [state, setState] = useState<ListState>(() => parseListState(new URLSearchParams(searchParams.toString())));
  const search = listStateToSearch(state);
  const { loaded, failure, fetchPage } = useListWindows(search, initial, benchmarkId);

  // The URL follows the view, so a view can be shared. A facet, order or policy change is a step Back
  // returns from (pushed); typing in the search box replaces the entry as it goes.
  const push = useRef(false);
  useEffect(() => {
    const url = search ? `${pathname}?${search}` : pathname;
    if (`${window.location.pathname}${window.location.search}` !== url)
      window.history[push.current ? "pushState" : "replaceState"](null, "", url);
    push.current = false;
  }, [search, pathname]);
  useEffect(() => {
    const back = () => setState(parseListState(new URLSearchParams(window.location.search)));
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);

  const { hidden, chooseColumn, filtersOpen, keepFiltersOpen } = useColumnChoices(state.selection, state.sort);

  const searchBox = useRef<HTMLInputElement>(null);
  // Rows picked by their tick boxes: the view can be narrowed to them (the `ids` facet), and then decided,
  // made a hint set of, or reviewed in a round as any view.
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const togglePicked = (externalId: string) =>
    setPicked((before) => {
      const after = new Set(before);
      if (!after.delete(externalId)) after.add(externalId);
      return after;
    });
  const update = (patch: Partial<ListState>) => {
    push.current = !("q" in patch);
    // A filter set anew replaces what the link gave for it and could not read.
    setState((s) => ({ ...s, unread: s.unread.filter(({ param }) => !(param in patch)), ...patch }));
  };
  const listQuery = search ? `?list=${encodeURIComponent(search)}` : "";
  const first = loaded.key === search ? loaded.pages.get(0)?.[0] : undefined;
  const settled = loaded.key === search;

  // Arriving with ?focus=search (the "/" shortcut of the review page) puts the cursor in the search box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (searchParams.get("focus") === "search") searchBox.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "/" && document.activeElement?.tagName !== "INPUT") {
        event.preventDefault();
        searchBox.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className="instance-list">
      <div className="list-controls">
        <label>
          Search instances{" "}
          <input
            ref={searchBox}
            type="search"
            maxLength={SEARCH_MAX_LENGTH}
            value={state.q}
            onChange={(e) => update({ q: e.target.value })}
            placeholder="id, repository, benchmark, identifier or issue text (press /)"
            title="From three characters: matches ids, repositories and benchmarks, any part of an identifier's name, and the words of the issue text (a phrase; the last word may be unfinished)"
            aria-describedby="search-wait-note"
          />
        </label>
        <span id="search-wait-note" className="muted" aria-live="polite">
          {searchWaitNote(state.q)}
        </span>
        <ColumnChooser hidden={hidden} sort={state.sort} choose={chooseColumn} />
        {/* Folded to one line, the filters leave the rows the room; the choice is kept in this browser. */}
        <ListFilters state={state} facets={facets} update={update} open={filtersOpen} onOpen={keepFiltersOpen} />
        {(savedViews || canDecide) && (
          // Folded, so the filters keep their room: the saved views and the whole-view decisions.
          <details className="list-tools">
            <summary>Saved views{canDecide ? " · decide the whole view" : ""}</summary>
            {savedViews && <SavedViews search={search} initial={savedViews} />}
            {canDecide && <BulkDecide search={search} state={state} />}
          </details>
        )}
      </div>
      <PickedRows picked={picked} clear={() => setPicked(new Set())} update={update} />
      <ViewFilterNotes state={state} update={update} unknownPick={settled && loaded.unknownPick} />
      {failure && <p role="alert">{failure}</p>}
      {settled && loaded.matching === 0 && (
        <p role="status">
          No instance matches this view{loaded.total > 0 ? `: ${loaded.total} are hidden by its filters` : ""}.
        </p>
      )}
      <p className="muted" aria-live="polite" aria-busy={!settled} data-list-count>
        {loaded.matching} of {loaded.total} instances
        {first && (
          <>
            {" · "}
            <button type="button" onClick={() => router.push(`/instances/${first.id}${listQuery}`)}>
              Review from the first
            </button>
            {" · "}
            <Link href={`/hint-sets?filter=${encodeURIComponent(search)}`}>Make a hint set of this view</Link>
          </>
        )}
      </p>
      <ListGrid
        loaded={loaded}
        search={search}
        fetchPage={fetchPage}
        hidden={hidden}
        state={state}
        update={update}
        canDecide={canDecide}
        picked={picked}
        togglePicked={togglePicked}
        listQuery={listQuery}
      />
    </div>
  );
}
