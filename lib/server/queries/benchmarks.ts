import "server-only";
import { getDb } from "../db/client";

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

/** One benchmark with its runs: how many results each has, how many resolved, how many match an instance. */
export async function getBenchmark(id: number) {
  const db = await getDb();
  const benchmark = await db.benchmark.findUnique({ where: { id }, select: { id: true, name: true, isDemo: true } });
  if (!benchmark) return null;
  const runs = await db.run.findMany({
    where: { benchmarkId: id },
    orderBy: [{ model: "asc" }, { selection: "asc" }, { projection: "asc" }],
    select: { id: true, model: true, selection: true, projection: true },
  });
  const externalIds = new Set(
    (await db.instance.findMany({ where: { benchmarkId: id }, select: { externalId: true } })).map((r) => r.externalId),
  );
  const runRows: RunRow[] = [];
  for (const run of runs) {
    const results = await db.runResult.findMany({
      where: { runId: run.id },
      select: { instanceExternalId: true, resolved: true },
    });
    runRows.push({
      ...run,
      results: results.length,
      resolved: results.filter((r) => r.resolved).length,
      matched: results.filter((r) => externalIds.has(r.instanceExternalId)).length,
    });
  }
  return { ...benchmark, runs: runRows };
}
