import type { InstanceNumbering, NumberedOutcomes } from "../../stats/numbered-outcomes";
import { outcomeText, readNumberedOutcomes } from "../../stats/run-outcome-text";
import { type BulkTarget, type Cell, cellBoolean, selectRows, updateRowsById } from "../db/bulk-sql";
import { bulkTarget, claimRows, type Database } from "../db/client";
import { serialisedWrite } from "../db/write-lock";

/*
 * A run's outcomes as the research page reads them: its stored text (Run.outcomes), made from its result rows
 * when first read after they changed (an import or a take-back sets it to null in the same transaction).
 */

const list = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(", ");

async function textsFromRows(target: BulkTarget, runIds: readonly number[]): Promise<Map<number, string>> {
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

/**
 * The outcomes of these runs over their benchmarks' numbered instances (numbered-outcomes.ts): read from
 * their stored texts, made (and stored) for those without one.
 */
export async function runNumberedOutcomes(
  db: Database,
  runs: ReadonlyArray<{ id: number; outcomes: string | null; benchmarkId: number }>,
  instancesOf: (benchmarkId: number) => InstanceNumbering,
): Promise<Map<number, NumberedOutcomes>> {
  const texts = await runOutcomeTexts(db, runs);
  return new Map(
    runs.map((run) => [
      run.id,
      readNumberedOutcomes(texts.get(run.id) ?? outcomeText([]), instancesOf(run.benchmarkId)),
    ]),
  );
}

/** The stored outcome texts of these runs (run-outcome-text.ts), made (and stored) for those without one. */
export async function runOutcomeTexts(
  db: Database,
  runs: ReadonlyArray<{ id: number; outcomes: string | null }>,
): Promise<Map<number, string>> {
  const texts = new Map(runs.flatMap((r) => (r.outcomes === null ? [] : [[r.id, r.outcomes] as const])));
  const missing = runs.filter((r) => r.outcomes === null).map((r) => r.id);
  if (missing.length > 0) {
    const made = await serialisedWrite(() =>
      db.$transaction(
        async (tx) => {
          const target = bulkTarget(db, tx);
          // Only runs still without one, held until this transaction ends: an import writing their results
          // waits, and then sets them to be made again.
          const ids = [...(await claimRows(db, tx, "Run", `"outcomes" IS NULL`, missing))];
          if (ids.length === 0) return new Map<number, string>();
          const byRun = await textsFromRows(target, ids);
          await updateRowsById(
            target,
            "Run",
            ["outcomes"],
            [...byRun].map(([id, text]) => ({ id, values: [text] as Cell[] })),
          );
          return byRun;
        },
        { timeout: 10 * 60 * 1000, maxWait: 60 * 1000 },
      ),
    );
    for (const [id, text] of made) texts.set(id, text);
    // Made by another process meanwhile: read as stored (or from the rows, where changed again since).
    const others = missing.filter((id) => !texts.has(id));
    if (others.length > 0) {
      const stored = await db.run.findMany({ where: { id: { in: others } }, select: { id: true, outcomes: true } });
      for (const run of stored) if (run.outcomes !== null) texts.set(run.id, run.outcomes);
      const changed = others.filter((id) => !texts.has(id));
      if (changed.length > 0)
        for (const [id, text] of await textsFromRows(bulkTarget(db, db), changed)) texts.set(id, text);
    }
  }
  return texts;
}
