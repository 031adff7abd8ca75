import type { EvidenceInput } from "../../evidence/evidence";
import { type AnalysisRecord, analysisRecord } from "../../instance-analysis/analysis-record";
import { ensureCommit, type FetchProgress, type RepositoryStoreConfig } from "../../repository-store/repository-store";
import { type Database, engineOf, withOwnConnection, writeTurn } from "../db/client";
import type { BatchOptions } from "../db/transactions";
import type { Checkpointer } from "../db/wal-checkpoint";
import { settings } from "../settings";
import { analysedRows, type BatchHook, writeAnalysedBatch } from "./analysis-batch-write";
import { type AnalysisPool, analysisPool } from "./analysis-pool";
import { observePendingGuesswork } from "./observe-guesswork";
import { type AnalysisPart, BATCH, pendingReader } from "./pending-instances";

// The batch write (analysis-batch-write.ts) and the pending instances' reads (pending-instances.ts) live apart.
export type { BatchHook } from "./analysis-batch-write";
export { type AnalysisPart, pendingCount } from "./pending-instances";

export interface AnalysisRunSummary {
  analysed: number;
  failed: Array<{ instance_id: string; error: string }>;
  /** worker threads that analysed instances (0: the analysis ran in this process) */
  workerThreads?: number;
}

/**
 * Analysis workers the server starts for an upload: one, so the analysis never holds the thread that
 * answers requests, and the other core is left to them (the command line takes every core).
 */
export const SERVER_ANALYSIS_WORKERS = 1;

/**
 * Lets timers and requests run between instances. Parsing is synchronous CPU work, and awaiting only
 * already-settled promises never gives the event loop a turn: a server analysing an upload would answer
 * nothing else (a curator's save waited seconds) until the whole analysis ended.
 */
let lastYield = 0;
const yieldNow = async () => {
  if (performance.now() - lastYield < 10) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastYield = performance.now();
};

/**
 * Runs the identifier analysis on every instance marked pending (new or changed by an import, or marked by
 * `markForAnalysis`) and stores its identifiers. A patch that does not parse marks its instance as failed,
 * with the patch and diff line, and the others go on.
 */
export async function analyzePendingInstances(
  db: Database,
  onProgress?: (done: number) => void,
  options: {
    workers?: number;
    /** the repository store (default: the setting, HINTSCOPE_REPOS); null: hunks only */
    store?: RepositoryStoreConfig | null;
    /** what fetching a repository reports as it goes (git's progress lines) */
    onFetchProgress?: FetchProgress;
    /** ends after the batch that passes this many milliseconds, leaving the rest pending (a queue job's slice) */
    stopAfterMs?: number;
    /** run inside each batch's write transaction with what it wrote (a job's progress, exact across a crash) */
    duringWrite?: BatchHook;
    /** only the pending instances whose id is `index` modulo `of` (one of several processes' shares) */
    part?: AnalysisPart;
    /** a pool the caller keeps (and closes) across runs, instead of one started for this run from `workers` */
    pool?: AnalysisPool;
    /** for a test: the batch write's timeouts, and what it is told of one that ran out of time */
    writeTimeouts?: Pick<BatchOptions, "timeoutMs" | "onTimeout">;
    /** told after each batch's write: its milliseconds (transactions and retries) and its instances (a bench) */
    onWritten?: (ms: number, instances: number) => void;
  } = {},
): Promise<AnalysisRunSummary> {
  const store = options.store === undefined ? settings().repositoryStore : options.store;
  const source: RepositorySource = {
    store,
    onFetchProgress: options.onFetchProgress,
    deadline: options.stopAfterMs === undefined ? undefined : performance.now() + options.stopAfterMs,
    duringWrite: options.duringWrite,
    part: options.part,
    writeTimeouts: options.writeTimeouts,
    onWritten: options.onWritten,
  };
  // On worker threads where it can (the command line: both cores), else in this process.
  const pool = options.pool ?? analysisPool(options.workers ?? 0);
  // More than a batch to write: its checkpoints run on a worker thread of their own (wal-checkpoint.ts).
  const startCheckpointer = engineOf(db).largeWriteCheckpointer;
  const large =
    startCheckpointer && (await db.instance.count({ where: { analysisStatus: "pending" } })) > BATCH
      ? startCheckpointer()
      : null;
  const checkpointer = large?.checkpointer ?? null;
  try {
    // On a connection of its own: its batches' transactions are never read half-written by other requests.
    return await withOwnConnection(db, async (own) => {
      await large?.pause(own);
      const summary = await analyzeOnConnection(own, onProgress, pool, checkpointer, source);
      // Agents' patches of instances analysed (or imported) since: their observed guesswork, for the list.
      await observePendingGuesswork(own);
      // The last of the log copied back on the checkpointer's thread before this connection closes (a close
      // would copy it on this thread, see import-files.ts).
      await checkpointer?.run();
      return { ...summary, workerThreads: pool?.answeredBy.size ?? 0 };
    });
  } finally {
    if (!options.pool) await pool?.close();
    await checkpointer?.run();
    await checkpointer?.stop();
  }
}

interface RepositorySource {
  store: RepositoryStoreConfig | null;
  onFetchProgress?: FetchProgress;
  /** performance.now() after which no further batch is begun */
  deadline?: number;
  duringWrite?: BatchHook;
  part?: AnalysisPart;
  writeTimeouts?: Pick<BatchOptions, "timeoutMs" | "onTimeout">;
  onWritten?: (ms: number, instances: number) => void;
}

/**
 * Promises awaited later, marked handled now: when this batch's write fails, the next batch's analyses are
 * rejected by the closing pool before anyone awaits them, and that must not end the process (an unhandled
 * rejection) and hide the write's own error. Each is still awaited, and its failure thrown, in turn.
 */
function handled<T>(promises: Array<Promise<T>>): Array<Promise<T>> {
  for (const promise of promises) promise.catch(() => {});
  return promises;
}

/** One instance's analysis record, on the pool or here: from the store's files where it has them (fetched first). */
async function analyseOne(
  pool: AnalysisPool | null,
  instance: EvidenceInput & { repo: string },
  source: RepositorySource,
): Promise<AnalysisRecord> {
  const found = await ensureCommit(source.store, instance.repo, instance.baseCommit, source.onFetchProgress);
  if (pool) {
    const response = await pool.run(instance, found);
    if ("failure" in response) throw new Error(`the analysis of ${instance.externalId} failed: ${response.failure}`);
    return response.record;
  }
  await yieldNow();
  return analysisRecord(instance, found);
}

async function analyzeOnConnection(
  db: Database,
  onProgress: ((done: number) => void) | undefined,
  pool: AnalysisPool | null,
  checkpointer: Checkpointer | null,
  source: RepositorySource,
): Promise<AnalysisRunSummary> {
  const summary: AnalysisRunSummary = { analysed: 0, failed: [] };
  const fetchAfter = pendingReader(db, source.part);
  // A pipeline: on workers, the next batch is queued before this one's results are awaited, so no worker
  // waits for another's last instance of a batch, nor for the writes; in this process, one batch at a time.
  let batch = await fetchAfter(0);
  let analysing = handled(batch.map((instance) => analyseOne(pool, instance, source)));
  for (;;) {
    if (batch.length === 0) return summary;
    const pastDeadline = source.deadline !== undefined && performance.now() > source.deadline;
    const nextBatch = pool ? (pastDeadline ? [] : await fetchAfter((batch.at(-1) as { id: number }).id)) : null;
    const nextAnalysing = nextBatch ? handled(nextBatch.map((instance) => analyseOne(pool, instance, source))) : null;
    const results = await Promise.all(analysing);
    const writeStarted = performance.now();
    const claimed = await writeAnalysedBatch(
      db,
      batch.map((instance, index) => analysedRows(instance, results[index] as AnalysisRecord)),
      source,
    );
    source.onWritten?.(performance.now() - writeStarted, batch.length);
    batch.forEach((instance, index) => {
      if (!claimed.has(instance.id)) return;
      const result = results[index] as AnalysisRecord;
      if ("patchError" in result) summary.failed.push({ instance_id: instance.externalId, error: result.patchError });
      else summary.analysed++;
    });
    checkpointer?.nudge();
    onProgress?.(summary.analysed + summary.failed.length);
    batch = nextBatch ?? (pastDeadline ? [] : await fetchAfter((batch.at(-1) as { id: number }).id));
    analysing = nextAnalysing ?? handled(batch.map((instance) => analyseOne(pool, instance, source)));
  }
}

/** Marks instances (all, or one benchmark's) for analysis again, as after a change to the engine. */
export async function markForAnalysis(db: Database, benchmark?: string): Promise<number> {
  const result = await writeTurn(db)(() =>
    db.instance.updateMany({
      where: benchmark ? { benchmark: { name: benchmark } } : {},
      data: { analysisStatus: "pending" },
    }),
  );
  return result.count;
}
