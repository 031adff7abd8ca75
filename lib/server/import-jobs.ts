import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FieldMap } from "../ingest/field-aliases";
import { ImportError, UnknownFormatError } from "../ingest/import-error";
import { type AnalysisRunSummary, analyzePendingInstances, SERVER_ANALYSIS_WORKERS } from "./analyze-stored-instances";
import type { Database } from "./db";
import { type FileImportSummary, importFiles } from "./import-files";
import { removeLeftovers } from "./leftover-files";
import { settings } from "./settings";

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

const JOBS = Symbol.for("hintscope.importJobs");
const registry = globalThis as unknown as { [JOBS]?: Map<string, ImportJob> };
const jobs = () => {
  registry[JOBS] ??= new Map();
  return registry[JOBS];
};

/** Jobs are kept for an hour after they end, for the page to read their result. */
const KEEP_MS = 60 * 60 * 1000;

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
  await removeLeftovers(UPLOAD_ROOT, new Set([...jobs().values()].map((job) => job.id)));
}

export const getImportJob = (id: string) => jobs().get(id) ?? null;

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
  const now = Date.now();
  for (const [id, job] of jobs()) if (job.finishedAt && now - job.finishedAt > KEEP_MS) jobs().delete(id);
  const job: ImportJob = {
    id: path.basename(path.dirname(file)),
    name: shownName,
    state: "importing",
    records: 0,
    analysed: 0,
    startedAt: now,
  };
  jobs().set(job.id, job);
  void (async () => {
    try {
      const summary = await importFiles(db, [file], {
        ...options,
        onProgress: (_file, records) => {
          job.records = records;
        },
      });
      job.summary = { ...(summary.files[0] as FileImportSummary), file: shownName };
      job.state = "analysing";
      job.analysis = await analyzePendingInstances(
        db,
        (done) => {
          job.analysed = done;
          job.fetching = undefined;
        },
        {
          workers: SERVER_ANALYSIS_WORKERS,
          onFetchProgress: (line) => {
            job.fetching = line;
            process.stderr.write(`import ${job.id}: ${line}\n`);
          },
        },
      );
      job.state = "done";
    } catch (error) {
      try {
        const failure = describeImportFailure(error, shownName, file);
        job.errors = failure.errors;
        job.fields = failure.fields;
      } catch {
        job.errors = [`${shownName}: the import failed (${(error as Error).message})`];
      }
      job.state = "failed";
    } finally {
      job.finishedAt = Date.now();
      await rm(path.dirname(file), { recursive: true, force: true });
    }
  })();
  return job;
}
