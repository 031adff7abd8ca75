import "server-only";
import { isSelection, SELECTIONS, type Selection } from "../../hint/vocabulary";
import type { InstanceListRow, ListState } from "../../review/list-state";
import { dialectOfDb, getDb } from "../db";
import { readSelectionCounts as readCounts } from "../stored-json";
import { reviewStatuses } from "./review-statuses";

const emptyCounts = () => Object.fromEntries(SELECTIONS.map((s) => [s, 0])) as Record<Selection, number>;

/** What a list state needs computed to filter and order rows: the instance page's j/k ask for no more. */
export function rowNeeds(state: ListState) {
  return {
    counts: isSelection(state.sort),
    outcomes: state.sort === "resolved",
    leaks: state.leak || state.sort === "leaks",
  };
}

/**
 * Every instance as a list row: identifiers per selection and outcomes counted by SQL, and the review
 * status of every selection × projection (the list shows the one it is set to).
 */
export async function listInstanceRows(
  needs: { counts: boolean; outcomes: boolean; leaks: boolean } = { counts: true, outcomes: true, leaks: true },
  benchmarkId?: number,
): Promise<InstanceListRow[]> {
  const db = await getDb();
  // The JSON columns are text on both engines; each has its own functions to read them.
  const postgres = dialectOfDb(db) === "postgres";
  const none = Promise.resolve([] as never[]);
  const [instances, counts, outcomes, reviews, leaks] = await Promise.all([
    // Plain SQL: at 50k instances Prisma's model query took 10× as long to build the same rows.
    db.$queryRawUnsafe<
      Array<{
        id: number;
        externalId: string;
        repo: string;
        language: string | null;
        benchmarkId: number;
        benchmark: string;
        selectionCounts: string | null;
        leakCount: number | null;
      }>
    >(
      `SELECT i."id" AS "id", i."externalId" AS "externalId", i."repo" AS "repo", i."language" AS "language",
              i."benchmarkId" AS "benchmarkId", b."name" AS "benchmark",
              ${needs.counts ? `i."selectionCounts"` : "NULL"} AS "selectionCounts",
              ${needs.leaks ? `i."leakCount"` : "NULL"} AS "leakCount"
       FROM "Instance" i JOIN "Benchmark" b ON b."id" = i."benchmarkId"
       ${benchmarkId === undefined ? "" : `WHERE i."benchmarkId" = ${Number(benchmarkId)}`}
       ORDER BY i."id"`,
    ),
    // Identifiers per selection and leak channels are stored by the analysis; counted here only for the
    // instances analysed before they were (null), until they are analysed again.
    needs.counts
      ? db.$queryRawUnsafe<Array<{ instanceId: number; selection: string; n: number }>>(
          `SELECT i."instanceId" AS "instanceId", p.value AS selection, COUNT(*) AS n
           FROM "Identifier" i, ${postgres ? `jsonb_array_elements_text(i."policies"::jsonb)` : `json_each(i."policies")`} p
           WHERE i."instanceId" IN (SELECT "id" FROM "Instance" WHERE "selectionCounts" IS NULL)
           GROUP BY i."instanceId", p.value`,
        )
      : none,
    needs.outcomes
      ? db.$queryRaw<Array<{ benchmarkId: number; externalId: string; runs: number; resolved: number }>>`
      SELECT r."benchmarkId" AS "benchmarkId", rr."instanceExternalId" AS "externalId",
             COUNT(*) AS runs, SUM(CASE WHEN rr."resolved" THEN 1 ELSE 0 END) AS resolved
      FROM "RunResult" rr JOIN "Run" r ON r."id" = rr."runId"
      GROUP BY r."benchmarkId", rr."instanceExternalId"`
      : none,
    reviewStatuses(db),
    needs.leaks
      ? db.$queryRawUnsafe<Array<{ id: number; leaks: number }>>(
          postgres
            ? `SELECT "id", jsonb_array_length("evidence"::jsonb -> 'leaks') AS leaks FROM "Instance" WHERE "evidence" IS NOT NULL AND "leakCount" IS NULL`
            : `SELECT "id", json_array_length("evidence", '$.leaks') AS leaks FROM "Instance" WHERE "evidence" IS NOT NULL AND "leakCount" IS NULL`,
        )
      : none,
  ]);
  const leaksOf = new Map(leaks.map((row) => [Number(row.id), Number(row.leaks)]));
  const countsOf = new Map<number, Record<Selection, number>>();
  for (const row of counts) {
    const entry = countsOf.get(Number(row.instanceId)) ?? emptyCounts();
    if (row.selection in entry) entry[row.selection as Selection] = Number(row.n);
    countsOf.set(Number(row.instanceId), entry);
  }
  const outcomeOf = new Map(
    outcomes.map((o) => [
      `${o.benchmarkId}\u0000${o.externalId}`,
      { runs: Number(o.runs), resolved: Number(o.resolved) },
    ]),
  );
  return instances.map((i) => ({
    id: Number(i.id),
    externalId: i.externalId,
    benchmark: i.benchmark,
    repo: i.repo,
    language: i.language ?? "unknown",
    counts: i.selectionCounts
      ? { ...emptyCounts(), ...readCounts(i.selectionCounts) }
      : (countsOf.get(Number(i.id)) ?? emptyCounts()),
    reviews: reviews.get(Number(i.id))?.reviews ?? {},
    flags: reviews.get(Number(i.id))?.flags ?? 0,
    leaks: i.leakCount !== null ? Number(i.leakCount) : (leaksOf.get(Number(i.id)) ?? 0),
    ...(outcomeOf.get(`${Number(i.benchmarkId)}\u0000${i.externalId}`) ?? { runs: 0, resolved: 0 }),
  }));
}
