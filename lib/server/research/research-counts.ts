import type { PolicyStatsRow } from "../../analysis/policy-stats";
import { SELECTIONS } from "../../domain/hint-vocabulary";
import type { Verdict } from "../../stats/design-constraints";
import { ATTEMPTED, resultStatus } from "../../stats/result-status";
import type { BenchmarkTally, TalliedRun } from "../../stats/run-tallies";
import { cellBoolean, selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database } from "../db/client";
import { benchmarkTallyFromRows } from "../runs/research-tallies";
import { readSummary } from "../stored-json";

/*
 * The research page's ground and runs from the counts the database keeps per benchmark (ResearchTally, made by
 * the writes: lib/server/runs/research-tallies.ts): no instance and no run's outcomes are read while a
 * benchmark's tallies are as new as its last change. A benchmark changed since (a write whose fill has not run
 * yet, the analysis's new counts) is counted from its rows here, in memory: the figures are the same either
 * way, and nothing is written.
 */

/** Benchmarks by id and name, and each one's tallies. */
export interface ResearchGround {
  benchmarkName: ReadonlyMap<number, string>;
  /** a benchmark's name by its id as rated items name it */
  benchmarkNameOf: (id: string) => string;
  /** SPEC §4's table: per benchmark (with instances) and selection, the identifiers picked */
  specTable: PolicyStatsRow[];
  /** a benchmark's tallies by its name (none for a name that is no benchmark) */
  tallyOf: (benchmark: string) => BenchmarkTally | undefined;
}

/** The runs part: each run with its counts, its design verdicts, and each verdict's instance's outcome. */
export interface ResearchRunsPart {
  talliedRuns: TalliedRun[];
  verdicts: Map<number, Map<string, Verdict[]>>;
  /** whether a verdict's id is an imported instance of its run's benchmark, and the run's outcome there */
  verdictOutcome: (runId: number, externalId: string) => { known: boolean; passed: boolean | undefined };
  /** a benchmark's tallies by its name */
  tallyOf: (benchmark: string) => BenchmarkTally | undefined;
}

/** SPEC §4's table from each benchmark's counts, as policyStatsOfCounts makes it from every instance. */
export function specTableOf(tallies: ReadonlyArray<[name: string, tally: BenchmarkTally]>): PolicyStatsRow[] {
  return tallies
    .filter(([, tally]) => tally.instances > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([benchmark, tally]) =>
      SELECTIONS.map((selection) => {
        const { total, nonEmpty } = tally.selections[selection];
        return {
          benchmark,
          selection,
          instances: tally.instances,
          total,
          mean_per_instance: tally.instances === 0 ? 0 : total / tally.instances,
          non_empty_instances: nonEmpty,
          mean_per_non_empty: nonEmpty === 0 ? 0 : total / nonEmpty,
        };
      }),
    );
}

/** Every benchmark's tallies: the kept text where it is as new as the last change, else counted from the rows. */
export async function researchTallies(db: Database): Promise<Map<number, BenchmarkTally>> {
  const rows = await selectRows(
    bulkTarget(db, db),
    `SELECT b."id", t."tallies" FROM "Benchmark" b
     LEFT JOIN "ResearchTally" t ON t."benchmarkId" = b."id" AND t."talliedAt" = t."changes"`,
    [],
  );
  const tallies = new Map<number, BenchmarkTally>();
  await Promise.all(
    rows.map(async (row) => {
      const id = Number(row.id);
      const kept = typeof row.tallies === "string" ? (JSON.parse(row.tallies) as BenchmarkTally) : null;
      tallies.set(id, kept ?? (await benchmarkTallyFromRows(db, id)));
    }),
  );
  return tallies;
}

/** The ground of the research views from the kept counts: no instance is read. */
export async function loadResearchGround(db: Database): Promise<ResearchGround> {
  const [benchmarks, tallies] = await Promise.all([
    db.benchmark.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    researchTallies(db),
  ]);
  const benchmarkName = new Map(benchmarks.map((b) => [b.id, b.name]));
  const byName = new Map(benchmarks.flatMap((b) => (tallies.has(b.id) ? [[b.name, tallies.get(b.id)]] : [])));
  return {
    benchmarkName,
    benchmarkNameOf: (id: string) => benchmarkName.get(Number(id)) ?? id,
    specTable: specTableOf([...byName].map(([name, tally]) => [name, tally as BenchmarkTally])),
    tallyOf: (benchmark: string) => byName.get(benchmark),
  };
}

/** Each run with its kept counts, and the design verdicts with their instances' outcomes (no outcome text is read). */
export async function loadResearchRunCounts(db: Database, ground: ResearchGround): Promise<ResearchRunsPart> {
  const [runs, verdictRows] = await Promise.all([
    db.run.findMany({
      select: { id: true, benchmarkId: true, model: true, selection: true, projection: true, summary: true },
      orderBy: [{ model: "asc" }],
    }),
    // Each verdict with its id's instance (if imported) and the run's result there: rows of verdicts, not of instances.
    selectRows(
      bulkTarget(db, db),
      `SELECT v."runId", v."instanceExternalId", v."verdict", i."id" AS "instanceId", rr."resolved", rr."status"
       FROM "DesignVerdict" v JOIN "Run" r ON r."id" = v."runId"
       LEFT JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = v."instanceExternalId"
       LEFT JOIN "RunResult" rr ON rr."runId" = v."runId" AND rr."instanceExternalId" = v."instanceExternalId"
       ORDER BY v."id"`,
      [],
    ),
  ]);
  // A run written between the ground's read and this one (an import committed meanwhile): its benchmark is
  // counted from its rows for this request, so the runs and their counts are of the same moment.
  const runIdsOf = new Map<number, number[]>();
  for (const run of runs) runIdsOf.set(run.benchmarkId, [...(runIdsOf.get(run.benchmarkId) ?? []), run.id]);
  const recounted = new Map<string, BenchmarkTally>();
  for (const [benchmarkId, ids] of runIdsOf) {
    const benchmark = ground.benchmarkName.get(benchmarkId) ?? "";
    const kept = ground.tallyOf(benchmark)?.runs.map((r) => r.runId);
    const same = kept?.length === ids.length && ids.every((id) => kept.includes(id));
    if (!same) recounted.set(benchmark, await benchmarkTallyFromRows(db, benchmarkId));
  }
  const tallyOf = (benchmark: string) => recounted.get(benchmark) ?? ground.tallyOf(benchmark);
  const talliedRuns = runs.map((run): TalliedRun => {
    const benchmark = ground.benchmarkName.get(run.benchmarkId) ?? "";
    const tally = tallyOf(benchmark);
    const counts = tally?.runs.find((r) => r.runId === run.id);
    if (!tally || !counts) throw new Error(`the research counts of ${benchmark} do not hold run ${run.id}`);
    return {
      runId: run.id,
      benchmark,
      model: run.model,
      selection: run.selection,
      projection: run.projection,
      summary: readSummary(run.summary),
      tally: counts,
      instances: tally.instances,
    };
  });
  const verdicts = new Map<number, Map<string, Verdict[]>>();
  const outcomes = new Map<string, { known: boolean; passed: boolean | undefined }>();
  for (const row of verdictRows) {
    const runId = Number(row.runId);
    const id = String(row.instanceExternalId);
    const byInstance = verdicts.get(runId) ?? new Map<string, Verdict[]>();
    const list = byInstance.get(id);
    if (list) list.push(row.verdict as Verdict);
    else byInstance.set(id, [row.verdict as Verdict]);
    verdicts.set(runId, byInstance);
    const known = row.instanceId !== null && row.instanceId !== undefined;
    const resolved = cellBoolean(row.resolved);
    const status =
      resolved === null ? undefined : resultStatus(resolved, row.status === null ? null : String(row.status));
    outcomes.set(`${runId}\u0000${id}`, {
      known,
      passed: known && status !== undefined && ATTEMPTED.has(status) ? status === "resolved" : undefined,
    });
  }
  return {
    talliedRuns,
    tallyOf,
    verdicts,
    verdictOutcome: (runId, externalId) =>
      outcomes.get(`${runId}\u0000${externalId}`) ?? { known: false, passed: undefined },
  };
}
