"use client";

import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { type InstanceListRow, LIST_PAGE, type ListState, type SortKey, shortId } from "@/lib/review/list-state";
import { COLUMNS, COLUMNS_KEY, defaultHidden, FILTERS_KEY, gridOf, ROW_HEIGHT } from "./list-columns";
import { loadedRows, type useListWindows } from "./use-list-windows";

/* The instance list's grid: its columns as chosen, and its rows virtualised, fetched a window at a time as they scroll into view. */

type Windows = ReturnType<typeof useListWindows>;

/**
 * The columns shown: the curator's choice (kept in this browser), else the defaults; never the id column
 * hidden, nor the one the view is sorted by. And whether the filters are folded (kept too).
 */
export function useColumnChoices(selection: ListState["selection"], sort: SortKey) {
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
  const hidden = (chosenHidden ?? defaultHidden(selection)).filter((key) => key !== "externalId" && key !== sort);
  const chooseColumn = (key: SortKey, shown: boolean) => {
    const next = shown ? hidden.filter((k) => k !== key) : [...hidden, key];
    setChosenHidden(next);
    window.localStorage.setItem(COLUMNS_KEY, JSON.stringify(next));
  };
  const keepFiltersOpen = (open: boolean) => {
    setFiltersOpen(open);
    window.localStorage.setItem(FILTERS_KEY, open ? "open" : "closed");
  };
  return { hidden, chooseColumn, filtersOpen, keepFiltersOpen };
}

/** A row's id: its tick box (for a curator), its link to review it in this view, and a mark of an approximate analysis. */
function IdCell({
  row,
  listQuery,
  pick,
}: {
  row: InstanceListRow;
  listQuery: string;
  pick: { picked: boolean; togglePicked: (externalId: string) => void } | null;
}) {
  return (
    <>
      {pick && (
        <input
          type="checkbox"
          className="pick"
          aria-label={`Select ${row.externalId}`}
          checked={pick.picked}
          onChange={() => pick.togglePicked(row.externalId)}
        />
      )}
      <Link href={`/instances/${row.id}${listQuery}`} title={row.externalId} aria-label={row.externalId}>
        {shortId(row.externalId)}
      </Link>
      {row.approximate && (
        <span className="badge approximate" title={`analysis ${row.approximate}`}>
          ≈<span className="visually-hidden"> analysis {row.approximate}</span>
        </span>
      )}
    </>
  );
}

/** The rows of a view: sortable headers, and the rows scrolled into view (a window fetched as it is reached). */
export function ListGrid({
  loaded,
  search,
  fetchPage,
  hidden,
  state,
  update,
  canDecide,
  picked,
  togglePicked,
  listQuery,
}: {
  loaded: Windows["loaded"];
  search: string;
  fetchPage: Windows["fetchPage"];
  hidden: SortKey[];
  state: ListState;
  update: (patch: Partial<ListState>) => void;
  canDecide: boolean;
  picked: ReadonlySet<string>;
  togglePicked: (externalId: string) => void;
  listQuery: string;
}) {
  const data = useMemo(() => loadedRows(loaded), [loaded]);
  const columns = useMemo<ColumnDef<{ index: number; row: InstanceListRow }>[]>(
    () => COLUMNS.map((c) => ({ id: c.key, header: c.header, cell: (info) => c.cell(info.row.original.row) })),
    [],
  );
  const GRID = gridOf(COLUMNS.map((c) => c.key).filter((key) => !hidden.includes(key)));
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
  const settled = loaded.key === search;
  return (
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
                      <IdCell
                        row={row.original.row}
                        listQuery={listQuery}
                        pick={canDecide ? { picked: picked.has(row.original.row.externalId), togglePicked } : null}
                      />
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
  );
}
