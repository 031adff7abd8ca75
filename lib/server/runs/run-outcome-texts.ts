import { outcomeText } from "../../stats/run-outcome-text";
import { type BulkTarget, type Cell, cellBoolean, selectRows, updateRowsById } from "../db/bulk-sql";
import { bulkTarget, claimRows, type Database, writeTurn } from "../db/client";
import { writeInBatches } from "../db/transactions";

/*
 * A run's outcomes as one stored text (Run.outcomes, run-outcome-text.ts), made from its result rows. An
 * import that changes a run's results, or a take-back that deletes them, sets the text to null in its own
 * transaction; right after it commits, fillRunOutcomes makes the texts again (and a server's start makes any
 * a stopped process left). Reads never write it: a read of a run still without one makes it from the rows.
 */

const list = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(", ");

/** The outcome texts of these runs, made from their result rows (read only). */
export async function outcomeTextsFromRows(
  target: BulkTarget,
  runIds: readonly number[],
): Promise<Map<number, string>> {
  if (runIds.length === 0) return new Map();
  const rows = await selectRows(
    target,
    `SELECT "runId", "instanceExternalId", "resolved", "status" FROM "RunResult" WHERE "runId" IN (${list(runIds.length)}) ORDER BY "id"`,
    [...runIds],
  );
  const byRun = new Map<number, Array<[string, boolean, string | null]>>(runIds.map((id) => [id, []]));
  for (const row of rows)
    byRun
      .get(Number(row.runId))
      ?.push([
        String(row.instanceExternalId),
        cellBoolean(row.resolved) === true,
        row.status === null ? null : String(row.status),
      ]);
  return new Map([...byRun].map(([id, results]) => [id, outcomeText(results)]));
}

/** Runs a fill transaction makes texts for: each reads its run's result rows (up to a benchmark's 50,000). */
const RUNS_PER_TRANSACTION = 20;

/**
 * Makes and stores the outcome texts of every run without one (after the write that set them to null).
 * Returns how many it stored. Another process filling (or an import changing) the same runs at once waits for
 * the rows, and each text is written once, from the rows as committed.
 */
export async function fillRunOutcomes(db: Database): Promise<number> {
  const missing = (
    await db.run.findMany({ where: { outcomes: null }, select: { id: true }, orderBy: { id: "asc" } })
  ).map((r) => r.id);
  let stored = 0;
  for (let at = 0; at < missing.length; at += RUNS_PER_TRANSACTION) {
    const page = missing.slice(at, at + RUNS_PER_TRANSACTION);
    const written = await writeTurn(db)(() =>
      writeInBatches(
        db,
        page,
        async (tx, runs) => {
          const target = bulkTarget(db, tx);
          // Only runs still without one, held until this transaction ends: an import writing their results
          // waits, and then sets them to be made again.
          const ids = [...(await claimRows(db, tx, "Run", `"outcomes" IS NULL`, runs))];
          const byRun = await outcomeTextsFromRows(target, ids);
          await updateRowsById(
            target,
            "Run",
            ["outcomes"],
            [...byRun].map(([id, text]) => ({ id, values: [text] as Cell[] })),
          );
          return byRun.size;
        },
        { msPerItem: 2000 },
      ),
    );
    stored += written.reduce((sum, n) => sum + n, 0);
  }
  return stored;
}
