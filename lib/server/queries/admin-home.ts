import "server-only";
import type { Database } from "../db/client";

/** An import as the admin's home lists it. */
export interface HomeImport {
  id: number;
  file: string;
  format: string;
  benchmark: string | null;
  added: number;
  updated: number;
  /** records that named nothing this server has (results for instances not imported) */
  unmatched: number;
  at: Date;
}

/** An import job (an upload imported and analysed in the background) and where it stands. */
export interface HomeJob {
  id: string;
  name: string;
  /** importing, analysing, done, failed */
  state: string;
  records: number;
  analysed: number;
  startedAt: Date;
  finishedAt: Date | null;
}

/** A benchmark a run's results fit: how many of the run's instance ids are among its instances. */
export interface RunFit {
  benchmarkId: number;
  benchmark: string;
  matched: number;
}

/** A run some of whose results name no instance of its benchmark, and the benchmarks they do name. */
export interface StrayRun {
  id: number;
  benchmark: string;
  model: string;
  selection: string;
  projection: string;
  source: string | null;
  results: number;
  /** results whose instance is in the run's own benchmark */
  matched: number;
  /** the other benchmarks holding some of its instance ids, the best fit first */
  fits: RunFit[];
}

/**
 * An admin's home: the recent imports and import jobs with their state, and the runs whose results are for
 * instances their benchmark does not have, each with the benchmarks its instance ids do match (where the run
 * belongs): one grouped pass over the results through the instances' (benchmark, id) key, then one grouped join
 * over those runs' results only.
 */
export async function adminHome(
  db: Database,
  options: { imports?: number; jobs?: number } = {},
): Promise<{ imports: HomeImport[]; jobs: HomeJob[]; strayRuns: StrayRun[] }> {
  // The imports in force (one taken back is history: Runs and imports lists it).
  const logs = await db.importLog.findMany({
    where: { takenBackAt: null },
    orderBy: { id: "desc" },
    take: options.imports ?? 10,
  });
  const jobs = await db.importJob.findMany({ orderBy: { startedAt: "desc" }, take: options.jobs ?? 10 });
  // Each run with results its benchmark has no instance for: counted here through the (benchmark, id) key of
  // the instances, one pass over the results.
  const counts = await db.$queryRaw<Array<{ runId: number; results: bigint | number; matched: bigint | number }>>`
    SELECT rr."runId" AS "runId", COUNT(*) AS "results", COUNT(i."id") AS "matched"
    FROM "RunResult" rr
    JOIN "Run" r ON r."id" = rr."runId"
    LEFT JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = rr."instanceExternalId"
    GROUP BY rr."runId"
    HAVING COUNT(i."id") < COUNT(*)`;
  const stray = new Map(
    counts.map((c) => [Number(c.runId), { results: Number(c.results), matched: Number(c.matched) }]),
  );
  const runs = await db.run.findMany({
    where: { id: { in: [...stray.keys()] } },
    select: {
      id: true,
      model: true,
      selection: true,
      projection: true,
      source: true,
      benchmark: { select: { name: true } },
    },
    orderBy: { id: "desc" },
  });
  const fits = new Map<number, RunFit[]>();
  if (runs.length > 0) {
    // Where those runs' instance ids are: every other benchmark holding some of them, with how many. (The ids
    // are the database's own integers.)
    const ids = runs.map((r) => Math.trunc(Number(r.id))).join(", ");
    const rows = await db.$queryRawUnsafe<Array<{ runId: number; benchmarkId: number; matched: bigint | number }>>(
      `SELECT rr."runId" AS "runId", i."benchmarkId" AS "benchmarkId", COUNT(*) AS "matched"
       FROM "RunResult" rr
       JOIN "Run" r ON r."id" = rr."runId"
       JOIN "Instance" i ON i."externalId" = rr."instanceExternalId" AND i."benchmarkId" <> r."benchmarkId"
       WHERE rr."runId" IN (${ids})
       GROUP BY rr."runId", i."benchmarkId"`,
    );
    const names = new Map(
      (
        await db.benchmark.findMany({
          where: { id: { in: [...new Set(rows.map((r) => Number(r.benchmarkId)))] } },
          select: { id: true, name: true },
        })
      ).map((b) => [b.id, b.name]),
    );
    for (const row of rows) {
      const runId = Number(row.runId);
      const fit = {
        benchmarkId: Number(row.benchmarkId),
        benchmark: names.get(Number(row.benchmarkId)) ?? "?",
        matched: Number(row.matched),
      };
      fits.set(runId, [...(fits.get(runId) ?? []), fit]);
    }
  }
  return {
    imports: logs.map((log) => ({
      id: log.id,
      file: log.file,
      format: log.format,
      benchmark: log.benchmark,
      added: log.added,
      updated: log.updated,
      unmatched: log.unmatched,
      at: log.createdAt,
    })),
    jobs: jobs.map((job) => ({
      id: job.id,
      name: job.name,
      state: job.state,
      records: job.records,
      analysed: job.analysed,
      startedAt: job.startedAt,
      finishedAt: job.finishedAt,
    })),
    strayRuns: runs.map((run) => ({
      id: run.id,
      benchmark: run.benchmark.name,
      model: run.model,
      selection: run.selection,
      projection: run.projection,
      source: run.source,
      results: stray.get(run.id)?.results ?? 0,
      matched: stray.get(run.id)?.matched ?? 0,
      fits: (fits.get(run.id) ?? []).sort((a, b) => b.matched - a.matched || a.benchmark.localeCompare(b.benchmark)),
    })),
  };
}
