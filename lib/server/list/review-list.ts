import { analysisModeText } from "../../domain/analysis-mode";
import { SELECTIONS, type Selection } from "../../domain/hint-vocabulary";
import type { InstanceListRow, ListState, ListWindow, ReviewStatus } from "../../review/list-state";

export { LIST_PAGE } from "../../review/list-state";

import { type Database, engineOf, type Tx, writeGeneration } from "../db/client";
import type { SqlPieces } from "../db/engine";
import { evidenceCellMembers } from "../research/evidence-labels";
import { readFacets } from "./list-facets";
import { type ListScope, listQuery, navigationQuery, rowColumns } from "./list-sql";

/** Rows a window holds at most: what a screen shows, many times over. */
export const MAX_WINDOW = 500;

type RawRow = {
  id: number;
  externalId: string;
  benchmark: string;
  repo: string;
  language: string;
  flags: number;
  leaks: number;
  runs: number;
  resolved: number;
  analysisStatus: string;
  approximate: boolean | number;
  approximateReason: string | null;
} & Record<`count_${Selection}`, number>;

/** The list rows of these instances (any order), with the review status each has under the list's policy. */
async function rowsOf(db: Database, ids: ReadonlyArray<{ id: number; status: string }>): Promise<InstanceListRow[]> {
  if (ids.length === 0) return [];
  const { sql } = engineOf(db);
  const placeholders = ids.map((_, n) => sql.placeholder(n + 1)).join(", ");
  const raw = await db.$queryRawUnsafe<RawRow[]>(
    `SELECT ${rowColumns()}
     FROM "Instance" i JOIN "Benchmark" b ON b."id" = i."benchmarkId"
     WHERE i."id" IN (${placeholders})`,
    ...ids.map((i) => i.id),
  );
  const byId = new Map(raw.map((r) => [Number(r.id), r]));
  return ids.flatMap(({ id, status }) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id,
        externalId: r.externalId,
        benchmark: r.benchmark,
        repo: r.repo,
        language: r.language,
        counts: Object.fromEntries(SELECTIONS.map((s) => [s, Number(r[`count_${s}`])])) as Record<Selection, number>,
        review: status as ReviewStatus,
        flags: Number(r.flags),
        leaks: Number(r.leaks),
        runs: Number(r.runs),
        resolved: Number(r.resolved),
        notAnalysed: r.analysisStatus === "pending",
        approximate:
          r.approximate === true || Number(r.approximate) === 1 ? analysisModeText(true, r.approximateReason) : null,
      },
    ];
  });
}

/** Reads in flight, per database: the same read asked again meanwhile shares the first one's answer. */
const inFlight = new WeakMap<Database, Map<string, Promise<unknown>>>();

/**
 * Runs `read` unless the same read (`key`) of the same database is already running, in which case its
 * answer is shared: a burst of identical list requests (a team opening the list at once) costs one read.
 * Nothing is kept once the read settles, and a read is shared only by requests that arrived before any
 * write of this process settled after it started: no one is answered from before their own last save.
 */
function sharedRead<T>(db: Database, what: string, read: () => Promise<T>): Promise<T> {
  // A write settled since a read started: that read is not shared with requests arriving now.
  const key = `${writeGeneration()}:${what}`;
  let running = inFlight.get(db);
  if (!running) {
    running = new Map();
    inFlight.set(db, running);
  }
  const existing = running.get(key) as Promise<T> | undefined;
  if (existing) return existing;
  const started = read();
  const reads = running;
  reads.set(key, started);
  const forget = () => reads.delete(key);
  started.then(forget, forget);
  return started;
}

/** The scope with the instances of a filter only the server can work out (an evidence cell), where the view has one. */
async function resolvedScope(db: Database | Tx, state: ListState, scope: ListScope): Promise<ListScope> {
  return state.evidence ? { ...scope, members: await evidenceCellMembers(db, state.evidence) } : scope;
}

/**
 * One window of a list view, in its order: the rows from `offset` (at most `limit`), how many instances the
 * view holds and how many the scope has. Filtering, ordering and counting are SQL's; only the window's rows
 * have their figures computed.
 */
export function listWindow(
  db: Database,
  state: ListState,
  window: { offset: number; limit: number },
  scope: ListScope = {},
): Promise<ListWindow> {
  const key = JSON.stringify(["window", state, window.offset, window.limit, scope.benchmarkId ?? null]);
  return sharedRead(db, key, () => readWindow(db, state, window, scope));
}

async function readWindow(
  db: Database,
  state: ListState,
  window: { offset: number; limit: number },
  scope: ListScope,
): Promise<ListWindow> {
  const query = listQuery(state, engineOf(db).sql, await resolvedScope(db, state, scope));
  const limit = Math.max(0, Math.min(MAX_WINDOW, Math.floor(window.limit)));
  const offset = Math.max(0, Math.floor(window.offset));
  const [page, [matching], [total], kept] = await Promise.all([
    db.$queryRawUnsafe<Array<{ id: number; status: string }>>(
      `SELECT i."id" AS "id", ${query.status} AS "status" ${query.from} ${query.orderBy} LIMIT ${limit} OFFSET ${offset}`,
      ...query.params,
    ),
    // A view nothing narrows holds its scope's instances: the kept count below, not counted again.
    query.narrowed
      ? db.$queryRawUnsafe<Array<{ n: number }>>(`SELECT COUNT(*) AS n ${query.from}`, ...query.params)
      : [null],
    // The scope's instances as the database keeps them per benchmark (triggers of the migration
    // 20261203110000_benchmark_instance_count), not counted: a few rows, however large the corpus.
    db.$queryRawUnsafe<Array<{ n: number }>>(
      `SELECT COALESCE(SUM("instanceCount"), 0) AS n FROM "Benchmark"${scope.benchmarkId === undefined ? "" : ` WHERE "id" = ${Number(scope.benchmarkId)}`}`,
    ),
    state.pick ? db.pick.count({ where: { key: state.pick } }) : 1,
  ]);
  const rows = await rowsOf(
    db,
    page.map((p) => ({ id: Number(p.id), status: p.status })),
  );
  return {
    offset,
    rows,
    matching: Number((query.narrowed ? matching?.n : total?.n) ?? 0),
    total: Number(total?.n ?? 0),
    unknownPick: kept === 0,
  };
}

/**
 * Every instance of a list view in its order, as ids with their external id and whether it is still to
 * review (pending, or changed since decided): what j/k, "next pending" and hint sets of a view need.
 */
export async function listIds(
  db: Database | Tx,
  state: ListState,
  scope: ListScope = {},
  sql: SqlPieces = engineOf(db as Database).sql,
): Promise<Array<{ id: number; externalId: string; open: boolean }>> {
  const query = listQuery(state, sql, await resolvedScope(db, state, scope));
  const rows = await db.$queryRawUnsafe<Array<{ id: number; externalId: string; status: string }>>(
    `SELECT i."id" AS "id", i."externalId" AS "externalId", ${query.status} AS "status" ${query.from} ${query.orderBy}`,
    ...query.params,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    externalId: r.externalId,
    open: r.status === "pending" || r.status === "stale",
  }));
}

/** Where an instance stands in a list view: what j, k and "move on to the next pending" go to. */
export async function listNavigation(
  db: Database,
  state: ListState,
  id: number,
  scope: ListScope = {},
): Promise<{
  previous: number | null;
  next: number | null;
  nextPending: number | null;
  position: number;
  total: number;
  /** hints of the view still open (pending, or changed since decided) */
  open: number;
}> {
  const query = navigationQuery(state, engineOf(db).sql, await resolvedScope(db, state, scope));
  const [row] = await db.$queryRawUnsafe<
    Array<{
      previous: number | null;
      next: number | null;
      nextPending: number | null;
      position: number;
      total: number;
      openCount: number;
    }>
  >(query.text, ...query.params, id);
  const idOrNull = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return {
    previous: idOrNull(row?.previous),
    next: idOrNull(row?.next),
    nextPending: idOrNull(row?.nextPending),
    position: Number(row?.position ?? 0),
    total: Number(row?.total ?? 0),
    open: Number(row?.openCount ?? 0),
  };
}

/** The values the list's facets offer: benchmarks and languages of the scope. */
export function listFacets(db: Database, scope: ListScope = {}) {
  return sharedRead(db, `facets:${scope.benchmarkId ?? ""}`, () => readFacets(db, scope));
}
