import { type Database, dialectOfDb } from "../db/client";

/*
 * After a large import commits, on PostgreSQL: the tables it wrote analysed at once (the planner's row counts and
 * value statistics are the new ones), and vacuumed where the rewrite was large, so an index-only read of them
 * stops visiting the heap for each row (issue 47: the list's counts 4.4–6.2 s at 50,000 right after a run's
 * import, 19–81 ms after VACUUM). Autovacuum would come to it in its own time; the list is read now. SQLite
 * keeps no row versions and plans without these statistics: nothing to do there.
 */

/** The tables an import writes in bulk. */
export const BULK_TABLES = ["Instance", "RunResult", "AgentPatch"] as const;

/**
 * Rows written from which the tables are analysed; and from which they are vacuumed too, or from this share of
 * the instances on (nine runs of 5,000 results over 5,000 instances, only analysed, left the list's first page
 * 5× slower on PostgreSQL: its counts visited the heap of every rewritten row).
 */
export const SETTLE_ROWS = { analyze: 1_000, vacuum: 10_000, vacuumShare: 0.1 };

/**
 * Analyses (and vacuums, past `limits.vacuum` rows or `limits.vacuumShare` of the instances) the tables an
 * import wrote, once its transaction has committed (VACUUM cannot run inside one). Returns what was done.
 */
export async function settleAfterBulkWrite(
  db: Database,
  rowsWritten: number,
  limits: { analyze: number; vacuum: number; vacuumShare: number } = SETTLE_ROWS,
): Promise<"nothing" | "analyze" | "vacuum"> {
  if (dialectOfDb(db) !== "postgres" || rowsWritten < limits.analyze) return "nothing";
  // The planner's own count of the instances (as last analysed): no table is read for it.
  const [estimate] = await db.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT GREATEST(reltuples, 0) AS n FROM pg_class WHERE oid = '"Instance"'::regclass`,
  );
  const large = rowsWritten >= limits.vacuum || rowsWritten >= limits.vacuumShare * Number(estimate?.n ?? 0);
  const done = large ? "vacuum" : "analyze";
  for (const table of BULK_TABLES)
    await db.$executeRawUnsafe(done === "vacuum" ? `VACUUM (ANALYZE) "${table}"` : `ANALYZE "${table}"`);
  return done;
}
