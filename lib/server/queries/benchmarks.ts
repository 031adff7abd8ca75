import "server-only";
import { selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database, getDb } from "../db/client";

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
 * counted by the database (a run's results are never read into the page).
 */
export async function getBenchmark(id: number, given?: Database) {
  const db = given ?? (await getDb());
  const benchmark = await db.benchmark.findUnique({ where: { id }, select: { id: true, name: true, isDemo: true } });
  if (!benchmark) return null;
  const [runs, counts] = await Promise.all([
    db.run.findMany({
      where: { benchmarkId: id },
      orderBy: [{ model: "asc" }, { selection: "asc" }, { projection: "asc" }],
      select: { id: true, model: true, selection: true, projection: true },
    }),
    selectRows(
      bulkTarget(db, db),
      `SELECT rr."runId" AS "runId", COUNT(*) AS "results",
              SUM(CASE WHEN rr."resolved" THEN 1 ELSE 0 END) AS "resolved", COUNT(i."id") AS "matched"
       FROM "RunResult" rr JOIN "Run" r ON r."id" = rr."runId"
       LEFT JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = rr."instanceExternalId"
       WHERE r."benchmarkId" = $1 GROUP BY rr."runId"`,
      [id],
    ),
  ]);
  const countsOf = new Map(counts.map((row) => [Number(row.runId), row]));
  const runRows: RunRow[] = runs.map((run) => {
    const row = countsOf.get(run.id);
    return {
      ...run,
      results: Number(row?.results ?? 0),
      resolved: Number(row?.resolved ?? 0),
      matched: Number(row?.matched ?? 0),
    };
  });
  return { ...benchmark, runs: runRows };
}
