// Over 300 lines: an import's one transaction: files read, instances, runs, labels and scores written, and the summary counted as they go.
import { randomUUID } from "node:crypto";
import { recordLabels } from "../../ingest/formats/labels";
import { ImportError } from "../../ingest/import-error";
import type { ImportItem } from "../../ingest/import-items";
import { PolicyWarnings } from "../../ingest/policy-warnings";
import { RepeatConflict, RepeatedRecords } from "../../ingest/repeated-records";
import { bulkTarget, type Database, engineOf, withOwnConnection } from "../db/client";
import { fillRunOutcomes } from "../runs/run-outcome-texts";
import { attachStage, copyStagedInstances, stagedItems, writeStagedInstances } from "./import-staging";
import { BATCH, FileWriter, type Replacement, type Tx } from "./import-writer";
import {
  benchmarkResolver,
  type ImportOptions,
  type Located,
  type Opened,
  type Prepared,
  prepareFiles,
  removeStages,
} from "./prepare-files";
import { recountResolvedOfFile } from "./runs";
import { settleAfterBulkWrite } from "./settle-bulk-write";

/** A result's or patch's place: its kind, run and instance. */
const runRowKey = (
  kind: string,
  d: { model: string; selection: string; projection: string; instanceExternalId: string },
) => JSON.stringify([kind, d.model, d.selection, d.projection, d.instanceExternalId]);

const SHOWN_REPLACEMENTS = 3;

/**
 * What a file would replace, in words naming the other import (by its path where this command imported it,
 * else by its history entry: id, file name and time) and a few of the rows; null when it replaces nothing.
 */
async function describeReplacements(
  tx: Tx,
  replacements: readonly Replacement[],
  earlier: ReadonlyMap<string, string>,
): Promise<string | null> {
  if (replacements.length === 0) return null;
  const keys = [...new Set(replacements.map((r) => r.otherKey).filter((k): k is string => k !== null))];
  const logs = await tx.importLog.findMany({
    where: { key: { in: keys } },
    select: { id: true, key: true, file: true, createdAt: true },
  });
  const named = (key: string | null) => {
    const log = logs.find((l) => l.key === key);
    const path = key === null ? undefined : earlier.get(key);
    if (path) return `import ${log?.id ?? "?"} (${path}, earlier in this command)`;
    if (log) return `import ${log.id} (${log.file}, ${log.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC)`;
    return "an earlier import (not in the import history)";
  };
  const shown = replacements.slice(0, SHOWN_REPLACEMENTS).map((r) => {
    const run = `${r.run.model} (${r.run.selection} × ${r.run.projection})`;
    return `${r.kind === "result" ? "the result" : "the agent patch"} of "${r.instanceExternalId}" for ${run}: ${named(r.otherKey)} gave ${r.stored}, this file ${r.given}`;
  });
  const more = replacements.length - shown.length;
  return `${replacements.length} ${replacements.length === 1 ? "row" : "rows"}: ${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}

export type { ImportOptions } from "./prepare-files";
export { READ_AHEAD_BYTES } from "./prepare-files";

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
  /** its rows' import key (internal: names this file to a later one of the same command) */
  import_key?: string;
}

export interface ImportSummary {
  files: FileImportSummary[];
  changed: boolean;
}

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

/** Imports one file inside the caller's transaction and reports what it changed. */
async function importOneFile(
  db: Database,
  tx: Tx,
  file: string,
  options: ImportOptions,
  prepared: Prepared,
  earlier: ReadonlyMap<string, string>,
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
  writer.replace = options.replace ?? false;
  const source = file.split(/[\\/]/).pop() ?? file;
  const resolve = benchmarkResolver(file, options);
  const benchmarkOf = (located: Located) => resolve(located, opened.defaultBenchmark);
  // Its records were counted as they were read (onProgress): here they are checked for conflicting repeats
  // (and unnumbered judge samples numbered), then written.
  const repeats = new RepeatedRecords();
  const policies = new PolicyWarnings();
  let batch: Located[] = [];
  const lines = new Map<string, number>();
  for (const located of opened.items) {
    const { item } = located;
    if ((item.kind === "result" || item.kind === "prediction") && !lines.has(runRowKey(item.kind, item.data)))
      lines.set(runRowKey(item.kind, item.data), located.line);
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
  const replaced = await describeReplacements(tx, writer.replacements, earlier);
  if (replaced && !writer.replace) {
    const first = writer.replacements[0] as Replacement;
    throw new ImportError(
      file,
      lines.get(runRowKey(first.kind, { ...first.run, instanceExternalId: first.instanceExternalId })) ?? null,
      `this file would replace what another import gave: ${replaced}; import it with --replace to replace them, or with --model NAME to keep it as a run of its own`,
    );
  }
  // The list's stored Resolved counts of the instances the file wrote results for, and of those it added
  // (their results may have come first): read from these rows alone, written only where they changed.
  await recountResolvedOfFile(bulkTarget(db, tx), writer);
  await options.onWritten?.(file);
  const unmatched = await writer.unmatchedIds();
  const suggested = await writer.suggestedBenchmark(unmatched);
  const summary: FileImportSummary = {
    file,
    format: opened.format.id,
    benchmark: [...writer.benchmarks].join(", ") || null,
    ...writer.tally,
    unmatched_ids: unmatched,
    warnings: [
      ...policies.warnings,
      ...(repeats.sameRepeats ? [repeats.sameRepeats] : []),
      ...(replaced ? [`replaced (--replace) what another import gave: ${replaced}`] : []),
    ],
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
  summary.import_key = writer.importKey;
  return summary;
}

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
            // The import keys of this command's earlier files, to name them by their paths.
            const earlier = new Map<string, string>();
            for (const [index, file] of files.entries()) {
              const summary = await importOneFile(own, tx, file, options, prepared[index] as Prepared, earlier);
              if (summary.import_key) earlier.set(summary.import_key, file);
              delete summary.import_key;
              out.push(summary);
            }
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
    // Committed: on PostgreSQL, the statistics and visibility of what a large import wrote, brought up to date.
    await settleAfterBulkWrite(
      db,
      summaries.reduce((sum, s) => sum + s.added + s.updated, 0),
    );
    // The outcome texts of runs whose results it changed, made again now it has committed (reads never write).
    await fillRunOutcomes(db);
    return { files: summaries, changed: summaries.some((s) => s.added + s.updated > 0) };
  } finally {
    await checkpointer?.stop();
    await removeStages(prepared);
  }
}
