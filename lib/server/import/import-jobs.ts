import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FieldMap } from "../../ingest/field-aliases";
import { ImportError, UnknownFormatError } from "../../ingest/import-error";
import type { RunOptions } from "../../ingest/import-items";
import { type Database, writeTurn } from "../db/client";
import { settings } from "../settings";
import type { FileImportSummary } from "./import-files";
import {
  HEARTBEAT_MS,
  type ImportJob,
  type JobRow,
  jobOfRow,
  jobWriter,
  KEEP_MS,
  QUEUED,
  RUNNER,
  SILENT_MS,
} from "./import-job-rows";
import { importThenAnalyse } from "./import-then-analyse";
import { removeLeftovers } from "./leftover-files";

export type { ImportJob } from "./import-job-rows";
export { SILENT_MS } from "./import-job-rows";

/** Where uploads wait for their import: one folder per upload, removed when its job ends (or at start). */
export const UPLOAD_ROOT = path.join(os.tmpdir(), "hintscope-uploads");

/** The largest upload accepted (bytes): HINTSCOPE_MAX_UPLOAD_MB, default 2 GiB (checked in settings.ts). */
export const maxUploadBytes = () => settings().maxUploadBytes;

/**
 * This process's own importing jobs, for its own readers' freshest figures (on SQLite the import's
 * transaction holds the one writer, so the row catches up when it commits). Every job is a row too.
 */
const running = new Map<string, ImportJob>();

/** Whether a runner is a process of this machine that no longer exists. */
function runnerGone(runner: string): boolean {
  const [host, pid] = runner.split(":");
  if (host !== os.hostname() || !pid || runner === RUNNER || runner === QUEUED) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Why a stopped runner's import failed, in words. */
function stoppedReason(row: JobRow): string {
  const when = row.heartbeatAt.toISOString().slice(0, 19).replace("T", " ");
  return `${row.name}: the server importing it stopped (last heard from at ${when} UTC); an import is all or nothing, so nothing of this file was written: upload it again`;
}

/**
 * A job whose runner has stopped: an import is marked failed, with why (nothing of it was written); an
 * analysis goes back to the queue, waiting for the next process that works it (its instances stay pending,
 * and the slice that process was running is taken up again once its lease lapses). Returns the row as it
 * now stands.
 */
async function settleIfStopped(db: Database, row: JobRow): Promise<JobRow> {
  if (row.state !== "importing" && row.state !== "analysing") return row;
  if (running.has(row.id) || row.runner === QUEUED) return row;
  const silent = Date.now() - row.heartbeatAt.getTime() > SILENT_MS;
  if (!silent && !runnerGone(row.runner)) return row;
  const data =
    row.state === "importing"
      ? { state: "failed", errors: JSON.stringify([stoppedReason(row)]), finishedAt: new Date() }
      : { runner: QUEUED, fetching: null };
  // Guarded by the state and heartbeat read: a runner that wrote meanwhile is not overruled.
  await writeTurn(db)(() =>
    db.importJob.updateMany({ where: { id: row.id, state: row.state, heartbeatAt: row.heartbeatAt }, data }),
  );
  return (await db.importJob.findUnique({ where: { id: row.id } })) ?? row;
}

/**
 * At a server's start: imports whose runner has stopped are marked failed with why, analyses whose runner
 * has stopped wait in the queue again, and finished jobs older than the history keeps are removed.
 */
export async function settleAbandonedJobs(db: Database): Promise<{ failed: string[]; requeued: string[] }> {
  const unfinished = await db.importJob.findMany({ where: { state: { in: ["importing", "analysing"] } } });
  const failed: string[] = [];
  const requeued: string[] = [];
  for (const row of unfinished) {
    const now = await settleIfStopped(db, row);
    if (now.state === "failed") failed.push(row.id);
    else if (now.runner === QUEUED && row.runner !== QUEUED) requeued.push(row.id);
  }
  await writeTurn(db)(() => db.importJob.deleteMany({ where: { finishedAt: { lt: new Date(Date.now() - KEEP_MS) } } }));
  return { failed, requeued };
}

/** A folder of its own for one upload. Uploads left by a server that stopped mid-import are removed first. */
export async function uploadFolder(): Promise<string> {
  await mkdir(UPLOAD_ROOT, { recursive: true });
  await sweepStaleUploads();
  const dir = path.join(UPLOAD_ROOT, randomUUID());
  await mkdir(dir);
  return dir;
}

let swept = false;
async function sweepStaleUploads() {
  if (swept) return;
  swept = true;
  await removeLeftovers(UPLOAD_ROOT, new Set(running.keys()));
}

/** A job as any server sees it: this process's own running job, else its row (failed, with why, when its runner stopped). */
export async function getImportJob(db: Database, id: string): Promise<ImportJob | null> {
  const mine = running.get(id);
  if (mine) return mine;
  const row = await db.importJob.findUnique({ where: { id } });
  return row ? jobOfRow(await settleIfStopped(db, row)) : null;
}

/** A user-facing description of an import failure: the located problems, and a bad file's fields. */
export function describeImportFailure(error: unknown, shownName: string, file: string) {
  if (!(error instanceof ImportError)) throw error;
  // Every occurrence of the server's temporary path is the upload's name. Each problem once: the first error's message lists them all, its head is its own.
  const errors = error.all.map((e) => e.head.replaceAll(file, shownName));
  return { errors, fields: error instanceof UnknownFormatError ? error.fields : undefined, line: error.line };
}

/**
 * Starts importing an uploaded file in the background and returns its job at once; the page polls it.
 * The file's folder is removed when the job ends, whatever the outcome.
 */
export function startImportJob(
  db: Database,
  file: string,
  shownName: string,
  options: { benchmark?: string; fieldMap?: FieldMap; run?: RunOptions; replace?: boolean },
): ImportJob {
  const job: ImportJob = {
    id: path.basename(path.dirname(file)),
    name: shownName,
    state: "importing",
    records: 0,
    analysed: 0,
    startedAt: Date.now(),
  };
  running.set(job.id, job);
  const row = jobWriter(db, job);
  // Not awaited: on SQLite a write waits for the import running before it, and the upload is answered now
  // (this process's readers read `job`; the row follows).
  void row.write();
  const heartbeat = setInterval(() => void row.write(), HEARTBEAT_MS);
  heartbeat.unref();
  let lastWrite = 0;
  // Progress is written at most once a second (the row is read by other servers; this process reads `job`).
  const progressed = () => {
    if (Date.now() - lastWrite < 1000) return;
    lastWrite = Date.now();
    void row.write();
  };
  let imported = false;
  /** Once: the upload's folder removed, the job's row written as it now stands, the job no longer this process's. */
  let ended: Promise<void> | undefined;
  const end = () => {
    ended ??= (async () => {
      clearInterval(heartbeat);
      await rm(path.dirname(file), { recursive: true, force: true });
      await row.flush();
      running.delete(job.id);
    })();
    return ended;
  };
  void (async () => {
    // The job reads as imported (or ended) only once its upload's folder is gone (a write of its progress in
    // flight could otherwise carry that out first).
    try {
      // The analysis is the queue's: whichever process works it (this server, another, a worker) takes it up.
      await importThenAnalyse(db, [file], {
        ...options,
        onProgress: (_file, records) => {
          job.records = records;
          progressed();
        },
        onImported: async (summary) => {
          imported = true;
          job.summary = { ...(summary.files[0] as FileImportSummary), file: shownName };
          job.state = "analysing";
          job.waiting = true;
          await end();
        },
        analysis: { mode: "queued" },
      });
    } catch (error) {
      if (imported) {
        process.stderr.write(
          `hintscope: import job ${job.id}: its analysis could not be queued (${(error as Error).message}); it waits for the next server start\n`,
        );
        return;
      }
      try {
        const failure = describeImportFailure(error, shownName, file);
        job.errors = failure.errors;
        job.fields = failure.fields;
      } catch {
        job.errors = [`${shownName}: the import failed (${(error as Error).message})`];
      }
      job.state = "failed";
      job.finishedAt = Date.now();
    } finally {
      await end();
    }
  })();
  return job;
}
