import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FieldMap } from "../../ingest/field-aliases";
import { ImportError, UnknownFormatError } from "../../ingest/import-error";
import {
  type AnalysisRunSummary,
  analyzePendingInstances,
  SERVER_ANALYSIS_WORKERS,
} from "../analysis/analyze-stored-instances";
import { type Database, writeTurn } from "../db/client";
import { settings } from "../settings";
import { type FileImportSummary, importFiles } from "./import-files";
import { removeLeftovers } from "./leftover-files";

/** Where uploads wait for their import: one folder per upload, removed when its job ends (or at start). */
export const UPLOAD_ROOT = path.join(os.tmpdir(), "hintscope-uploads");

/** The largest upload accepted (bytes): HINTSCOPE_MAX_UPLOAD_MB, default 2 GiB (checked in settings.ts). */
export const maxUploadBytes = () => settings().maxUploadBytes;

export interface ImportJob {
  id: string;
  name: string;
  state: "importing" | "analysing" | "done" | "failed";
  /** records read so far, instances analysed so far */
  records: number;
  analysed: number;
  /** while a repository is fetched into the store for the analysis: git's last progress line */
  fetching?: string;
  summary?: FileImportSummary;
  analysis?: AnalysisRunSummary;
  /** the problems, each `FILE:LINE: reason` */
  errors?: string[];
  /** for a file of no known format: its first record's fields, for a field map */
  fields?: readonly string[];
  startedAt: number;
  finishedAt?: number;
}

/**
 * Import jobs are rows of the database (ImportJob): any server process shows any job's progress, and a job
 * whose process stopped is shown failed, with why, never silently gone. The process running a job also
 * keeps it here, for its own readers' freshest figures (on SQLite the import's transaction holds the one
 * writer, so the row catches up when it commits).
 */
const running = new Map<string, ImportJob>();

/** This process, as a job's runner: host, process id, and a boot id (a pid can be reused after a restart). */
const RUNNER = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
/** How often a running job's row is written when nothing else changed: its runner's sign of life. */
const HEARTBEAT_MS = 5_000;
/** A job whose runner has been silent this long is taken for stopped. */
export const SILENT_MS = 60_000;
/** Finished jobs are kept this long, as the import history. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

const toJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const fromJson = <T>(text: string | null): T | undefined => (text === null ? undefined : (JSON.parse(text) as T));

type JobRow = NonNullable<Awaited<ReturnType<Database["importJob"]["findUnique"]>>>;

function jobOfRow(row: JobRow): ImportJob {
  return {
    id: row.id,
    name: row.name,
    state: row.state as ImportJob["state"],
    records: row.records,
    analysed: row.analysed,
    ...(row.fetching ? { fetching: row.fetching } : {}),
    summary: fromJson(row.summary),
    analysis: fromJson(row.analysis),
    errors: fromJson(row.errors),
    fields: fromJson(row.fields),
    startedAt: row.startedAt.getTime(),
    ...(row.finishedAt ? { finishedAt: row.finishedAt.getTime() } : {}),
  };
}

const rowOfJob = (job: ImportJob) => ({
  name: job.name,
  state: job.state,
  records: job.records,
  analysed: job.analysed,
  fetching: job.fetching ?? null,
  runner: RUNNER,
  heartbeatAt: new Date(),
  summary: toJson(job.summary),
  analysis: toJson(job.analysis),
  errors: toJson(job.errors),
  fields: toJson(job.fields),
  finishedAt: job.finishedAt === undefined ? null : new Date(job.finishedAt),
});

/**
 * Writes a job's row as the job goes: one write at a time per job, the latest state winning (a write asked
 * for while one is in flight is made once, after it, with whatever the job is then).
 */
function jobWriter(db: Database, job: ImportJob) {
  let inFlight: Promise<void> | null = null;
  let again = false;
  const write = (): Promise<void> => {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = writeTurn(db)(() =>
      db.importJob.upsert({
        where: { id: job.id },
        create: { id: job.id, ...rowOfJob(job), startedAt: new Date(job.startedAt) },
        update: rowOfJob(job),
      }),
    )
      .then(
        () => undefined,
        (error: Error) => {
          process.stderr.write(`hintscope: import job ${job.id}: its progress could not be saved: ${error.message}\n`);
        },
      )
      .finally(() => {
        inFlight = null;
        if (again) {
          again = false;
          void write();
        }
      });
    return inFlight;
  };
  /** Resolves once the job's latest state is written. */
  const flush = async () => {
    while (inFlight) await inFlight;
    await write();
  };
  return { write, flush };
}

/** Whether a runner is a process of this machine that no longer exists. */
function runnerGone(runner: string): boolean {
  const [host, pid] = runner.split(":");
  if (host !== os.hostname() || !pid || runner === RUNNER) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Why a stopped runner's job failed, in words. */
function stoppedReason(row: JobRow): string {
  const when = row.heartbeatAt.toISOString().slice(0, 19).replace("T", " ");
  return row.state === "importing"
    ? `${row.name}: the server importing it stopped (last heard from at ${when} UTC); an import is all or nothing, so nothing of this file was written: upload it again`
    : `${row.name}: the server analysing it stopped (last heard from at ${when} UTC); the file was imported, and the instances it left pending are analysed when a server starts (or by \`npm run hints -- reanalyze\`)`;
}

/** Marks as failed, with why, a job whose runner has stopped; returns the row as it now stands. */
async function failIfStopped(db: Database, row: JobRow): Promise<JobRow> {
  if (row.state !== "importing" && row.state !== "analysing") return row;
  if (running.has(row.id)) return row;
  const silent = Date.now() - row.heartbeatAt.getTime() > SILENT_MS;
  if (!silent && !runnerGone(row.runner)) return row;
  const errors = JSON.stringify([stoppedReason(row)]);
  // Guarded by the state and heartbeat read: a runner that wrote meanwhile is not overruled.
  await writeTurn(db)(() =>
    db.importJob.updateMany({
      where: { id: row.id, state: row.state, heartbeatAt: row.heartbeatAt },
      data: { state: "failed", errors, finishedAt: new Date() },
    }),
  );
  return (await db.importJob.findUnique({ where: { id: row.id } })) ?? row;
}

/**
 * At a server's start: jobs whose runner has stopped are marked failed with why, and finished jobs older
 * than the history keeps are removed. Returns the jobs marked.
 */
export async function settleAbandonedJobs(db: Database): Promise<string[]> {
  const unfinished = await db.importJob.findMany({ where: { state: { in: ["importing", "analysing"] } } });
  const marked: string[] = [];
  for (const row of unfinished) if ((await failIfStopped(db, row)).state === "failed") marked.push(row.id);
  await writeTurn(db)(() => db.importJob.deleteMany({ where: { finishedAt: { lt: new Date(Date.now() - KEEP_MS) } } }));
  return marked;
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
  return row ? jobOfRow(await failIfStopped(db, row)) : null;
}

/** A user-facing description of an import failure: the located problems, and a bad file's fields. */
export function describeImportFailure(error: unknown, shownName: string, file: string) {
  if (!(error instanceof ImportError)) throw error;
  // Every occurrence: the first problem's message lists the others, each naming the file (the server's temporary path).
  const errors = error.all.map((e) => e.message.replaceAll(file, shownName));
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
  options: { benchmark?: string; fieldMap?: FieldMap },
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
  void (async () => {
    // The job reads as ended only once its upload's folder is gone (a write of its progress in flight could
    // otherwise carry the end out first).
    let ended: "done" | "failed" = "failed";
    try {
      const summary = await importFiles(db, [file], {
        ...options,
        onProgress: (_file, records) => {
          job.records = records;
          progressed();
        },
      });
      job.summary = { ...(summary.files[0] as FileImportSummary), file: shownName };
      job.state = "analysing";
      await row.flush();
      job.analysis = await analyzePendingInstances(
        db,
        (done) => {
          job.analysed = done;
          job.fetching = undefined;
          progressed();
        },
        {
          workers: SERVER_ANALYSIS_WORKERS,
          onFetchProgress: (line) => {
            job.fetching = line;
            process.stderr.write(`import ${job.id}: ${line}\n`);
            progressed();
          },
        },
      );
      ended = "done";
    } catch (error) {
      try {
        const failure = describeImportFailure(error, shownName, file);
        job.errors = failure.errors;
        job.fields = failure.fields;
      } catch {
        job.errors = [`${shownName}: the import failed (${(error as Error).message})`];
      }
      ended = "failed";
    } finally {
      clearInterval(heartbeat);
      // The upload's folder goes first: a reader that sees the job ended finds it gone.
      await rm(path.dirname(file), { recursive: true, force: true });
      job.state = ended;
      job.finishedAt = Date.now();
      job.fetching = undefined;
      await row.flush();
      running.delete(job.id);
    }
  })();
  return job;
}
