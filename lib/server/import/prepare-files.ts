/**
 * Each file of an import read, checked and prepared before any write lock (importFiles, import-files.ts):
 * files of a usual size into memory, larger ones into a temporary database (import-staging.ts).
 */
import { stat } from "node:fs/promises";
import type { FieldMap } from "../../ingest/field-aliases";
import { ImportError } from "../../ingest/import-error";
import type { ImportItem, RunOptions } from "../../ingest/import-items";
import { keepPrepared } from "../../ingest/prepare-instance";
import { openImportFile } from "../../ingest/read-import-file";
import { removeStage, type StagedFile, stageFile } from "./import-staging";
import { BATCH } from "./import-writer";

export interface ImportOptions {
  /** the benchmark for records and files that do not name one */
  benchmark?: string;
  /** label everything written as demo data */
  demo?: boolean;
  /** called after each batch with the file and the records read so far */
  onProgress?: (file: string, records: number) => void;
  /** the files' names for the fields formats read (`{patch: "gold_patch"}`) */
  fieldMap?: FieldMap;
  /**
   * files up to this size are read whole into memory before the write lock (default READ_AHEAD_BYTES); larger
   * ones are staged in a temporary database
   */
  readAheadBytes?: number;
  /** the run (model, selection, projection) of records that do not say it; the user's word wins */
  run?: RunOptions;
  /** replace results and agent patches another import gave (else such a file is refused, naming both) */
  replace?: boolean;
  /** an experiment kit's folder (`--experiment DIR`): runs are filed under the policy their path names */
  experiment?: string;
  /** called inside the transaction once a file's records are written, before the commit (awaited) */
  onWritten?: (file: string) => void | Promise<void>;
}

export type Located = { item: ImportItem; line: number };

/** A file opened for import: its format, the benchmark its name implies, and its records with their lines. */
export type Opened = Pick<Awaited<ReturnType<typeof openImportFile>>, "format" | "defaultBenchmark"> & {
  items: Iterable<Located>;
};

/** How a file reaches its transaction: read whole into memory, or staged in a temporary database; and its size. */
export type Prepared = ({ ahead: Opened } | { staged: StagedFile; schema: string }) & { bytes: number };

/** A record's benchmark: its own, the one given, or the one its file's name implies. */
export const benchmarkResolver =
  (file: string, options: ImportOptions) =>
  ({ item, line }: Located, defaultBenchmark: string | null): string => {
    const name = item.benchmark ?? options.benchmark ?? defaultBenchmark;
    if (!name)
      throw new ImportError(file, line, "the file does not say which benchmark it belongs to: pass --benchmark NAME");
    return name;
  };

/** Files up to this size are read, checked and prepared whole before the write lock is taken. */
export const READ_AHEAD_BYTES = 32 * 1024 * 1024;

/**
 * Reads a file whole, outside any transaction: every record parsed and checked (a bad file fails here,
 * having held no lock), every instance's text and hashes made. What is left for the write lock is writing.
 */
async function readAhead(file: string, options: ImportOptions): Promise<Opened> {
  const opened = await openImportFile(file, {
    fieldMap: options.fieldMap,
    run: options.run,
    experiment: options.experiment,
  });
  const items: Located[] = [];
  for await (const located of opened.items) {
    if (located.item.kind === "instance") keepPrepared(opened.format.id, located.item.data);
    items.push(located);
    if (items.length % BATCH === 0) options.onProgress?.(file, items.length);
  }
  options.onProgress?.(file, items.length);
  return { format: opened.format, defaultBenchmark: opened.defaultBenchmark, items };
}

/** A file's size; a file that is not there (or not a file) is an ImportError naming it, not a raw ENOENT. */
async function sizeOf(file: string): Promise<number> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new ImportError(file, null, "not a file");
    return info.size;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT") throw new ImportError(file, null, "no such file");
    if (code === "EACCES") throw new ImportError(file, null, "not readable (permission denied)");
    throw error;
  }
}

/** Reads, checks and prepares each file before any write lock: into memory, or into a stage. */
export async function prepareFiles(files: string[], options: ImportOptions): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  try {
    for (const [index, file] of files.entries()) {
      const bytes = await sizeOf(file);
      if (bytes <= (options.readAheadBytes ?? READ_AHEAD_BYTES))
        prepared.push({ ahead: await readAhead(file, options), bytes });
      else {
        const staged = await stageFile(file, { ...options, benchmarkOf: benchmarkResolver(file, options) });
        prepared.push({ staged, schema: `stage${index}`, bytes });
      }
    }
    return prepared;
  } catch (error) {
    await removeStages(prepared);
    throw error;
  }
}

export const removeStages = (prepared: Prepared[]) =>
  Promise.all(prepared.map((p) => ("staged" in p ? removeStage(p.staged.path) : undefined)));
