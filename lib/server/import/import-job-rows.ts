import { randomUUID } from "node:crypto";
import os from "node:os";
import type { AnalysisRunSummary } from "../analysis/analyze-stored-instances";
import { type Database, writeTurn } from "../db/client";
import type { FileImportSummary } from "./import-files";

/**
 * An import job's life: the process that took the upload imports the file (the file is on its disk), then
 * hands the analysis to the analysis queue, which any server or `hints worker` process may work
 * (analysis-queue.ts). Each writes the job's row as it goes: any server shows any job's progress.
 */
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
  /** analysing: waiting for a process working the analysis queue to take it up (none has it now) */
  waiting?: boolean;
  startedAt: number;
  finishedAt?: number;
}

/** This process, as a job's runner: host, process id, and a boot id (a pid can be reused after a restart). */
export const RUNNER = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
/** The runner of an analysing job that waits in the queue for a process to take it. */
export const QUEUED = "queue";
/** How often a running job's row is written when nothing else changed: its runner's sign of life. */
export const HEARTBEAT_MS = 5_000;
/** A job whose runner has been silent this long is taken for stopped. */
export const SILENT_MS = 60_000;
/** Finished jobs are kept this long, as the import history. */
export const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export const toJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
export const fromJson = <T>(text: string | null): T | undefined =>
  text === null ? undefined : (JSON.parse(text) as T);

export type JobRow = NonNullable<Awaited<ReturnType<Database["importJob"]["findUnique"]>>>;

export function jobOfRow(row: JobRow): ImportJob {
  return {
    id: row.id,
    name: row.name,
    state: row.state as ImportJob["state"],
    records: row.records,
    analysed: row.analysed,
    ...(row.fetching ? { fetching: row.fetching } : {}),
    ...(row.state === "analysing" && row.runner === QUEUED ? { waiting: true } : {}),
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
  runner: job.state === "analysing" && job.waiting ? QUEUED : RUNNER,
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
export function jobWriter(db: Database, job: ImportJob) {
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
