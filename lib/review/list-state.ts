import { z } from "zod";
import {
  DEFAULT_POLICY,
  HINT_STATUSES,
  type HintStatus,
  isSelection,
  type Projection,
  ProjectionSchema,
  SELECTIONS,
  type Selection,
  SelectionSchema,
} from "../hint/vocabulary";

export const REVIEW_STATUSES = HINT_STATUSES;
export type ReviewStatus = HintStatus;

/** The key of a selection × projection in a row's `reviews`. */
export const policyKey = (selection: string, projection: string) => `${selection}.${projection}`;

/** One row of the instance list: what the list shows and filters on. */
export interface InstanceListRow {
  id: number;
  externalId: string;
  benchmark: string;
  repo: string;
  language: string;
  counts: Record<Selection, number>;
  /** the review status of each selection × projection that is not pending, by policyKey */
  reviews: Record<string, ReviewStatus>;
  flags: number;
  /** leak channels the evidence found (an id embedding another commit, a pasted fix, …) */
  leaks: number;
  resolved: number;
  runs: number;
}

export const SORTABLE = [
  "externalId",
  "benchmark",
  "repo",
  "language",
  ...SELECTIONS,
  "review",
  "flags",
  "leaks",
  "resolved",
] as const;
export type SortKey = (typeof SORTABLE)[number];

/** The list's whole view state; it lives in the URL so a view can be shared as a link. */
export interface ListState {
  q: string;
  benchmark: string[];
  language: string[];
  review: ReviewStatus[];
  /** the policy whose review status the list shows and filters on */
  selection: Selection;
  projection: Projection;
  /** only instances where a leak channel is suspected */
  leak: boolean;
  /** only these instances (external ids): a cell of a paired comparison opened as a list */
  ids: string[];
  sort: SortKey;
  desc: boolean;
}

/** A row's review status under the list's policy. */
export const reviewOf = (row: Pick<InstanceListRow, "reviews">, state: Pick<ListState, "selection" | "projection">) =>
  row.reviews[policyKey(state.selection, state.projection)] ?? "pending";

const list = (value: unknown) =>
  Array.isArray(value) ? value : typeof value === "string" && value !== "" ? value.split(",") : [];

const ListStateSchema = z.object({
  q: z.string().max(200).catch(""),
  benchmark: z.preprocess(list, z.array(z.string().max(200))).catch([]),
  language: z.preprocess(list, z.array(z.string().max(50))).catch([]),
  review: z.preprocess(list, z.array(z.enum(REVIEW_STATUSES))).catch([]),
  selection: SelectionSchema.catch(DEFAULT_POLICY.selection),
  projection: ProjectionSchema.catch(DEFAULT_POLICY.projection),
  leak: z.preprocess((v) => v === "1" || v === "true" || v === true, z.boolean()).catch(false),
  ids: z.preprocess(list, z.array(z.string().max(300)).max(5000)).catch([]),
  sort: z.enum(SORTABLE).catch("externalId"),
  desc: z.preprocess((v) => v === "1" || v === "true" || v === true, z.boolean()).catch(false),
});

/** Reads the list state from a query string (or Next's searchParams); anything malformed falls back to the default. */
export function parseListState(params: URLSearchParams | Record<string, string | string[] | undefined>): ListState {
  const get = (key: string) => (params instanceof URLSearchParams ? (params.get(key) ?? undefined) : params[key]);
  return ListStateSchema.parse({
    q: get("q") ?? "",
    benchmark: get("benchmark"),
    language: get("language"),
    review: get("review"),
    selection: get("selection"),
    projection: get("projection"),
    leak: get("leak"),
    ids: get("ids"),
    sort: get("sort"),
    desc: get("desc"),
  });
}

/** The query string for a list state, leaving out defaults so links stay short. */
export function listStateToSearch(state: ListState): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.benchmark.length) params.set("benchmark", state.benchmark.join(","));
  if (state.language.length) params.set("language", state.language.join(","));
  if (state.review.length) params.set("review", state.review.join(","));
  if (state.selection !== DEFAULT_POLICY.selection) params.set("selection", state.selection);
  if (state.projection !== DEFAULT_POLICY.projection) params.set("projection", state.projection);
  if (state.leak) params.set("leak", "1");
  if (state.ids.length) params.set("ids", state.ids.join(","));
  if (state.sort !== "externalId") params.set("sort", state.sort);
  if (state.desc) params.set("desc", "1");
  return params.toString();
}

const sortValue = (row: InstanceListRow, key: SortKey, state: ListState): string | number => {
  if (isSelection(key)) return row.counts[key];
  if (key === "review") return REVIEW_STATUSES.indexOf(reviewOf(row, state));
  return row[key] as string | number;
};

/** The rows a list state shows, in its order: text search over id, repo and benchmark, facets, then sort. */
export function applyListState(rows: InstanceListRow[], state: ListState): InstanceListRow[] {
  const needle = state.q.trim().toLowerCase();
  const ids = new Set(state.ids);
  const filtered = rows.filter(
    (row) =>
      (needle === "" ||
        row.externalId.toLowerCase().includes(needle) ||
        row.repo.toLowerCase().includes(needle) ||
        row.benchmark.toLowerCase().includes(needle)) &&
      (state.benchmark.length === 0 || state.benchmark.includes(row.benchmark)) &&
      (state.language.length === 0 || state.language.includes(row.language)) &&
      (state.review.length === 0 || state.review.includes(reviewOf(row, state))) &&
      (!state.leak || row.leaks > 0) &&
      (ids.size === 0 || ids.has(row.externalId)),
  );
  const direction = state.desc ? -1 : 1;
  return filtered.sort((a, b) => {
    const x = sortValue(a, state.sort, state);
    const y = sortValue(b, state.sort, state);
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    return order === 0 ? a.id - b.id : order * direction;
  });
}

/**
 * The neighbours of an instance in a list, and the next one still pending (or changed since decided) under
 * the list's policy: what j, k and "move on" go to.
 */
export function neighbours(rows: InstanceListRow[], id: number, state: Pick<ListState, "selection" | "projection">) {
  const index = rows.findIndex((row) => row.id === id);
  const after = index < 0 ? rows : [...rows.slice(index + 1), ...rows.slice(0, Math.max(index, 0))];
  return {
    previous: index > 0 ? (rows[index - 1]?.id ?? null) : null,
    next: index >= 0 && index < rows.length - 1 ? (rows[index + 1]?.id ?? null) : null,
    nextPending: after.find((row) => row.id !== id && ["pending", "stale"].includes(reviewOf(row, state)))?.id ?? null,
    position: index + 1,
    total: rows.length,
  };
}
