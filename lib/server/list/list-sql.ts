import { HINT_STATUSES, isSelection, SELECTIONS } from "../../domain/hint-vocabulary";
import type { ListState, PairedCell } from "../../review/list-state";
import { searchWaits } from "../../review/search-needle";
import { UNATTEMPTED_WORDS } from "../../stats/result-status";
import { countColumn } from "../analysis/stored-counts";
import type { SqlPieces } from "../db/engine";
import { searchCondition } from "./instance-search";

/*
 * The instance list as SQL: a list state's search, facets, review status under its policy and order, written
 * once for both engines (they differ only in placeholders and JSON functions). The list, the instance page's
 * j/k and the hint sets made of a saved view all ask these, so they agree on which instances a view holds
 * and in what order.
 */

/** Where a list is: all instances, or one benchmark's (its page). */
export interface ListScope {
  benchmarkId?: number;
  /**
   * The instances a filter holds that only the server can work out (an evidence check's cell: review-list.ts
   * resolves it), as [benchmark id, external id]; a view with such a filter is refused without them.
   */
  members?: ReadonlyArray<readonly [number, string]>;
}

/** Bound parameters, with the placeholder each engine writes. */
class Params {
  readonly values: unknown[] = [];
  constructor(private readonly sql: SqlPieces) {}
  add(value: unknown): string {
    this.values.push(value);
    return this.sql.placeholder(this.values.length);
  }
}

/** A decided hint's status now: pending without a decision, stale where the instance changed since it. */
const STATUS = `CASE WHEN h."status" IS NULL OR h."status" = 'pending' THEN 'pending'
  WHEN h."sourceHash" IS NOT NULL AND h."sourceHash" <> i."hintSource" THEN 'stale' ELSE h."status" END`;

const STATUS_RANK = `CASE (${STATUS}) ${HINT_STATUSES.map((s, n) => `WHEN '${s}' THEN ${n}`).join(" ")} END`;

/**
 * Identifiers a selection picks, as the analysis stored them per instance: an indexed column (migrations
 * filled it for instances analysed before), so a view sorted by it is read in index order and its
 * neighbours found by index, whatever the rows hold.
 */
function selectionCount(selection: string): string {
  if (!isSelection(selection)) throw new Error(`not a selection: ${selection}`);
  return `i."${countColumn(selection)}"`;
}

/**
 * Leak channels the evidence found, stored by the analysis (0 where none was computed). The expression an
 * index of the migrations holds (`Instance_leaks_id_idx`), so a view sorted by it is read in its order.
 */
const LEAKS = `COALESCE(i."leakCount", 0)`;

/**
 * Flagged hints of the instance under any policy (a stale flag no longer counts), as stored: an indexed column
 * the migrations' triggers keep (Instance.flagCount), so a view sorted by it is read in its order.
 */
const FLAGS = `i."flagCount"`;

const outcomes = (what: "runs" | "resolved") =>
  `(SELECT ${what === "runs" ? "COUNT(*)" : `COALESCE(SUM(CASE WHEN rr."resolved" THEN 1 ELSE 0 END), 0)`}
    FROM "RunResult" rr JOIN "Run" r ON r."id" = rr."runId"
    WHERE rr."instanceExternalId" = i."externalId" AND r."benchmarkId" = i."benchmarkId")`;

/**
 * Where an instance is in one cell of two runs' paired comparison (lib/stats/mcnemar.ts, pairOutcomes): both
 * runs, of its benchmark, have a result for it that was attempted (resolved, unresolved or an empty patch:
 * lib/stats/result-status.ts), each resolved or not as the cell says.
 */
function pairedCellCondition(paired: PairedCell, add: (value: unknown) => string): string {
  const firstResolved = paired.cell === "both" || paired.cell === "firstOnly";
  const secondResolved = paired.cell === "both" || paired.cell === "secondOnly";
  const result = (
    runId: number,
    resolved: boolean,
  ) => `EXISTS (SELECT 1 FROM "RunResult" x JOIN "Run" xr ON xr."id" = x."runId"
      WHERE x."runId" = ${add(runId)} AND xr."benchmarkId" = i."benchmarkId" AND x."instanceExternalId" = i."externalId"
        AND ${resolved ? `x."resolved"` : `NOT x."resolved" AND COALESCE(x."status", '') NOT IN (${UNATTEMPTED_WORDS.map(add).join(", ")})`})`;
  return `${result(paired.first, firstResolved)} AND ${result(paired.second, secondResolved)}`;
}

/** The language, "unknown" where none was found: as `Instance_language_id_idx` holds it (byte order). */
const LANGUAGE = `COALESCE(i."language", 'unknown')`;

/**
 * Recounts the stored Resolved column of one benchmark's instances (its one parameter, `$1` on PostgreSQL,
 * `?` on SQLite): after results are imported, deleted or moved, and after instances are imported (an
 * instance can arrive after its results). Only rows whose count changed are written.
 */
export function recountResolvedSql(sql: SqlPieces): string {
  const benchmark = sql.placeholder(1);
  const live = outcomes("resolved");
  return `UPDATE "Instance" AS i SET "resolvedCount" = ${live}
    WHERE i."benchmarkId" = ${benchmark} AND i."resolvedCount" <> ${live}`;
}

/**
 * The instances of benchmark `$1` named by external id (`$2`… `$n+1`, written `$n` for execute() and
 * selectRows(), lib/server/db/bulk-sql.ts), as a list of values joined by the unique index of
 * (benchmarkId, externalId). Not `externalId IN (…)`: PostgreSQL answered that from the id's trigram index
 * (pg_trgm serves equality too, and its estimate is cheap), 1–5 s for 500 ids of a 2,000-instance corpus.
 */
export function namedInstances(ids: number): { values: string; join: string } {
  const values = `(VALUES ${Array.from({ length: ids }, (_, n) => `($${n + 2})`).join(", ")})`;
  return { values, join: `i."benchmarkId" = $1 AND i."externalId" = named.column1` };
}

/**
 * Recounts the stored Resolved column of some instances of one benchmark (`$1`): those an import added (`$2`,
 * its key: `of` "added"), or those named (`$2`… their external ids: `of` a number of them), as an import's
 * results name them. Written `$n` for execute() (lib/server/db/bulk-sql.ts). Only these instances are read and
 * only rows whose count changed are written: an import's cost is its own rows', not its benchmark's.
 */
export function recountResolvedOfSql(of: "added" | number): string {
  const live = outcomes("resolved");
  if (of === "added")
    return `UPDATE "Instance" AS i SET "resolvedCount" = ${live}
    WHERE i."benchmarkId" = $1 AND i."importKey" = $2 AND i."resolvedCount" <> ${live}`;
  const named = namedInstances(of);
  return `UPDATE "Instance" AS i SET "resolvedCount" = ${live}
    FROM ${named.values} AS named
    WHERE ${named.join} AND i."resolvedCount" <> ${live}`;
}

/** The expression a list is ordered by. */
function sortExpression(state: ListState): string {
  if (isSelection(state.sort)) return selectionCount(state.sort);
  switch (state.sort) {
    case "externalId":
      return `i."externalId"`;
    case "benchmark":
      return `b."name"`;
    case "repo":
      return `i."repo"`;
    case "language":
      return LANGUAGE;
    case "review":
      return STATUS_RANK;
    case "flags":
      return FLAGS;
    case "leaks":
      return LEAKS;
    case "resolved":
      // The stored count (kept by recountResolved): an indexed column, where the live count is a correlated
      // query over results that no index can order.
      return `i."resolvedCount"`;
  }
  throw new Error(`not a sort key: ${state.sort}`);
}

/**
 * The FROM and WHERE of a list state: instances, their benchmark and their hint under the list's policy,
 * filtered by search, facets, review status, leaks, ids and kept picks. Ordered text compares by code point on both
 * engines (`COLLATE "C"` on PostgreSQL), so the two agree on the order of every view.
 */
export function listQuery(state: ListState, sql: SqlPieces, scope: ListScope = {}) {
  const params = new Params(sql);
  // In the order the SQL text uses them: SQLite binds its "?" by position.
  const selection = params.add(state.selection);
  const projection = params.add(state.projection);
  const where: string[] = [];
  if (scope.benchmarkId !== undefined) where.push(`i."benchmarkId" = ${params.add(scope.benchmarkId)}`);
  // A filter the link gave that could not be read narrows to nothing, never to everything.
  if (state.unread.length > 0) where.push("1 = 0");
  const needle = state.q.trim();
  // One or two characters: not searched (no index answers them), as the page says (search-needle.ts).
  if (needle !== "" && !searchWaits(needle)) where.push(searchCondition(needle, sql, (value) => params.add(value)));
  const among = (expression: string, values: readonly string[]) =>
    values.length > 0 ? where.push(`${expression} IN (${values.map((v) => params.add(v)).join(", ")})`) : 0;
  among(`b."name"`, state.benchmark);
  among(LANGUAGE, state.language);
  among(`(${STATUS})`, state.review);
  among(`i."externalId"`, state.ids);
  if (state.pick)
    where.push(
      `EXISTS (SELECT 1 FROM "PickMember" p WHERE p."pickKey" = ${params.add(state.pick)} AND p."externalId" = i."externalId")`,
    );
  if (state.paired) where.push(pairedCellCondition(state.paired, (value) => params.add(value)));
  if (state.evidence) {
    if (!scope.members) throw new Error("a list view's evidence cell is resolved before its SQL is written");
    const byBenchmark = new Map<number, string[]>();
    for (const [benchmarkId, externalId] of scope.members)
      byBenchmark.set(benchmarkId, [...(byBenchmark.get(benchmarkId) ?? []), externalId]);
    const members = [...byBenchmark].map(
      ([benchmarkId, ids]) =>
        `(i."benchmarkId" = ${params.add(benchmarkId)} AND i."externalId" IN (${ids.map((id) => params.add(id)).join(", ")}))`,
    );
    where.push(members.length === 0 ? "1 = 0" : `(${members.join(" OR ")})`);
  }
  if (state.leak) where.push(`${LEAKS} > 0`);
  if (state.subset.length > 0)
    where.push(
      `EXISTS (SELECT 1 FROM "SubsetMember" s WHERE s."benchmarkId" = i."benchmarkId" AND s."instanceExternalId" = i."externalId" AND s."subset" IN (${state.subset.map((v) => params.add(v)).join(", ")}))`,
    );
  if (state.label.length > 0) {
    // `source/name=value`, as the facet offers it (both engines concatenate with ||).
    const concat = `l."source" || '/' || l."name" || '=' || l."value"`;
    where.push(
      `EXISTS (SELECT 1 FROM "InstanceLabel" l WHERE l."benchmarkId" = i."benchmarkId" AND l."instanceExternalId" = i."externalId" AND ${concat} IN (${state.label.map((v) => params.add(v)).join(", ")}))`,
    );
  }
  if (state.named)
    where.push(
      `EXISTS (SELECT 1 FROM "AgentPatch" ap JOIN "Run" r ON r."id" = ap."runId" WHERE r."benchmarkId" = i."benchmarkId" AND ap."instanceExternalId" = i."externalId" AND ap."namedDifferently" > 0)`,
    );
  // A test-facing message the issue does not state (from the stored evidence's literals).
  if (state.message)
    where.push(
      `EXISTS (SELECT 1 FROM ${sql.jsonArrayElements(`i."evidence"`, "literals", "l")} WHERE ${sql.jsonFieldIsFalse("l", "stated_in_issue")})`,
    );
  // The benchmark joined only where the view reads its name: every instance has one (a foreign key, not
  // null), so the join never changes which rows a view holds, and without it a count reads the narrowest
  // index. (The hint's join is on a unique key: PostgreSQL leaves it out of a count that reads nothing of it.)
  const benchmarkJoin =
    state.benchmark.length > 0 || state.sort === "benchmark" ? `JOIN "Benchmark" b ON b."id" = i."benchmarkId"` : "";
  const from = `FROM "Instance" i ${benchmarkJoin}
    LEFT JOIN "Hint" h ON h."instanceId" = i."id" AND h."selection" = ${selection} AND h."projection" = ${projection}
    ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}`;
  const textSort = ["externalId", "benchmark", "repo", "language"].includes(state.sort);
  const collate = textSort ? sql.byteOrder : "";
  const sortKey = `${sortExpression(state)}${collate}`;
  const orderBy = `ORDER BY ${sortKey} ${state.desc ? "DESC" : "ASC"}, i."id" ASC`;
  // Whether anything but the scope narrows the view: if not, it holds the scope's every instance, as the
  // database keeps them counted (no count of its rows needed).
  const narrowed = where.length > (scope.benchmarkId !== undefined ? 1 : 0);
  return { from, orderBy, params: params.values, status: STATUS, sortKey, collate, desc: state.desc, narrowed };
}

/** The columns of a list row, for the rows of one window (`ids`), each computed for those rows only. */
export function rowColumns(): string {
  return [
    `i."id" AS "id"`,
    `i."externalId" AS "externalId"`,
    `b."name" AS "benchmark"`,
    `i."repo" AS "repo"`,
    `${LANGUAGE} AS "language"`,
    ...SELECTIONS.map((s) => `${selectionCount(s)} AS "count_${s}"`),
    `${FLAGS} AS "flags"`,
    `${LEAKS} AS "leaks"`,
    `${outcomes("runs")} AS "runs"`,
    `${outcomes("resolved")} AS "resolved"`,
    `i."analysisStatus" AS "analysisStatus"`,
    `i."approximate" AS "approximate"`,
    `i."approximateReason" AS "approximateReason"`,
  ].join(",\n    ");
}

/**
 * Where an instance stands in a list view, in one query: its position, the instances before and after it,
 * the next one still to review (pending or changed since decided) after it, wrapping round, and how many
 * the view holds. Each is asked by the instance's sort key (rows before it: a smaller key, or the same key
 * and a smaller id; the order is the list's, ties by id), so the neighbours are index look-ups and nothing
 * numbers the whole view. Its last parameter is the instance's id.
 */
export function navigationQuery(state: ListState, sql: SqlPieces, scope: ListScope = {}) {
  const query = listQuery(state, sql, scope);
  const id = sql.placeholder(query.params.length + 1);
  const c = query.collate;
  // Earlier in the list's order than the instance (m), and later; and each side's nearest first.
  const [smaller, larger] = query.desc ? [">", "<"] : ["<", ">"];
  // Written as a range and a tie-break (not one OR), so that an index on the key serves the range; the
  // instance's key and id as values (scalar subqueries), which an index scan can start from (a join with
  // `m` made PostgreSQL walk the index from one end, filtering).
  const [mk, mid] = [`(SELECT k FROM m)${c}`, "(SELECT id FROM m)"];
  const before = `l.k${c} ${smaller}= ${mk} AND (l.k${c} ${smaller} ${mk} OR l.id < ${mid})`;
  const after = `l.k${c} ${larger}= ${mk} AND (l.k${c} ${larger} ${mk} OR l.id > ${mid})`;
  const [forward, backward] = query.desc ? ["DESC", "ASC"] : ["ASC", "DESC"];
  const inOrder = `ORDER BY l.k${c} ${forward}, l.id ASC LIMIT 1`;
  const text = `WITH list AS NOT MATERIALIZED (
      SELECT i."id" AS id, ${query.sortKey} AS k,
             CASE WHEN (${query.status}) IN ('pending', 'stale') THEN 1 ELSE 0 END AS open, h."id" AS hint
      ${query.from}
    ), m AS (SELECT id, k FROM list WHERE id = ${id})
    SELECT counts.total AS total, counts.total - counts.closed AS "openCount",
           CASE WHEN EXISTS (SELECT 1 FROM m) THEN (SELECT COUNT(*) FROM list l WHERE ${before}) + 1 ELSE 0 END
             AS position,
           (SELECT l.id FROM list l WHERE ${before} ORDER BY l.k${c} ${backward}, l.id DESC LIMIT 1) AS previous,
           (SELECT l.id FROM list l WHERE ${after} ${inOrder}) AS next,
           COALESCE(
             (SELECT l.id FROM list l WHERE l.open = 1 AND ${after} ${inOrder}),
             (SELECT l.id FROM list l WHERE l.open = 1 AND NOT EXISTS (SELECT 1 FROM m WHERE m.id = l.id) ${inOrder})
           ) AS "nextPending"
    FROM (SELECT (SELECT COUNT(*) FROM list) AS total,
                 (SELECT COUNT(*) FROM list WHERE hint IS NOT NULL AND open = 0) AS closed) counts`;
  return { text, params: query.params };
}
