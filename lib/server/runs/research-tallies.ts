import { PROJECTIONS, SELECTIONS, type Selection } from "../../domain/hint-vocabulary";
import { InstanceNumbering } from "../../stats/numbered-outcomes";
import { outcomeText, readNumberedOutcomes } from "../../stats/run-outcome-text";
import { type BenchmarkTally, tallyBenchmark } from "../../stats/run-tallies";
import { disclosureColumn } from "../analysis/research-fact-rows";
import { countColumn } from "../analysis/stored-counts";
import { type BulkTarget, execute, readIntList, readJsonTexts, selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database, engineOf, writeTurn } from "../db/client";
import { outcomeTextsFromRows } from "./run-outcome-rows";

/*
 * Each benchmark's research tallies (lib/stats/run-tallies.ts: its runs by status, pairs of runs, each model's
 * runs together, the identifiers per selection), kept in ResearchTally as one text. The triggers of the
 * migration 20261204040000_research_tallies add one to its `changes` on every write of a run, a result or an
 * instance of the benchmark, whatever code writes it; fillResearchTallies, run right after such writes (with
 * the runs' outcome texts, fillRunOutcomes) and at a server's start, makes the text again from the rows and
 * stamps it with the `changes` it was made after. A read uses a text only while its stamp is the count
 * (researchTallies); a read never writes one.
 */

/** One benchmark's tallies made from its rows (read only): its instances' ids and counts, its runs' outcomes. */
export async function benchmarkTallyFromRows(db: Database, benchmarkId: number): Promise<BenchmarkTally> {
  const target = bulkTarget(db, db);
  const { sql } = engineOf(db);
  const [[columns], runs] = await Promise.all([
    selectRows(
      target,
      `SELECT ${sql.jsonTexts(`"externalId"`)} AS "externalIds",
              ${SELECTIONS.map((s) => `${sql.intList(`"${countColumn(s)}"`)} AS "${countColumn(s)}"`).join(", ")}
       FROM "Instance" WHERE "benchmarkId" = $1`,
      [benchmarkId],
    ),
    selectRows(target, `SELECT "id", "model", "outcomes" FROM "Run" WHERE "benchmarkId" = $1`, [benchmarkId]),
  ]);
  const externalIds = readJsonTexts(columns?.externalIds);
  const read = SELECTIONS.map((s) => readIntList(columns?.[countColumn(s)]));
  if (read.some((column) => column.length !== externalIds.length))
    throw new Error(`the instances of benchmark ${benchmarkId} were read in columns of different lengths`);
  // Numbered in id order (code units), each count column in the same order.
  const order = externalIds
    .map((_, n) => n)
    .sort((a, b) => compare(externalIds[a] as string, externalIds[b] as string));
  const instances = new InstanceNumbering(order.map((n) => externalIds[n] as string));
  if (instances.size !== order.length) throw new Error(`benchmark ${benchmarkId} holds an instance id twice`);
  const counts = Object.fromEntries(
    SELECTIONS.map((s, k) => [s, Int32Array.from(order, (n) => (read[k] as Int32Array)[n] as number)]),
  ) as Record<Selection, Int32Array>;
  const texts = await storedOrMade(
    target,
    runs.map((r) => ({ id: Number(r.id), outcomes: r.outcomes === null ? null : String(r.outcomes) })),
  );
  return tallyBenchmark(
    instances.size,
    runs.map((r) => ({
      runId: Number(r.id),
      model: String(r.model),
      ...readNumberedOutcomes(texts.get(Number(r.id)) ?? outcomeText([]), instances),
    })),
    counts,
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function storedOrMade(target: BulkTarget, runs: ReadonlyArray<{ id: number; outcomes: string | null }>) {
  const texts = new Map(runs.flatMap((r) => (r.outcomes === null ? [] : [[r.id, r.outcomes] as const])));
  const missing = runs.filter((r) => r.outcomes === null).map((r) => r.id);
  for (const [id, text] of await outcomeTextsFromRows(target, missing)) texts.set(id, text);
  return texts;
}

/**
 * A benchmark's sums of the analysis's facts, as the frontier and the leak shares read them: per selection the
 * instances with facts and the sums of each fact; the instances whose evidence was computed; per leak channel
 * the instances that show it. Read only; the same statements whether made for keeping or read for a benchmark
 * whose kept sums are behind.
 */
export interface BenchmarkFacts {
  sums: Array<Record<string, number | string>>;
  known: number;
  leaks: Array<[channel: string, count: number]>;
}

export async function benchmarkFactsFromRows(db: Database, benchmarkId: number): Promise<BenchmarkFacts> {
  const target = bulkTarget(db, db);
  const [sums, [known], leaks] = await Promise.all([
    selectRows(
      target,
      `SELECT "selection", COUNT(*) AS "n", SUM("guessworkLeft") AS "guesswork",
              SUM("beyondDefuse") AS "beyond", SUM("transcriptionSum") AS "copied",
              SUM("transcriptionCount") AS "copiedCount",
              ${PROJECTIONS.map((p) => `SUM("${disclosureColumn(p)}") AS "${p}"`).join(", ")}
       FROM "SelectionFact" WHERE "benchmarkId" = $1 GROUP BY "selection" ORDER BY "selection"`,
      [benchmarkId],
    ),
    // Instances whose evidence was computed (the analysis stores its leak count with it): the leak shares' denominator.
    selectRows(target, `SELECT COUNT(*) AS "n" FROM "Instance" WHERE "benchmarkId" = $1 AND "leakCount" IS NOT NULL`, [
      benchmarkId,
    ]),
    selectRows(
      target,
      `SELECT "channel", COUNT(*) AS "n" FROM "LeakFact" WHERE "benchmarkId" = $1 GROUP BY "channel" ORDER BY "channel"`,
      [benchmarkId],
    ),
  ]);
  return {
    // Numbers as numbers (PostgreSQL hands sums of integers over as big integers), the selection as text.
    sums: sums.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === "selection" ? String(v) : Number(v)])),
    ),
    known: Number(known?.n ?? 0),
    leaks: leaks.map((row) => [String(row.channel), Number(row.n)]),
  };
}

/**
 * Makes the tallies (and the sums of the analysis's facts) of every benchmark whose text is older than its
 * last change, and stores each stamped with the count of changes it was made after; returns how many texts it
 * stored. The analysis may call it once its writes are done (its facts and counts change both texts). A change committed while one is made
 * leaves it unstored (the count moved on), for the fill after that change.
 */
export async function fillResearchTallies(db: Database): Promise<number> {
  const target = bulkTarget(db, db);
  const stale = await selectRows(
    target,
    `SELECT "benchmarkId", "changes" FROM "ResearchTally" WHERE "talliedAt" IS NULL OR "talliedAt" <> "changes" ORDER BY "benchmarkId"`,
    [],
  );
  let stored = 0;
  for (const row of stale) {
    const benchmarkId = Number(row.benchmarkId);
    const changes = Number(row.changes);
    // Read after the count: every change it counts is in the rows read.
    const tally = await benchmarkTallyFromRows(db, benchmarkId);
    stored += await writeTurn(db)(() =>
      execute(
        target,
        `UPDATE "ResearchTally" SET "tallies" = $1, "talliedAt" = $2 WHERE "benchmarkId" = $3 AND "changes" = $2`,
        [JSON.stringify(tally), changes, benchmarkId],
      ),
    );
  }
  // The analysis's sums, by their own count.
  const staleFacts = await selectRows(
    target,
    `SELECT "benchmarkId", "factChanges" FROM "ResearchTally" WHERE "factsTalliedAt" IS NULL OR "factsTalliedAt" <> "factChanges" ORDER BY "benchmarkId"`,
    [],
  );
  for (const row of staleFacts) {
    const benchmarkId = Number(row.benchmarkId);
    const changes = Number(row.factChanges);
    const facts = await benchmarkFactsFromRows(db, benchmarkId);
    stored += await writeTurn(db)(() =>
      execute(
        target,
        `UPDATE "ResearchTally" SET "facts" = $1, "factsTalliedAt" = $2 WHERE "benchmarkId" = $3 AND "factChanges" = $2`,
        [JSON.stringify(facts), changes, benchmarkId],
      ),
    );
  }
  return stored;
}
