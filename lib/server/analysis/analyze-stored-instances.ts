import type { ModelWritten } from "../../analysis/render-hint";
import type { EvidenceInput } from "../../evidence/evidence";
import { type AnalysisRecord, analysisRecord } from "../../instance-analysis/analysis-record";
import { RESEARCH_FACTS_VERSION, type ResearchFacts } from "../../instance-analysis/research-facts";
import { ensureCommit, type FetchProgress, type RepositoryStoreConfig } from "../../repository-store/repository-store";
import { type Cell, deleteWhereIn, insertRows, selectRows, updateRowsById } from "../db/bulk-sql";
import { bulkTarget, claimRows, type Database, engineOf, type Tx, withOwnConnection, writeTurn } from "../db/client";
import { readByKeys } from "../db/rows-of-instances";
import { type BatchOptions, writeInBatches } from "../db/transactions";
import type { Checkpointer } from "../db/wal-checkpoint";
import { MODEL_WRITTEN_SELECT } from "../judge/model-descriptions";
import { settings } from "../settings";
import { type AnalysisPool, analysisPool } from "./analysis-pool";
import { observePendingGuesswork } from "./observe-guesswork";
import { replaceResearchFactRows } from "./research-fact-rows";
import { SELECTION_COUNT_COLUMNS, selectionCountCells } from "./stored-counts";

export interface AnalysisRunSummary {
  analysed: number;
  failed: Array<{ instance_id: string; error: string }>;
  /** worker threads that analysed instances (0: the analysis ran in this process) */
  workerThreads?: number;
}

const BATCH = 50;
/**
 * The time one analysed instance's write is given (its identifiers, selections, facts and row): a batch of 50
 * took 5.2 s on PostgreSQL under a load of 50, so ten times that measure, over the transaction's base time.
 */
const WRITE_MS_PER_INSTANCE = 1000;

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

const IDENTIFIER_COLUMNS = [
  "instanceId",
  "name",
  "member",
  "owner",
  "kind",
  "path",
  "newFile",
  "signature",
  "side",
  "status",
  "locations",
  "position",
] as const;

const UPDATE_COLUMNS = [
  "analysisStatus",
  "analysisError",
  "approximate",
  "approximateReason",
  "unsupportedFiles",
  "hintSource",
  "evidence",
  "selectionCounts",
  ...SELECTION_COUNT_COLUMNS,
  "leakCount",
  "researchFacts",
  "analyzedAt",
] as const;

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

/** A share of the pending instances: those whose id is `index` modulo `of`. */
export interface AnalysisPart {
  index: number;
  of: number;
}

/** What a batch's write transaction also does, given the transaction and what the batch wrote. */
export type BatchHook = (tx: Tx, written: { analysed: number; failed: number }) => Promise<unknown>;

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

/**
 * A batch with its model-written descriptions: they are part of what the hints are made from, so the
 * analysis's hint source counts them as a description writer's does.
 */
async function withModelWritten<T extends { id: number }>(db: Database, batch: T[]) {
  if (batch.length === 0) return batch.map((i) => ({ ...i, modelWritten: [] as ModelWritten[] }));
  const rows = await readByKeys(
    batch.map((i) => i.id),
    (chunk) =>
      db.modelDescription.findMany({
        where: { instanceId: { in: chunk } },
        select: { instanceId: true, ...MODEL_WRITTEN_SELECT },
      }),
  );
  const byInstance = new Map<number, ModelWritten[]>();
  for (const { instanceId, ...written } of rows)
    byInstance.set(instanceId, [...(byInstance.get(instanceId) ?? []), written]);
  return batch.map((i) => ({ ...i, modelWritten: byInstance.get(i.id) ?? [] }));
}

async function analyzeOnConnection(
  db: Database,
  onProgress: ((done: number) => void) | undefined,
  pool: AnalysisPool | null,
  checkpointer: Checkpointer | null,
  source: RepositorySource,
): Promise<AnalysisRunSummary> {
  const summary: AnalysisRunSummary = { analysed: 0, failed: [] };
  const part = source.part;
  if (part && !(Number.isInteger(part.of) && part.of >= 1 && Number.isInteger(part.index) && part.index >= 0))
    throw new Error(`a share of the analysis must be a whole index modulo a whole count (${JSON.stringify(part)})`);
  const share = part && part.of > 1 ? ` AND "id" % ${part.of} = ${part.index}` : "";
  // Read straight from the driver: a batch's patches are megabytes, and this thread also writes.
  const fetchAfter = async (afterId: number) =>
    withModelWritten(
      db,
      await selectRows(
        bulkTarget(db, db),
        `SELECT "id", "benchmarkId", "externalId", "repo", "baseCommit", "problemStatement", "hintsText", "goldPatch", "testPatch",
                "interfaceText", "requirements"
         FROM "Instance" WHERE "analysisStatus" = 'pending' AND "id" > $1${share} ORDER BY "id" LIMIT ${BATCH}`,
        [afterId],
      ).then((rows) =>
        rows.map((row) => ({
          id: Number(row.id),
          benchmarkId: Number(row.benchmarkId),
          externalId: String(row.externalId),
          repo: String(row.repo),
          baseCommit: String(row.baseCommit),
          problemStatement: String(row.problemStatement),
          hintsText: row.hintsText === null ? null : String(row.hintsText),
          goldPatch: String(row.goldPatch),
          testPatch: String(row.testPatch),
          interfaceText: row.interfaceText === null ? null : String(row.interfaceText),
          requirements: row.requirements === null ? null : String(row.requirements),
        })),
      ),
    );
  // A pipeline: on workers, the next batch is queued before this one's results are awaited, so no worker
  // waits for another's last instance of a batch, nor for the writes; in this process, one batch at a time.
  let batch = await fetchAfter(0);
  let analysing = batch.map((instance) => analyseOne(pool, instance, source));
  for (;;) {
    if (batch.length === 0) return summary;
    const pastDeadline = source.deadline !== undefined && performance.now() > source.deadline;
    const nextBatch = pool ? (pastDeadline ? [] : await fetchAfter((batch.at(-1) as { id: number }).id)) : null;
    const nextAnalysing = nextBatch ? nextBatch.map((instance) => analyseOne(pool, instance, source)) : null;
    const results = await Promise.all(analysing);
    const rows: Cell[][] = [];
    const selectionRows: Cell[][] = [];
    const updates: Array<{
      id: number;
      data: {
        analysisStatus: string;
        analysisError: string | null;
        approximate: boolean;
        approximateReason: string | null;
        unsupportedFiles: string;
        hintSource: string;
        evidence: string | null;
        selectionCounts: string | null;
        leakCount: number | null;
        research: ResearchFacts | null;
      };
    }> = [];
    batch.forEach((instance, index) => {
      const result = results[index] as AnalysisRecord;
      if ("patchError" in result) {
        updates.push({
          id: instance.id,
          data: {
            analysisStatus: "error",
            analysisError: result.patchError,
            approximate: false,
            approximateReason: null,
            unsupportedFiles: "[]",
            hintSource: result.hintSource,
            evidence: null,
            selectionCounts: null,
            leakCount: null,
            research: null,
          },
        });
        return;
      }
      for (const row of result.identifiers) rows.push([instance.id, ...row]);
      for (const [position, selection] of result.selections) selectionRows.push([instance.id, position, selection]);
      updates.push({
        id: instance.id,
        data: {
          analysisStatus: "done",
          analysisError: null,
          approximate: result.approximate,
          approximateReason: result.approximateReason,
          unsupportedFiles: result.unsupportedFiles,
          hintSource: result.hintSource,
          evidence: result.evidence,
          selectionCounts: result.selectionCounts,
          leakCount: result.leakCount,
          research: result.research,
        },
      });
    });
    const now = new Date();
    const writeStarted = performance.now();
    // In transactions whose time is stated from the instances they write; one that runs out of time (a
    // loaded machine, a row another connection holds) is rolled back and written again in halves.
    const written = await writeTurn(db)(() =>
      writeInBatches(
        db,
        batch,
        async (tx, slice) => {
          // Only instances still pending are written, held until this transaction ends: another process
          // analysing the same ones (a worker whose lease lapsed while it still ran) writes each once.
          const mine = await claimRows(
            db,
            tx,
            "Instance",
            `"analysisStatus" = 'pending'`,
            slice.map((i) => i.id),
          );
          // Raw, as the rows after it: one statement, not a query of Prisma's engine.
          await deleteWhereIn(bulkTarget(db, tx), "Identifier", "instanceId", [...mine]);
          await insertRows(
            bulkTarget(db, tx),
            "Identifier",
            IDENTIFIER_COLUMNS,
            rows.filter((row) => mine.has(row[0] as number)),
          );
          await insertRows(
            bulkTarget(db, tx),
            "IdentifierSelection",
            ["instanceId", "position", "selection"],
            selectionRows.filter((row) => mine.has(row[0] as number)),
          );
          await updateRowsById(
            bulkTarget(db, tx),
            "Instance",
            UPDATE_COLUMNS,
            updates
              .filter(({ id }) => mine.has(id))
              .map(({ id, data }) => ({
                id,
                values: [
                  data.analysisStatus,
                  data.analysisError,
                  data.approximate,
                  data.approximateReason,
                  data.unsupportedFiles,
                  data.hintSource,
                  data.evidence,
                  data.selectionCounts,
                  ...selectionCountCells(data.selectionCounts),
                  data.leakCount,
                  RESEARCH_FACTS_VERSION,
                  now,
                ],
              })),
          );
          const instanceOf = new Map(slice.map((i) => [i.id, i]));
          await replaceResearchFactRows(
            bulkTarget(db, tx),
            updates
              .filter(({ id }) => mine.has(id))
              .map(({ id, data }) => {
                const { benchmarkId, externalId } = instanceOf.get(id) as (typeof batch)[number];
                return { id, benchmarkId, externalId, facts: data.research };
              }),
          );
          if (source.duringWrite) {
            const failed = updates.filter((u) => mine.has(u.id) && u.data.analysisStatus === "error").length;
            await source.duringWrite(tx, { analysed: mine.size - failed, failed });
          }
          return mine;
        },
        { msPerItem: WRITE_MS_PER_INSTANCE, ...source.writeTimeouts },
      ),
    );
    source.onWritten?.(performance.now() - writeStarted, batch.length);
    const claimed = new Set(written.flatMap((mine) => [...mine]));
    batch.forEach((instance, index) => {
      if (!claimed.has(instance.id)) return;
      const result = results[index] as AnalysisRecord;
      if ("patchError" in result) summary.failed.push({ instance_id: instance.externalId, error: result.patchError });
      else summary.analysed++;
    });
    checkpointer?.nudge();
    onProgress?.(summary.analysed + summary.failed.length);
    batch = nextBatch ?? (pastDeadline ? [] : await fetchAfter((batch.at(-1) as { id: number }).id));
    analysing = nextAnalysing ?? batch.map((instance) => analyseOne(pool, instance, source));
  }
}

/** How many instances are pending (of a share of them, where given). */
export async function pendingCount(db: Database, part?: AnalysisPart): Promise<number> {
  if (!part || part.of <= 1) return db.instance.count({ where: { analysisStatus: "pending" } });
  const [row] = await selectRows(
    bulkTarget(db, db),
    `SELECT COUNT(*) AS "n" FROM "Instance" WHERE "analysisStatus" = 'pending' AND "id" % $1 = $2`,
    [part.of, part.index],
  );
  return Number(row?.n ?? 0);
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
