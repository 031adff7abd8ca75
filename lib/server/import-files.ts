import type { FieldMap } from "../ingest/field-aliases";
import { ImportError } from "../ingest/import-error";
import type { ImportItem } from "../ingest/import-items";
import { openImportFile } from "../ingest/read-import-file";
import { type Database, withOwnConnection } from "./db";
import { BATCH, FileWriter, type Tx } from "./import-writer";
import { serialisedWrite } from "./write-lock";

export interface ImportOptions {
  /** the benchmark for records and files that do not name one */
  benchmark?: string;
  /** label everything written as demo data */
  demo?: boolean;
  /** called after each batch with the file and the records read so far */
  onProgress?: (file: string, records: number) => void;
  /** the files' names for the fields formats read (`{patch: "gold_patch"}`) */
  fieldMap?: FieldMap;
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
  /** where every unmatched id is an instance of exactly one other benchmark: that benchmark (--benchmark it) */
  suggested_benchmark?: string;
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
      case "instance":
        await writer.writeInstances(
          benchmarkId,
          items.map((i) => (i as Extract<ImportItem, { kind: "instance" }>).data),
        );
        break;
      case "result":
        await writer.writeResults(
          benchmarkId,
          items.map((i) => (i as Extract<ImportItem, { kind: "result" }>).data),
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
async function importOneFile(db: Database, tx: Tx, file: string, options: ImportOptions): Promise<FileImportSummary> {
  const opened = await openImportFile(file, { fieldMap: options.fieldMap });
  const writer = new FileWriter(db, tx, options.demo ?? false, opened.format.id);
  const source = file.split(/[\\/]/).pop() ?? file;
  const benchmarkOf = ({ item, line }: Located): string => {
    const name = item.benchmark ?? options.benchmark ?? opened.defaultBenchmark;
    if (!name)
      throw new ImportError(file, line, "the file does not say which benchmark it belongs to: pass --benchmark NAME");
    return name;
  };
  let batch: Located[] = [];
  let records = 0;
  for await (const located of opened.items) {
    benchmarkOf(located);
    batch.push(located);
    if (batch.length >= BATCH) {
      await writeBatch(writer, batch, benchmarkOf, source, file);
      records += batch.length;
      options.onProgress?.(file, records);
      batch = [];
    }
  }
  await writeBatch(writer, batch, benchmarkOf, source, file);
  options.onProgress?.(file, records + batch.length);
  const unmatched = await writer.unmatchedIds();
  const suggested = await writer.suggestedBenchmark(unmatched);
  const summary: FileImportSummary = {
    file,
    format: opened.format.id,
    benchmark: [...writer.benchmarks].join(", ") || null,
    ...writer.tally,
    unmatched_ids: unmatched,
    ...(suggested ? { suggested_benchmark: suggested } : {}),
  };
  if (summary.added + summary.updated > 0) {
    await tx.importLog.create({
      data: {
        file: source,
        format: summary.format,
        benchmark: summary.benchmark,
        added: summary.added,
        updated: summary.updated,
        unchanged: summary.unchanged,
        unmatched: summary.unmatched_ids.length,
      },
    });
  }
  return summary;
}

/**
 * Imports files in one transaction: every file lands, or (on any error) none does and the
 * database is exactly as it was. Throws ImportError for bad input, naming the file and line.
 */
export async function importFiles(db: Database, files: string[], options: ImportOptions = {}): Promise<ImportSummary> {
  // Its own connection, so requests served meanwhile neither join this transaction nor see it uncommitted.
  const summaries = await withOwnConnection(db, (own) =>
    serialisedWrite(() =>
      own.$transaction(
        async (tx) => {
          const out: FileImportSummary[] = [];
          for (const file of files) out.push(await importOneFile(own, tx, file, options));
          return out;
        },
        { timeout: 60 * 60 * 1000, maxWait: 60 * 1000 },
      ),
    ),
  );
  return { files: summaries, changed: summaries.some((s) => s.added + s.updated > 0) };
}
