"use client";

import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  type InstanceListRow,
  LIST_PAGE,
  type ListState,
  type ListWindow,
  listStateToSearch,
  parseListState,
  SEARCH_MAX_LENGTH,
  type SortKey,
  shortId,
} from "@/lib/review/list-state";
import { searchWaitNote } from "@/lib/review/search-needle";
import { BulkDecide } from "./bulk-decide";
import { COLUMNS, COLUMNS_KEY, ColumnChooser, defaultHidden, FILTERS_KEY, gridOf, ROW_HEIGHT } from "./list-columns";
import { ListFilters } from "./list-filters";
import { PickedRows } from "./picked-rows";
import { SavedViews } from "./saved-views";
import { loadedRows, useListWindows } from "./use-list-windows";
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

  const data = useMemo(() => loadedRows(loaded), [loaded]);
  const columns = useMemo<ColumnDef<{ index: number; row: InstanceListRow }>[]>(
    () => COLUMNS.map((c) => ({ id: c.key, header: c.header, cell: (info) => c.cell(info.row.original.row) })),
    [],
  );
  // The columns shown: the curator's choice (kept in this browser), else the defaults; never the id column
  // hidden, nor the one the view is sorted by.
  const [chosenHidden, setChosenHidden] = useState<SortKey[] | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(true);
  useEffect(() => {
    try {
      const stored = JSON.parse(window.localStorage.getItem(COLUMNS_KEY) ?? "null");
      if (Array.isArray(stored)) setChosenHidden(stored.filter((k) => COLUMNS.some((c) => c.key === k)));
    } catch {
      // an unreadable choice: the defaults
    }
    if (window.localStorage.getItem(FILTERS_KEY) === "closed") setFiltersOpen(false);
  }, []);
  const hidden = (chosenHidden ?? defaultHidden(state.selection)).filter(
    (key) => key !== "externalId" && key !== state.sort,
  );
  const shownKeys = COLUMNS.map((c) => c.key).filter((key) => !hidden.includes(key));
  const GRID = gridOf(shownKeys);
  const chooseColumn = (key: SortKey, shown: boolean) => {
    const next = shown ? hidden.filter((k) => k !== key) : [...hidden, key];
    setChosenHidden(next);
    window.localStorage.setItem(COLUMNS_KEY, JSON.stringify(next));
  };
  const table = useReactTable({
    data,
    columns,
    state: { columnVisibility: Object.fromEntries(hidden.map((key) => [key, false])) },
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
  });
  const tableRows = table.getRowModel().rows;
  const byIndex = useMemo(() => new Map(tableRows.map((r) => [r.original.index, r])), [tableRows]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: loaded.matching,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const firstPage = Math.floor((items[0]?.index ?? 0) / LIST_PAGE);
  const lastPage = Math.floor((items.at(-1)?.index ?? 0) / LIST_PAGE);
  // The pages scrolled into view that are not here yet.
  useEffect(() => {
    if (loaded.key !== search) return;
    for (let page = firstPage; page <= lastPage; page++)
      if (!loaded.pages.has(page) && page * LIST_PAGE < loaded.matching) void fetchPage(search, page);
  }, [firstPage, lastPage, loaded, search, fetchPage]);

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
        <ListFilters
          state={state}
          facets={facets}
          update={update}
          open={filtersOpen}
          onOpen={(open) => {
            setFiltersOpen(open);
            window.localStorage.setItem(FILTERS_KEY, open ? "open" : "closed");
          }}
        />
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
      <p className="muted" aria-live="polite" aria-busy={!settled}>
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
      <div
        role="table"
        aria-label="Instances"
        aria-rowcount={loaded.matching + 1}
        className={`vtable${settled ? "" : " loading"}`}
      >
        <div role="rowgroup">
          {table.getHeaderGroups().map((group) => (
            <div role="row" key={group.id} className="vrow vhead" style={{ gridTemplateColumns: GRID }}>
              {group.headers.map((header) => {
                const key = header.column.id as SortKey;
                const sorted = state.sort === key;
                return (
                  <div
                    role="columnheader"
                    key={header.id}
                    aria-sort={sorted ? (state.desc ? "descending" : "ascending") : "none"}
                  >
                    <button
                      type="button"
                      title={COLUMNS.find((c) => c.key === key)?.title}
                      onClick={() => update({ sort: key, desc: sorted ? !state.desc : false })}
                    >
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {sorted ? (state.desc ? " ▼" : " ▲") : ""}
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <div role="rowgroup" ref={scroller} className="vbody">
          <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
            {items.map((item) => {
              const row = byIndex.get(item.index);
              const style = {
                gridTemplateColumns: GRID,
                position: "absolute" as const,
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
              };
              if (!row)
                return (
                  <div
                    role="row"
                    key={`loading-${item.index}`}
                    aria-rowindex={item.index + 2}
                    className="vrow"
                    style={style}
                  >
                    <div role="cell" className="muted">
                      …
                    </div>
                  </div>
                );
              return (
                <div role="row" key={row.original.row.id} aria-rowindex={item.index + 2} className="vrow" style={style}>
                  {row.getVisibleCells().map((cell) => (
                    <div
                      role="cell"
                      key={cell.id}
                      className={COLUMNS.find((c) => c.key === cell.column.id)?.numeric ? "num" : undefined}
                    >
                      {cell.column.id === "externalId" ? (
                        <>
                          {canDecide && (
                            <input
                              type="checkbox"
                              className="pick"
                              aria-label={`Select ${row.original.row.externalId}`}
                              checked={picked.has(row.original.row.externalId)}
                              onChange={() => togglePicked(row.original.row.externalId)}
                            />
                          )}
                          <Link
                            href={`/instances/${row.original.row.id}${listQuery}`}
                            title={row.original.row.externalId}
                            aria-label={row.original.row.externalId}
                          >
                            {shortId(row.original.row.externalId)}
                          </Link>
                          {row.original.row.approximate && (
                            <span className="badge approximate" title={`analysis ${row.original.row.approximate}`}>
                              ≈<span className="visually-hidden"> analysis {row.original.row.approximate}</span>
                            </span>
                          )}
                        </>
                      ) : (
                        flexRender(cell.column.columnDef.cell, cell.getContext())
                      )}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
