import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import type { FieldMap } from "../../ingest/field-aliases";
import { recordLabels } from "../../ingest/formats/labels";
import { ImportError } from "../../ingest/import-error";
import type { ImportItem } from "../../ingest/import-items";
import { PolicyWarnings } from "../../ingest/policy-warnings";
import { keepPrepared } from "../../ingest/prepare-instance";
import { openImportFile } from "../../ingest/read-import-file";
import { RepeatConflict, RepeatedRecords } from "../../ingest/repeated-records";
import { execute } from "../db/bulk-sql";
import { bulkTarget, type Database, engineOf, withOwnConnection } from "../db/client";
import { recountResolvedSql } from "../queries/list-sql";
import {
  attachStage,
  copyStagedInstances,
  removeStage,
  type StagedFile,
  stagedItems,
  stageFile,
  writeStagedInstances,
} from "./import-staging";
import { BATCH, FileWriter, type Tx } from "./import-writer";

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
  /** called inside the transaction once a file's records are written, before the commit (awaited) */
  onWritten?: (file: string) => void | Promise<void>;
}

export interface FileImportSummary {
  file: string;
  format: string;
  benchmark: string | null;
  added: number;
  updated: number;
  unchanged: number;
  /** result or score ids that match no instance of their benchmark: kept, and reported here */
  unmatched_ids: string[];
  /** what was imported but deserves a word: selection or projection names Hintscope does not know */
  warnings: string[];
  /** where every unmatched id is an instance of exactly one other benchmark: that benchmark (--benchmark it) */
  suggested_benchmark?: string;
  /** the import history's entry, when the file changed anything: `hints imports take-back ID` undoes it */
  import_id?: number;
}

export interface ImportSummary {
  files: FileImportSummary[];
  changed: boolean;
}

type Located = { item: ImportItem; line: number };

async function writeBatch(
  writer: FileWriter,
  batch: Located[],
  benchmarkOf: (l: Located) => string,
  source: string,
  file: string,
) {
  const groups = new Map<string, Located[]>();
  for (const located of batch) {
    const key = `${benchmarkOf(located)}\u0000${located.item.kind}`;
    groups.get(key)?.push(located) ?? groups.set(key, [located]);
  }
  for (const group of groups.values()) {
    const first = group[0] as Located;
    const benchmarkName = benchmarkOf(first);
    const benchmarkId = await writer.benchmarkId(benchmarkName);
    const items = group.map((l) => l.item);
    switch (first.item.kind) {
      case "instance": {
        const instances = items.map((i) => (i as Extract<ImportItem, { kind: "instance" }>).data);
        await writer.writeInstances(benchmarkId, instances);
        // The labels a record carries itself (SWE-bench Pro's issue_specificity, SWE-rebench's llm_score).
        const labels = instances.flatMap((i) => recordLabels(i.original, i.externalId));
        if (labels.length > 0) await writer.writeLabels(benchmarkId, labels, { tally: false });
        break;
      }
      case "result":
        await writer.writeResults(
          benchmarkId,
          items.map((i) => (i as Extract<ImportItem, { kind: "result" }>).data),
          source,
        );
        break;
      case "prediction":
        await writer.writePredictions(
          benchmarkId,
          items.map((i) => (i as Extract<ImportItem, { kind: "prediction" }>).data),
          source,
        );
        break;
      case "curator-score": {
        const missing = await writer.writeCuratorScores(
          benchmarkId,
          items.map((i) => (i as Extract<ImportItem, { kind: "curator-score" }>).data),
        );
        if (missing.length > 0) {
          const line =
            group.find((l) => l.item.kind === "curator-score" && l.item.data.instanceExternalId === missing[0])?.line ??
            null;
          throw new ImportError(
            file,
            line,
            `curator scores rate imported instances: "${missing[0]}" is not one of ${benchmarkName}'s; import it first`,
          );
        }
        break;
      }
      case "design-verdict":
        await writer.writeVerdicts(
          benchmarkId,
          items.map((i) => (i as Extract<ImportItem, { kind: "design-verdict" }>).data),
          source,
        );
        break;
      case "label":
        await writer.writeLabels(
          benchmarkId,
          items.map((i) => (i as Extract<ImportItem, { kind: "label" }>).data),
        );
        break;
      case "judge-score":
        await writer.writeJudgeScores(
          benchmarkId,
          items.map((i) => (i as Extract<ImportItem, { kind: "judge-score" }>).data),
        );
        break;
      case "run-summary":
        for (const item of items as Array<Extract<ImportItem, { kind: "run-summary" }>>) {
          const { summary, ...key } = item.data;
          await writer.writeRunSummary(benchmarkId, key, summary, source);
        }
        break;
    }
  }
}

/** A file opened for import: its format, the benchmark its name implies, and its records with their lines. */
type Opened = Pick<Awaited<ReturnType<typeof openImportFile>>, "format" | "defaultBenchmark"> & {
  items: Iterable<Located>;
};

/** How a file reaches its transaction: read whole into memory, or staged in a temporary database; and its size. */
type Prepared = ({ ahead: Opened } | { staged: StagedFile; schema: string }) & { bytes: number };

/** A record's benchmark: its own, the one given, or the one its file's name implies. */
const benchmarkResolver =
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
  const opened = await openImportFile(file, { fieldMap: options.fieldMap });
  const items: Located[] = [];
  for await (const located of opened.items) {
    if (located.item.kind === "instance") keepPrepared(opened.format.id, located.item.data);
    items.push(located);
    if (items.length % BATCH === 0) options.onProgress?.(file, items.length);
  }
  options.onProgress?.(file, items.length);
  return { format: opened.format, defaultBenchmark: opened.defaultBenchmark, items };
}

/** Imports one file inside the caller's transaction and reports what it changed. */
async function importOneFile(
  db: Database,
  tx: Tx,
  file: string,
  options: ImportOptions,
  prepared: Prepared,
): Promise<FileImportSummary> {
  let opened: Opened;
  let writer: FileWriter;
  if ("ahead" in prepared) {
    opened = prepared.ahead;
    writer = new FileWriter(db, tx, options.demo ?? false, opened.format.id, randomUUID());
  } else {
    // A staged file's instances are written first, in bulk; its other records follow as any file's.
    const { staged, schema } = prepared;
    opened = { ...staged, items: stagedItems(staged.path, BATCH) };
    writer = new FileWriter(db, tx, options.demo ?? false, opened.format.id, randomUUID());
    if (engineOf(db).stageCopy === "attach") await copyStagedInstances(bulkTarget(db, tx), schema, writer);
    else await writeStagedInstances(staged.path, writer, BATCH);
  }
  const source = file.split(/[\\/]/).pop() ?? file;
  const resolve = benchmarkResolver(file, options);
  const benchmarkOf = (located: Located) => resolve(located, opened.defaultBenchmark);
  // Its records were counted as they were read (onProgress): here they are checked for conflicting repeats
  // (and unnumbered judge samples numbered), then written.
  const repeats = new RepeatedRecords();
  const policies = new PolicyWarnings();
  let batch: Located[] = [];
  for (const located of opened.items) {
    try {
      repeats.check(located.item, located.line, benchmarkOf(located));
      policies.check(located.item);
    } catch (error) {
      if (error instanceof RepeatConflict) throw new ImportError(file, error.line, error.reason);
      throw error;
    }
    batch.push(located);
    if (batch.length >= BATCH) {
      await writeBatch(writer, batch, benchmarkOf, source, file);
      batch = [];
    }
  }
  await writeBatch(writer, batch, benchmarkOf, source, file);
  // The list's stored Resolved counts of every benchmark the file wrote to (results, or instances that
  // results were waiting for).
  for (const name of writer.benchmarks)
    await execute(bulkTarget(db, tx), recountResolvedSql(engineOf(db).sql), [await writer.benchmarkId(name)]);
  await options.onWritten?.(file);
  const unmatched = await writer.unmatchedIds();
  const suggested = await writer.suggestedBenchmark(unmatched);
  const summary: FileImportSummary = {
    file,
    format: opened.format.id,
    benchmark: [...writer.benchmarks].join(", ") || null,
    ...writer.tally,
    unmatched_ids: unmatched,
    warnings: policies.warnings,
    ...(suggested ? { suggested_benchmark: suggested } : {}),
  };
  if (summary.added + summary.updated > 0) {
    const log = await tx.importLog.create({
      data: {
        key: writer.importKey,
        file: source,
        format: summary.format,
        benchmark: summary.benchmark,
        added: summary.added,
        updated: summary.updated,
        unchanged: summary.unchanged,
        unmatched: summary.unmatched_ids.length,
      },
      select: { id: true },
    });
    summary.import_id = log.id;
  }
  return summary;
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
async function prepareFiles(files: string[], options: ImportOptions): Promise<Prepared[]> {
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

const removeStages = (prepared: Prepared[]) =>
  Promise.all(prepared.map((p) => ("staged" in p ? removeStage(p.staged.path) : undefined)));

/** Imports of more than this (bytes of files) have their checkpoint run off the thread (wal-checkpoint.ts). */
const CHECKPOINT_OFF_THREAD_BYTES = 4 * 1024 * 1024;

/**
 * Imports files in one transaction: every file lands, or (on any error) none does and the
 * database is exactly as it was. Throws ImportError for bad input, naming the file and line.
 */
export async function importFiles(db: Database, files: string[], options: ImportOptions = {}): Promise<ImportSummary> {
  // Every file is read and checked before the write lock (a bad one fails having held none): files of a usual
  // size into memory, larger ones into a temporary database, so the transaction only writes.
  const prepared = await prepareFiles(files, options);
  const engine = engineOf(db);
  const bytes = prepared.reduce((sum, p) => sum + p.bytes, 0);
  // A small import leaves SQLite's own checkpoint to run (it copies back little).
  const large =
    engine.largeWriteCheckpointer && bytes > CHECKPOINT_OFF_THREAD_BYTES ? engine.largeWriteCheckpointer() : null;
  const checkpointer = large?.checkpointer ?? null;
  try {
    // Its own connection, so requests served meanwhile neither join this transaction nor see it uncommitted.
    const summaries = await withOwnConnection(db, async (own) => {
      // SQLite copies a stage's instances from it attached (PostgreSQL reads it as a file).
      if (engine.stageCopy === "attach")
        for (const p of prepared) if ("staged" in p) await attachStage(bulkTarget(own, own), p.staged.path, p.schema);
      // Its commit leaves the log to the checkpointer (see wal-checkpoint.ts).
      await large?.pause(own);
      const written = await engine.importTurn(() =>
        own.$transaction(
          async (tx) => {
            const out: FileImportSummary[] = [];
            for (const [index, file] of files.entries())
              out.push(await importOneFile(own, tx, file, options, prepared[index] as Prepared));
            return out;
          },
          { timeout: 60 * 60 * 1000, maxWait: 60 * 1000 },
        ),
      );
      // The log is copied back on the checkpointer's thread while this connection is still open: closed
      // first, SQLite copies the whole log back in the close itself, on this thread, while every request of
      // the process waits (the close of a 400 MB import's connection took 2.5 s so).
      await checkpointer?.run();
      return written;
    });
    return { files: summaries, changed: summaries.some((s) => s.added + s.updated > 0) };
  } finally {
    await checkpointer?.stop();
    await removeStages(prepared);
  }
}
