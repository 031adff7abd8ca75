import "server-only";
import { readOutcomeColumns, statusLetter } from "../../stats/run-outcome-text";
import { readJsonTexts, selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database, engineOf, getDb } from "../db/client";
import { runOutcomeTexts } from "./run-outcomes";

export interface BenchmarkRow {
  id: number;
  name: string;
  isDemo: boolean;
  instanceCount: number;
  runCount: number;
  resultCount: number;
}

/** Every benchmark with its instance, run and result counts, by name. */
export async function listBenchmarks(): Promise<BenchmarkRow[]> {
  const db = await getDb();
  const rows = await db.benchmark.findMany({
    orderBy: { name: "asc" },
    select: { id: true, name: true, isDemo: true, _count: { select: { instances: true, runs: true } } },
  });
  const results = await db.runResult.groupBy({ by: ["runId"], _count: { _all: true } });
  const runs = await db.run.findMany({ select: { id: true, benchmarkId: true } });
  const benchmarkOfRun = new Map(runs.map((run) => [run.id, run.benchmarkId]));
  const resultCounts = new Map<number, number>();
  for (const row of results) {
    const benchmarkId = benchmarkOfRun.get(row.runId);
    if (benchmarkId !== undefined)
      resultCounts.set(benchmarkId, (resultCounts.get(benchmarkId) ?? 0) + row._count._all);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isDemo: row.isDemo,
    instanceCount: row._count.instances,
    runCount: row._count.runs,
    resultCount: resultCounts.get(row.id) ?? 0,
  }));
}

export interface RunRow {
  id: number;
  model: string;
  selection: string;
  projection: string;
  results: number;
  resolved: number;
  matched: number;
}

/**
 * One benchmark with its runs: how many results each has, how many resolved, how many match an instance,
 * counted from each run's stored outcomes (run-outcomes.ts) against the benchmark's instance ids: no result
 * row is read.
 */
export async function getBenchmark(id: number, given?: Database) {
  const db = given ?? (await getDb());
  const benchmark = await db.benchmark.findUnique({ where: { id }, select: { id: true, name: true, isDemo: true } });
  if (!benchmark) return null;
  const [runs, instances] = await Promise.all([
    db.run.findMany({
      where: { benchmarkId: id },
      orderBy: [{ model: "asc" }, { selection: "asc" }, { projection: "asc" }],
      select: { id: true, model: true, selection: true, projection: true, outcomes: true },
    }),
    // The benchmark's instance ids as one JSON text (50,000 rows through the driver adapter took 0.2 s).
    selectRows(
      bulkTarget(db, db),
      `SELECT ${engineOf(db).sql.jsonTexts(`"externalId"`)} AS "ids" FROM "Instance" WHERE "benchmarkId" = $1`,
      [id],
    ),
  ]);
  const known = new Set(readJsonTexts(instances[0]?.ids));
  const texts = await runOutcomeTexts(db, runs);
  const resolved = statusLetter("resolved");
  const runRows: RunRow[] = runs.map(({ outcomes: _, ...run }) => {
    const text = texts.get(run.id);
    const { ids, statuses } = text ? readOutcomeColumns(text) : { ids: [], statuses: "" };
    let resolvedCount = 0;
    for (const letter of statuses) if (letter === resolved) resolvedCount++;
    let matched = 0;
    for (const id of ids) if (known.has(id)) matched++;
    return { ...run, results: ids.length, resolved: resolvedCount, matched };
  });
  return { ...benchmark, runs: runRows };
}
