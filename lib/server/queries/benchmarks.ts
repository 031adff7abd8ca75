import "server-only";
import { type Database, getDb } from "../db/client";

export interface BenchmarkRow {
  id: number;
  name: string;
  isDemo: boolean;
  instanceCount: number;
  runCount: number;
  resultCount: number;
}

/**
 * Every benchmark with its instance, run and result counts, by name: from the counts the database keeps
 * (Benchmark.instanceCount, RunCount), so the list costs the same at any corpus size.
 */
export async function listBenchmarks(given?: Database): Promise<BenchmarkRow[]> {
  const db = given ?? (await getDb());
  const [rows, runs] = await Promise.all([
    db.benchmark.findMany({
      orderBy: { name: "asc" },
      select: { id: true, name: true, isDemo: true, instanceCount: true },
    }),
    db.run.findMany({ select: { benchmarkId: true, counts: { select: { resultCount: true } } } }),
  ]);
  const runCounts = new Map<number, number>();
  const resultCounts = new Map<number, number>();
  for (const run of runs) {
    runCounts.set(run.benchmarkId, (runCounts.get(run.benchmarkId) ?? 0) + 1);
    resultCounts.set(run.benchmarkId, (resultCounts.get(run.benchmarkId) ?? 0) + (run.counts?.resultCount ?? 0));
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isDemo: row.isDemo,
    instanceCount: row.instanceCount,
    runCount: runCounts.get(row.id) ?? 0,
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
 * as the database keeps them per run (RunCount: kept by triggers on
 * every write of a result, an instance or a run's benchmark). No result row, instance id or run's outcomes
 * is read: the page costs the same at 10,000 instances as at 50,000.
 */
export async function getBenchmark(id: number, given?: Database) {
  const db = given ?? (await getDb());
  const benchmark = await db.benchmark.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      isDemo: true,
      runs: {
        orderBy: [{ model: "asc" }, { selection: "asc" }, { projection: "asc" }],
        select: {
          id: true,
          model: true,
          selection: true,
          projection: true,
          counts: { select: { resultCount: true, resolvedResults: true, matchedResults: true } },
        },
      },
    },
  });
  if (!benchmark) return null;
  const runs: RunRow[] = benchmark.runs.map((run) => ({
    id: run.id,
    model: run.model,
    selection: run.selection,
    projection: run.projection,
    results: run.counts?.resultCount ?? 0,
    resolved: run.counts?.resolvedResults ?? 0,
    matched: run.counts?.matchedResults ?? 0,
  }));
  return { ...benchmark, runs };
}
