import { type Cell, updateRowsById } from "../db/bulk-sql";
import { bulkTarget, claimRows, type Database, writeTurn } from "../db/client";
import { writeInBatches } from "../db/transactions";
import { fillResearchTallies } from "./research-tallies";
import { outcomeTextsFromRows } from "./run-outcome-rows";

export { outcomeTextsFromRows };

/*
 * A run's outcomes as one stored text (Run.outcomes, run-outcome-text.ts), made from its result rows. An
 * import that changes a run's results, or a take-back that deletes them, sets the text to null in its own
 * transaction; right after it commits, fillRunOutcomes makes the texts again (and a server's start makes any
 * a stopped process left), and then the research tallies of the benchmarks that changed (research-tallies.ts). Reads never write it: a read of a run still without one makes it from the rows.
 */

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
  // The research tallies of the benchmarks whose runs or instances changed, from the texts just made.
  await fillResearchTallies(db);
  return stored;
}
