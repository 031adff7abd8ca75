// Over 300 lines: the list's whole URL state (sort, facets, policy, evidence and paired cells) with its parser and writer, which must agree.
import { z } from "zod";
import {
  DEFAULT_POLICY,
  HINT_STATUSES,
  type HintStatus,
  type Projection,
  ProjectionSchema,
  SELECTIONS,
  type Selection,
  SelectionSchema,
} from "../domain/hint-vocabulary";

export const REVIEW_STATUSES = HINT_STATUSES;
export type ReviewStatus = HintStatus;

/** The key of a selection × projection in a row's `reviews`. */
export const policyKey = (selection: string, projection: string) => `${selection}.${projection}`;

/** One row of the instance list: what the list shows. */
export interface InstanceListRow {
  id: number;
  externalId: string;
  benchmark: string;
  repo: string;
  language: string;
  counts: Record<Selection, number>;
  /** the review status under the list's selection × projection */
  review: ReviewStatus;
  flags: number;
  /** leak channels the evidence found (an id embedding another commit, a pasted fix, …) */
  leaks: number;
  resolved: number;
  runs: number;
  /** the analysis has not run on it yet (its hint cannot be decided until it has) */
  notAnalysed: boolean;
  /** analysed from hunks only, and why (null when exact) */
  approximate: string | null;
}

/** Rows a list window holds as the page fetches them (and as the list page renders first). */
export const LIST_PAGE = 100;

/** A window of a list view: its rows from `offset` on, how many the view holds (`matching`) of `total`. */
export interface ListWindow {
  offset: number;
  rows: InstanceListRow[];
  matching: number;
  total: number;
  /** the view's kept pick (its `pick` filter) is not kept by this database: the view holds nothing */
  unknownPick: boolean;
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
  /** only instances whose tests check a message (a string the gold patch writes) the issue does not state */
  message: boolean;
  /** only instances of these named subsets (id lists imported as subsets) */
  subset: string[];
  /** only instances a run's agent failed by naming a name the tests call differently (observed guesswork) */
  named: boolean;
  /** only instances carrying one of these published labels, each `source/name=value` */
  label: string[];
  /** only these instances (external ids): the rows a curator picked, kept as a view */
  ids: string[];
  /**
   * only the instances of a pick the server keeps (`PICK_KEY`): rows picked, or ids given, that are too many
   * for a link (`idsFitLink`)
   */
  pick: string | null;
  /** only the instances of one cell of a paired comparison of two runs (the research page's 2×2 grid) */
  paired: PairedCell | null;
  /** only the instances of one cell of an evidence check against a published label (the research page) */
  evidence: EvidenceCell | null;
  sort: SortKey;
  desc: boolean;
  /**
   * Filters the URL gave that could not be read, each kept as written. A filter narrows: one that cannot be
   * read makes the view hold nothing (listQuery), never every instance, so a decision, an export or a hint
   * set made "of this view" never reaches instances the link did not mean.
   */
  unread: UnreadFilter[];
}

/** A filter the URL gave that could not be read: its parameter, its value as written, and what it takes. */
export interface UnreadFilter {
  param: NarrowingFilter;
  value: string;
  takes: string;
}

/** The cells of a paired comparison: resolved by both runs, by the first only, by the second only, by neither. */
export const PAIRED_CELLS = ["both", "firstOnly", "secondOnly", "neither"] as const;

/**
 * One cell of two runs' paired comparison, as a list filter: the instances of the runs' benchmark that both
 * attempted, resolved as the cell says. Named by run ids, so a cell of 20,000 instances is a short link.
 */
export interface PairedCell {
  first: number;
  second: number;
  cell: (typeof PAIRED_CELLS)[number];
}

const runIdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number);
const PairedCellSchema = z
  .string()
  .transform((text) => text.split(","))
  .pipe(z.tuple([runIdText, runIdText, z.enum(PAIRED_CELLS)]))
  .transform(([first, second, cell]): PairedCell => ({ first, second, cell }));

/** The cells of an evidence check against a published label: both say yes, the check only, the label only, neither. */
export const EVIDENCE_CELLS = ["both", "check_only", "label_only", "neither"] as const;

/**
 * One cell of an evidence check against a label test (lib/evidence/evidence-labels.ts), as a list filter:
 * the labelled instances with computed evidence where the check and the label say what the cell says. Named
 * by check and test, so a cell of a thousand instances is a short link; the server finds its instances.
 */
export interface EvidenceCell {
  check: string;
  test: string;
  cell: (typeof EVIDENCE_CELLS)[number];
}

const checkName = z.string().regex(/^[a-z0-9_>=]{1,80}$/);
const EvidenceCellSchema = z
  .string()
  .transform((text) => text.split(","))
  .pipe(z.tuple([checkName, checkName, z.enum(EVIDENCE_CELLS)]))
  .transform(([check, test, cell]): EvidenceCell => ({ check, test, cell }));

/** What an evidence cell holds, in words: "the labelled instances where …". */
export const EVIDENCE_CELL_WORDS: Record<EvidenceCell["cell"], string> = {
  both: "the check and the label both say yes",
  check_only: "the check says yes and the label no",
  label_only: "the label says yes and the check no",
  neither: "neither says yes",
};

/** An evidence cell as its URL value: `CHECK,TEST,CELL`. */
export const evidenceCellText = ({ check, test, cell }: EvidenceCell) => `${check},${test},${cell}`;

/** What a cell holds, in words: "the instances both runs attempted, resolved by …". */
export const PAIRED_CELL_WORDS: Record<PairedCell["cell"], string> = {
  both: "resolved by both",
  firstOnly: "resolved by the first only",
  secondOnly: "resolved by the second only",
  neither: "resolved by neither",
};

/** A paired cell as its URL value: `FIRST,SECOND,CELL`. */
export const pairedCellText = ({ first, second, cell }: PairedCell) => `${first},${second},${cell}`;

const list = (value: unknown) =>
  Array.isArray(value) ? value : typeof value === "string" && value !== "" ? value.split(",") : [];

/** A kept pick's key: its size, a dash, and the first 32 hex digits of a SHA-256 of its sorted ids. */
export const PICK_KEY = /^[1-9]\d{0,5}-[0-9a-f]{32}$/;

/** The size a kept pick's key names. */
export const pickSize = (key: string) => Number(key.slice(0, key.indexOf("-")));

/**
 * The most characters of ids (comma-joined) a link carries: more go to the server as a kept pick. A server
 * answers 431 past 16 KB of request headers (Node's default), about 145 SWE-bench Pro ids, and every review
 * link of the view repeats them.
 */
export const IDS_IN_LINK_MAX = 2_000;

/** The longest instance id the list's `ids` filter and a kept pick take, and how many ids the filter takes. */
export const ID_MAX_LENGTH = 300;
export const IDS_FILTER_MAX = 5000;

/** Whether these ids go in a link as the `ids` filter (else they are kept as a pick). */
export const idsFitLink = (ids: readonly string[]) =>
  ids.length <= IDS_FILTER_MAX &&
  ids.every((id) => id.length <= ID_MAX_LENGTH && !id.includes(",")) &&
  ids.join(",").length <= IDS_IN_LINK_MAX;

/** The longest search the list reads (its box takes no more). */
export const SEARCH_MAX_LENGTH = 200;

/** A yes-or-no filter, as a link writes it: 1 or true, 0 or false. */
const YES_OR_NO = z.enum(["1", "true", "0", "false"]).transform((v) => v === "1" || v === "true");

const ListStateSchema = z.object({
  q: z.string().max(SEARCH_MAX_LENGTH).catch(""),
  benchmark: z.preprocess(list, z.array(z.string().max(200))).catch([]),
  language: z.preprocess(list, z.array(z.string().max(50))).catch([]),
  review: z.preprocess(list, z.array(z.enum(REVIEW_STATUSES))).catch([]),
  selection: SelectionSchema.catch(DEFAULT_POLICY.selection),
  projection: ProjectionSchema.catch(DEFAULT_POLICY.projection),
  leak: YES_OR_NO.catch(false),
  message: YES_OR_NO.catch(false),
  subset: z.preprocess(list, z.array(z.string().max(200)).max(50)).catch([]),
  named: YES_OR_NO.catch(false),
  label: z.preprocess(list, z.array(z.string().max(500)).max(50)).catch([]),
  ids: z.preprocess(list, z.array(z.string().max(ID_MAX_LENGTH)).max(IDS_FILTER_MAX)).catch([]),
  pick: z.string().regex(PICK_KEY).nullable().catch(null),
  paired: PairedCellSchema.nullable().catch(null),
  evidence: EvidenceCellSchema.nullable().catch(null),
  sort: z.enum(SORTABLE).catch("externalId"),
  desc: z.preprocess((v) => v === "1" || v === "true" || v === true, z.boolean()).catch(false),
});

/** The filters that narrow a view, each with what it takes, in words (the list says so of one it cannot read). */
export const NARROWING_FILTERS = {
  q: `a search of at most ${SEARCH_MAX_LENGTH} characters`,
  benchmark: "benchmark names of at most 200 characters",
  language: "language names of at most 50 characters",
  review: `review statuses (${REVIEW_STATUSES.join(", ")})`,
  leak: "1 or 0 (true or false)",
  message: "1 or 0 (true or false)",
  named: "1 or 0 (true or false)",
  subset: "at most 50 subset names of at most 200 characters",
  label: "at most 50 labels of at most 500 characters",
  ids: `at most ${IDS_FILTER_MAX.toLocaleString("en")} instance ids of at most ${ID_MAX_LENGTH} characters`,
  pick: "a kept pick's key: its size, a dash and 32 hex digits",
  paired: `two run ids and a cell (${PAIRED_CELLS.join(", ")})`,
  evidence: `a check, a label test and a cell (${EVIDENCE_CELLS.join(", ")})`,
} as const;
export type NarrowingFilter = keyof typeof NARROWING_FILTERS;

/** Reads the list state from a query string (or Next's searchParams); anything malformed falls back to the default. */
export function parseListState(params: URLSearchParams | Record<string, string | string[] | undefined>): ListState {
  const get = (key: string) => (params instanceof URLSearchParams ? (params.get(key) ?? undefined) : params[key]);
  const unread: UnreadFilter[] = [];
  for (const param of Object.keys(NARROWING_FILTERS) as NarrowingFilter[]) {
    const value = get(param);
    if (value === undefined || value === "") continue;
    if (!ListStateSchema.shape[param].unwrap().safeParse(value).success)
      unread.push({ param, value: Array.isArray(value) ? value.join(",") : value, takes: NARROWING_FILTERS[param] });
  }
  const state = ListStateSchema.parse({
    q: get("q") ?? "",
    benchmark: get("benchmark"),
    language: get("language"),
    review: get("review"),
    selection: get("selection"),
    projection: get("projection"),
    leak: get("leak"),
    message: get("message"),
    subset: get("subset"),
    named: get("named"),
    label: get("label"),
    ids: get("ids"),
    pick: get("pick") ?? null,
    paired: get("paired") ?? null,
    evidence: get("evidence") ?? null,
    sort: get("sort"),
    desc: get("desc"),
  });
  return { ...state, unread };
}

/** The filters of a state that could not be read, in a sentence; null where every filter was read. */
export function unreadFiltersText(state: ListState): string | null {
  if (state.unread.length === 0) return null;
  return `the view's ${state.unread.map(({ param, takes }) => `${param} filter could not be read (it takes ${takes})`).join("; ")}`;
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
  if (state.message) params.set("message", "1");
  if (state.subset.length) params.set("subset", state.subset.join(","));
  if (state.named) params.set("named", "1");
  if (state.label.length) params.set("label", state.label.join(","));
  if (state.ids.length) params.set("ids", state.ids.join(","));
  if (state.pick) params.set("pick", state.pick);
  if (state.paired) params.set("paired", pairedCellText(state.paired));
  if (state.evidence) params.set("evidence", evidenceCellText(state.evidence));
  if (state.sort !== "externalId") params.set("sort", state.sort);
  if (state.desc) params.set("desc", "1");
  // As written, until the curator drops it: the view stays empty rather than silently widening.
  for (const { param, value } of state.unread) params.set(param, value);
  return params.toString();
}

/**
 * The distinctive part of a long id, the whole on hover: SWE-bench Pro's `instance_OWNER__REPO-<40 hex>-v<hex>`
 * reads as `OWNER__REPO-<8 hex>` (nine rows of "instance_navidrome__navidrom…" said nothing).
 */
export function shortId(id: string): string {
  const pro = /^instance_(.+?)-([0-9a-f]{40})(?:-v[0-9a-f]+)?$/.exec(id);
  return pro ? `${pro[1]}-${(pro[2] as string).slice(0, 8)}` : id;
}
