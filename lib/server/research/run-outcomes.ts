import type { InstanceNumbering, NumberedOutcomes } from "../../stats/numbered-outcomes";
import { outcomeText, readNumberedOutcomes } from "../../stats/run-outcome-text";
import { bulkTarget, type Database } from "../db/client";
import { outcomeTextsFromRows } from "../runs/run-outcome-texts";

/*
 * A run's outcomes as the research page reads them: its stored text (Run.outcomes), made again right after
 * the write that changes its result rows (runs/run-outcome-texts.ts). A read never writes: a run still without
 * one (between that write and its fill) is read from its rows.
 */
/**
 * The outcomes of these runs over their benchmarks' numbered instances (numbered-outcomes.ts): read from
 * their stored texts, made from the rows for those without one.
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

/** The stored outcome texts of these runs (run-outcome-text.ts), made from the rows for those without one. */
export async function runOutcomeTexts(
  db: Database,
  runs: ReadonlyArray<{ id: number; outcomes: string | null }>,
): Promise<Map<number, string>> {
  const texts = new Map(runs.flatMap((r) => (r.outcomes === null ? [] : [[r.id, r.outcomes] as const])));
  const missing = runs.filter((r) => r.outcomes === null).map((r) => r.id);
  for (const [id, text] of await outcomeTextsFromRows(bulkTarget(db, db), missing)) texts.set(id, text);
  return texts;
}
