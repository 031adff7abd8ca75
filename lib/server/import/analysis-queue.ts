import {
  type AnalysisRunSummary,
  analyzePendingInstances,
  SERVER_ANALYSIS_WORKERS,
} from "../analysis/analyze-stored-instances";
import { type Database, type Tx, writeTurn } from "../db/client";
import type { JobQueue } from "../db/job-queue";
import { requestJob, sliceMs, workQueue } from "../queued-work";
import { fromJson, HEARTBEAT_MS, QUEUED, RUNNER, toJson } from "./import-job-rows";

/**
 * The analysis of imported instances as a queue: an upload's process imports the file, then asks for the
 * pending instances to be analysed; whichever process works the queue takes it up: the servers (unless
 * HINTSCOPE_SERVER_JOBS=0) and any `npm run hints -- worker` process, on any machine of a PostgreSQL
 * deployment. One analysis runs at a time, in slices of a quarter of the lease: a process that dies
 * mid-slice loses at most that slice, which another process takes up once the lease lapses (its writes are
 * claimed instance by instance, so none is written twice). On SQLite the server that asked runs it.
 */
export const ANALYSIS_QUEUE = "analysis";

export interface AnalysisWorkerOptions {
  /** worker threads for the analysis (a server: one, so requests keep their thread) */
  workers: number;
  /** what the worker says as it goes (the `hints worker` command: stderr) */
  log?: (line: string) => void;
}

/**
 * Asks for the instances left pending to be analysed, by whichever process takes the queue's job; a server
 * works the queue too unless HINTSCOPE_SERVER_JOBS=0 leaves it to workers.
 */
export function requestAnalysis(db: Database): Promise<void> {
  return requestJob(db, ANALYSIS_QUEUE, "", () =>
    workAnalysisQueue(db, {
      workers: SERVER_ANALYSIS_WORKERS,
      log: (line) => process.stderr.write(`hintscope: analysis: ${line}\n`),
    }),
  );
}

/** This process takes the analysis queue's jobs (once per database; again is a no-op). */
export function workAnalysisQueue(db: Database, options: AnalysisWorkerOptions): Promise<void> {
  return workQueue(db, ANALYSIS_QUEUE, (queue) => analysisSlice(db, queue, options));
}

/** One job of the queue: the pending instances analysed (a slice of them where the queue is shared). */
async function analysisSlice(db: Database, queue: JobQueue, options: AnalysisWorkerOptions): Promise<void> {
  const jobs = jobsFollowed(db);
  await jobs.adopt();
  const heartbeat = setInterval(() => void jobs.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();
  let summary: AnalysisRunSummary;
  try {
    let lastAdopt = Date.now();
    let lastLog = Date.now();
    summary = await analyzePendingInstances(
      db,
      (done) => {
        if (Date.now() - lastAdopt > 1000) {
          lastAdopt = Date.now();
          void jobs.adopt();
        }
        if (Date.now() - lastLog > 10_000) {
          lastLog = Date.now();
          options.log?.(`${done} instance(s) analysed in this slice so far`);
        }
      },
      {
        workers: options.workers,
        stopAfterMs: sliceMs(queue),
        onFetchProgress: (line) => {
          void jobs.heartbeat(line);
          options.log?.(`fetching ${line}`);
        },
        // Each job's count moves with the batch it counts: a process killed mid-slice leaves it exact.
        duringWrite: (tx, written) => jobs.count(tx, written.analysed + written.failed),
      },
    );
  } finally {
    clearInterval(heartbeat);
  }
  const remaining = await db.instance.count({ where: { analysisStatus: "pending" } });
  await jobs.end(summary, remaining === 0);
  options.log?.(
    `analysed ${summary.analysed} instance(s)${summary.failed.length > 0 ? `, ${summary.failed.length} failed` : ""}; ${remaining} pending`,
  );
  // What is left (this slice's deadline came, or an upload added more meanwhile) is the next job's.
  if (remaining > 0) await queue.request(ANALYSIS_QUEUE);
}

/**
 * The import jobs waiting on the analysis, as a slice follows them: taken (this process their runner), their
 * count moved in each batch's own transaction, their heartbeat written, and ended (done, or waiting again).
 */
function jobsFollowed(db: Database) {
  const followed = new Set<string>();
  const ids = () => [...followed];
  const touch = (data: { fetching?: string | null } = {}) =>
    followed.size === 0
      ? Promise.resolve()
      : writeTurn(db)(() =>
          db.importJob.updateMany({
            where: { id: { in: ids() }, state: "analysing" },
            data: { runner: RUNNER, heartbeatAt: new Date(), ...data },
          }),
        ).then(
          () => undefined,
          (error: Error) => process.stderr.write(`hintscope: analysis progress not saved: ${error.message}\n`),
        );
  return {
    /** Takes up the analysing jobs not yet followed (an upload handed over while this slice runs). */
    adopt: async () => {
      const rows = await db.importJob.findMany({
        where: { state: "analysing", id: { notIn: ids() } },
        select: { id: true },
      });
      for (const row of rows) followed.add(row.id);
      if (rows.length > 0) await touch({ fetching: null });
    },
    heartbeat: (fetching?: string) => touch(fetching === undefined ? {} : { fetching }),
    count: (tx: Tx, written: number) =>
      followed.size === 0
        ? Promise.resolve()
        : tx.importJob.updateMany({
            where: { id: { in: ids() }, state: "analysing" },
            data: { analysed: { increment: written }, fetching: null, runner: RUNNER, heartbeatAt: new Date() },
          }),
    /** The slice's failures added to each job's; a job whose instances are all analysed is done, else it waits again. */
    end: async (summary: AnalysisRunSummary, finished: boolean) => {
      for (const id of ids()) {
        await writeTurn(db)(async () => {
          const row = await db.importJob.findUnique({ where: { id } });
          if (row?.state !== "analysing") return;
          const before = fromJson<AnalysisRunSummary>(row.analysis);
          const failed = [...(before?.failed ?? []), ...summary.failed];
          const analysis: AnalysisRunSummary = {
            analysed: Math.max(0, row.analysed - failed.length),
            failed,
            workerThreads: Math.max(before?.workerThreads ?? 0, summary.workerThreads ?? 0),
          };
          await db.importJob.updateMany({
            where: { id, state: "analysing" },
            data: {
              analysis: toJson(analysis),
              fetching: null,
              heartbeatAt: new Date(),
              ...(finished ? { state: "done", finishedAt: new Date(), runner: RUNNER } : { runner: QUEUED }),
            },
          });
        });
      }
    },
  };
}
