import { type AnalysisPool, analysisPool } from "../analysis/analysis-pool";
import {
  type AnalysisPart,
  type AnalysisRunSummary,
  analyzePendingInstances,
  pendingCount,
  SERVER_ANALYSIS_WORKERS,
} from "../analysis/analyze-stored-instances";
import { selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database, engineOf, type Tx, writeTurn } from "../db/client";
import type { JobQueue } from "../db/job-queue";
import { transactionTimeouts } from "../db/transactions";
import { queueOf, requestJob, sliceMs, workQueue } from "../queued-work";
import { fillResearchTallies } from "../runs/research-tallies";
import { fromJson, HEARTBEAT_MS, RUNNER, toJson } from "./import-job-rows";

/**
 * The analysis of imported instances as a queue: an upload's process imports the file, then asks for the
 * pending instances to be analysed; whichever process works the queue takes it up: the servers (unless
 * HINTSCOPE_SERVER_JOBS=0) and any `npm run hints -- worker` process, on any machine of a PostgreSQL
 * deployment. There the pending instances are shared out in ANALYSIS_SHARES parts (by id), one job each, so
 * as many processes analyse side by side; each works in slices of a quarter of the lease: a process that
 * dies mid-slice loses at most that slice, which another takes up once the lease lapses (its writes are
 * claimed instance by instance, so none is written twice). On SQLite the server that asked runs it whole.
 */
export const ANALYSIS_QUEUE = "analysis";

/** How many parts the pending instances are shared out in, where processes share the queue: at most this many analyse at once. */
export const ANALYSIS_SHARES = 8;

const shareKey = (part: AnalysisPart) => `${part.index}/${part.of}`;
const shareOf = (key: string): AnalysisPart => {
  const [index, of] = key.split("/").map(Number);
  return Number.isInteger(index) && Number.isInteger(of)
    ? { index: index as number, of: of as number }
    : { index: 0, of: 1 };
};

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
export async function requestAnalysis(db: Database): Promise<void> {
  const serve = () =>
    workAnalysisQueue(db, {
      workers: SERVER_ANALYSIS_WORKERS,
      log: (line) => process.stderr.write(`hintscope: analysis: ${line}\n`),
    });
  const shares = queueOf(db).shared ? ANALYSIS_SHARES : 1;
  for (let index = 0; index < shares; index++)
    await requestJob(db, ANALYSIS_QUEUE, shareKey({ index, of: shares }), serve);
}

/** This process takes the analysis queue's jobs (once per database; again is a no-op). */
export function workAnalysisQueue(db: Database, options: AnalysisWorkerOptions): Promise<void> {
  const pool = keptPool(options.workers);
  return workQueue(db, ANALYSIS_QUEUE, async (queue, key) => {
    try {
      await analysisSlice(db, queue, shareOf(key), pool.take(), options);
    } finally {
      pool.release();
    }
  });
}

/** How long the analysis threads are kept after a slice, for the next (starting them costs about a second). */
const KEEP_THREADS_MS = 15_000;

/**
 * The analysis threads of this process's slices, kept from one slice to the next while slices follow one
 * another, and closed once none has come for a while.
 */
function keptPool(workers: number) {
  let pool: AnalysisPool | null | undefined;
  let idle: NodeJS.Timeout | undefined;
  let using = 0;
  return {
    take: () => {
      clearTimeout(idle);
      using++;
      pool ??= analysisPool(workers);
      return pool ?? undefined;
    },
    release: () => {
      using--;
      if (using > 0) return;
      idle = setTimeout(() => {
        const closing = pool;
        pool = undefined;
        void closing?.close();
      }, KEEP_THREADS_MS);
      idle.unref();
    },
  };
}

/** One job of the queue: a share of the pending instances analysed (a slice of it where the queue is shared). */
async function analysisSlice(
  db: Database,
  queue: JobQueue,
  part: AnalysisPart,
  pool: AnalysisPool | undefined,
  options: AnalysisWorkerOptions,
): Promise<void> {
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
        part,
        pool,
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
  const mine = await pendingCount(db, part);
  const remaining = part.of > 1 ? await pendingCount(db) : mine;
  await jobs.end(summary, remaining === 0);
  options.log?.(
    `analysed ${summary.analysed} instance(s)${summary.failed.length > 0 ? `, ${summary.failed.length} failed` : ""}${part.of > 1 ? ` (share ${shareKey(part)}: ${mine} pending)` : ""}; ${remaining} pending`,
  );
  // The analysis's counts and facts changed: the research page's kept sums made again once none is pending
  // (after the slice has said what it did: the job is done, these are the page's).
  if (remaining === 0) await fillResearchTallies(db);
  // What is left of this share (its slice's deadline came, or an upload added more meanwhile) is its next job's.
  if (mine > 0) await queue.request(ANALYSIS_QUEUE, shareKey(part));
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
    /**
     * The slice's failures added to each job's (under the row's lock: slices of other processes end at the
     * same time), and a job whose instances are all analysed marked done. A slice that ends after another
     * marked it done still adds its failures.
     */
    end: async (summary: AnalysisRunSummary, finished: boolean) => {
      for (const id of ids()) {
        await writeTurn(db)(() =>
          db.$transaction(
            async (tx) => {
              await selectRows(
                bulkTarget(db, tx),
                `SELECT "id" FROM "ImportJob" WHERE "id" = $1${engineOf(db).sql.lockRows}`,
                [id],
              );
              const row = await tx.importJob.findUnique({ where: { id } });
              if (row?.state !== "analysing" && row?.state !== "done") return;
              const before = fromJson<AnalysisRunSummary>(row.analysis);
              const failed = [...(before?.failed ?? []), ...summary.failed];
              const analysis: AnalysisRunSummary = {
                analysed: Math.max(0, row.analysed - failed.length),
                failed,
                workerThreads: Math.max(before?.workerThreads ?? 0, summary.workerThreads ?? 0),
              };
              const ending = finished && row.state === "analysing";
              await tx.importJob.update({
                where: { id },
                data: {
                  analysis: toJson(analysis),
                  fetching: null,
                  ...(ending ? { state: "done", finishedAt: new Date(), runner: RUNNER, heartbeatAt: new Date() } : {}),
                },
              });
            },
            transactionTimeouts({ rows: 1, msPerRow: 0 }),
          ),
        );
      }
    },
  };
}
