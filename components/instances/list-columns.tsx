import type { ReactNode } from "react";
import {
  HINT_STATUS_LABELS,
  PROJECTION_DEFINITIONS,
  SELECTION_POLICIES,
  type Selection,
} from "@/lib/domain/hint-vocabulary";
import type { InstanceListRow, ListState, SortKey } from "@/lib/review/list-state";

/*
 * The instance list's columns: what each shows, its width in the grid, which are behind the chooser until the
 * curator picks otherwise, and the chooser itself.
 */

export type Column = {
  key: SortKey;
  header: string;
  title?: string;
  numeric?: boolean;
  cell: (row: InstanceListRow) => ReactNode;
};

// One count column per selection policy, from the vocabulary: a new policy is a new column.
export const COLUMNS: Column[] = [
  // Drawn as a link to the instance (below), with ≈ where its analysis read hunks only.
  { key: "externalId", header: "Instance", cell: (r) => r.externalId },
  { key: "benchmark", header: "Benchmark", cell: (r) => r.benchmark },
  { key: "repo", header: "Repository", cell: (r) => r.repo },
  { key: "language", header: "Language", cell: (r) => r.language },
  ...SELECTION_POLICIES.map(
    (p): Column => ({
      key: p.id,
      header: p.label.replace(/ \(.*\)$/, ""),
      title: `identifiers ${p.label} picks: ${p.description}`,
      numeric: true,
      cell: (r) => r.counts[p.id],
    }),
  ),
  {
    key: "review",
    header: "Review",
    cell: (r) =>
      r.notAnalysed ? (
        <span className="status status-pending" title="the analysis has not run yet: its hint cannot be decided">
          not analysed yet
        </span>
      ) : (
        <span className={`status status-${r.review}`}>{HINT_STATUS_LABELS[r.review]}</span>
      ),
  },
  { key: "flags", header: "Flags", numeric: true, cell: (r) => r.flags || "" },
  {
    key: "leaks",
    header: "Leaks",
    title:
      "leak channels the evidence found: an id embedding another commit, a pasted fix or test, a hint quoting code",
    numeric: true,
    cell: (r) => (r.leaks ? <span className="badge leak">{r.leaks}</span> : ""),
  },
  { key: "resolved", header: "Resolved", numeric: true, cell: (r) => (r.runs ? `${r.resolved}/${r.runs}` : "") },
];

export const ROW_HEIGHT = 34;

/** Each column's width in the grid (a selection's count: 5.5rem). */
const WIDTHS: Partial<Record<SortKey, string>> = {
  externalId: "minmax(16rem, 3fr)",
  benchmark: "minmax(8rem, 1.4fr)",
  repo: "minmax(8rem, 1.4fr)",
  language: "6.5rem",
  review: "9.5rem",
  flags: "4rem",
  leaks: "4.5rem",
  resolved: "6rem",
};
export const gridOf = (keys: SortKey[]) =>
  keys.map((key) => (Object.hasOwn(WIDTHS, key) ? WIDTHS[key] : undefined) ?? "5.5rem").join(" ");

/** Where the curator's choice of columns is kept (hidden ones), and whether the filters are folded. */
export const COLUMNS_KEY = "hintscope.list.hidden-columns";
export const FILTERS_KEY = "hintscope.list.filters";
/**
 * The columns behind the chooser until the curator picks otherwise, so the list fits a laptop's 1280 px: the
 * repository (the id names it) and the counts of the selections other than the one the view reviews.
 */
export const defaultHidden = (selection: Selection): SortKey[] => [
  "repo",
  ...SELECTION_POLICIES.map((p) => p.id).filter((id) => id !== selection),
];

/** The filters in force, on one line (the folded filters' summary). */
export function filtersLine(state: ListState): string {
  const parts = [
    ...state.benchmark,
    ...state.language,
    ...state.subset,
    ...state.label.map((l) => l.replace(/^[^/]+\//, "").replaceAll("_", " ")),
    ...state.review.map((r) => HINT_STATUS_LABELS[r]),
    ...(state.leak ? ["leak suspected"] : []),
    ...(state.message ? ["message not in the issue"] : []),
    ...(state.named ? ["named differently"] : []),
  ];
  const policy = `${SELECTION_POLICIES.find((p) => p.id === state.selection)?.label ?? state.selection} × ${
    PROJECTION_DEFINITIONS.find((p) => p.id === state.projection)?.label ?? state.projection
  }`;
  return `${parts.length > 0 ? parts.join(", ") : "none"} · review status of ${policy}`;
}

/** The column chooser: every column but the id's, ticked when shown; the one the view is sorted by stays. */
export function ColumnChooser({
  hidden,
  sort,
  choose,
}: {
  hidden: SortKey[];
  sort: SortKey;
  choose: (key: SortKey, shown: boolean) => void;
}) {
  return (
    <details className="column-chooser">
      <summary>Columns{hidden.length > 0 ? ` (${hidden.length} hidden)` : ""}</summary>
      <fieldset className="facet">
        <legend>Columns shown</legend>
        {COLUMNS.filter((c) => c.key !== "externalId").map((c) => (
          <label key={c.key}>
            <input
              type="checkbox"
              checked={!hidden.includes(c.key)}
              disabled={c.key === sort}
              onChange={(e) => choose(c.key, e.target.checked)}
            />{" "}
            {c.header}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
