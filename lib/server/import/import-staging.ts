/**
 * A large file staged before the write lock. It is read, checked and prepared into a temporary SQLite
 * database of its own, so memory stays flat whatever its size and a bad file fails having held no lock. On
 * SQLite the import's transaction then attaches that database and copies its instances with a few statements
 * per few hundred rows (changed rows rewritten, new rows inserted), so the write lock is held for the copy
 * alone; on PostgreSQL its rows are written in batches through the ordinary writer. Records of other kinds
 * (results, scores, usually few) are replayed from it through the ordinary writer on both.
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FieldMap } from "../../ingest/field-aliases";
import type { InputFormat, RunOptions } from "../../ingest/import-items";
import { instanceValues } from "../../ingest/prepare-instance";
import { type LocatedItem, openImportFile } from "../../ingest/read-import-file";
import { type BulkTarget, type Cell, execute, selectRows } from "../db/bulk-sql";
import { openSqliteFile } from "../db/sqlite-file";
import { INSTANCE_COLUMNS, UPDATED_COLUMNS } from "./import-columns";
import type { FileWriter, InstanceRow } from "./import-writer";
import { removeLeftovers } from "./leftover-files";

/** Where staging databases live while their import runs (removed when it ends, or by the next process). */
export const STAGING_ROOT = path.join(os.tmpdir(), "hintscope-staging");

/** The instance columns a stage holds: all the import writes but the benchmark's id and the write times. */
const STAGED_COLUMNS = INSTANCE_COLUMNS.filter(
  (column) => column !== "benchmarkId" && column !== "importedAt" && column !== "updatedAt" && column !== "importKey",
);

const quoted = (names: readonly string[], prefix = "") => names.map((name) => `${prefix}"${name}"`).join(", ");

export interface StagedFile {
  /** the staging database's file */
  path: string;
  format: InputFormat;
  defaultBenchmark: string | null;
  /** how many records the file holds */
  records: number;
}

const ROWS_PER_TRANSACTION = 400;
let swept = false;

/**
 * Reads `file` whole into a new staging database: every record parsed and checked, each instance as the row
 * it will be (its text and hashes made), the last of repeated instances kept. Throws the file's ImportError,
 * leaving nothing behind.
 */
export async function stageFile(
  file: string,
  options: {
    fieldMap?: FieldMap;
    run?: RunOptions;
    experiment?: string;
    demo?: boolean;
    /** each record's benchmark (throws for a record that names none) */
    benchmarkOf: (located: LocatedItem, defaultBenchmark: string | null) => string;
    onProgress?: (file: string, records: number) => void;
  },
): Promise<StagedFile> {
  await mkdir(STAGING_ROOT, { recursive: true });
  if (!swept) {
    swept = true;
    // A command-line import and the server may stage at once: only stages untouched for an hour are orphans.
    await removeLeftovers(STAGING_ROOT, new Set(), 60 * 60 * 1000);
  }
  const stagePath = path.join(STAGING_ROOT, `${randomUUID()}.db`);
  liveStages.add(stagePath);
  const stage = openSqliteFile(stagePath);
  try {
    // Nothing here needs to survive a crash: the stage is thrown away on any failure.
    stage.pragma("journal_mode = OFF");
    stage.pragma("synchronous = OFF");
    stage.exec(
      `CREATE TABLE instance ("benchmark", ${quoted(STAGED_COLUMNS)}, PRIMARY KEY ("benchmark", "externalId"));
       CREATE TABLE item ("line" INTEGER NOT NULL, "json" TEXT NOT NULL);`,
    );
    const putInstance = stage.prepare(
      `INSERT OR REPLACE INTO instance VALUES (${["benchmark", ...STAGED_COLUMNS].map(() => "?").join(", ")})`,
    );
    const putItem = stage.prepare(`INSERT INTO item VALUES (?, ?)`);
    const opened = await openImportFile(file, {
      fieldMap: options.fieldMap,
      run: options.run,
      experiment: options.experiment,
    });
    const format = opened.format;
    let pending: Array<() => void> = [];
    const flush = stage.transaction(() => {
      for (const put of pending) put();
      pending = [];
    });
    let records = 0;
    for await (const located of opened.items) {
      const benchmark = options.benchmarkOf(located, opened.defaultBenchmark);
      const { item, line } = located;
      if (item.kind === "instance") {
        const values: Record<string, unknown> = instanceValues(format.id, options.demo ?? false, item.data);
        const cells = STAGED_COLUMNS.map((column) => {
          const value = values[column] ?? null;
          return typeof value === "boolean" ? Number(value) : value;
        });
        pending.push(() => putInstance.run(benchmark, ...cells));
      } else {
        const json = JSON.stringify(item);
        pending.push(() => putItem.run(line, json));
      }
      records++;
      if (records % ROWS_PER_TRANSACTION === 0) {
        flush();
        options.onProgress?.(file, records);
      }
    }
    flush();
    options.onProgress?.(file, records);
    stage.close();
    return { path: stagePath, format, defaultBenchmark: opened.defaultBenchmark, records };
  } catch (error) {
    if (stage.open) stage.close();
    await removeStage(stagePath);
    throw error;
  }
}

export const removeStage = async (stagePath: string) => {
  await rm(stagePath, { force: true });
  liveStages.delete(stagePath);
};

/**
 * Stages of this process not yet removed: removed when the process exits however it ends (a lost database
 * connection that leaves an import's promise unsettled never reaches its `finally`), so no stage is left.
 */
const liveStages = new Set<string>();
process.once("exit", () => {
  for (const stagePath of liveStages) rmSync(stagePath, { force: true });
});

/** Attaches a stage to the import's connection under `schema` (before its transaction: SQLite allows no ATTACH inside one). */
export const attachStage = (target: BulkTarget, stagePath: string, schema: string) =>
  execute(target, `ATTACH DATABASE ? AS "${schema}"`, [stagePath]);

/** Staged instances copied per statement: a few MB, so the thread answers requests between them. */
const COPY_CHUNK = 200;

const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Inside the import's transaction: the staged instances written, each compared with what is stored by its
 * hash (changed rows rewritten and sent back to the analysis, new rows inserted, the rest left), counted in
 * the writer's tally. A few hundred rows per statement, giving the thread back between them: SQLite's calls
 * block it, and one statement for a 100 MB file would hold every request of the process for a second.
 */
export async function copyStagedInstances(target: BulkTarget, schema: string, writer: FileWriter): Promise<void> {
  const staged = `"${schema}"."instance"`;
  const names = await selectRows(target, `SELECT DISTINCT "benchmark" FROM ${staged}`, []);
  for (const { benchmark } of names) await writer.benchmarkId(String(benchmark));
  const [{ total = 0, last = 0 } = {}] = await selectRows(
    target,
    `SELECT COUNT(*) AS "total", MAX(rowid) AS "last" FROM ${staged}`,
    [],
  );
  const now = new Date();
  const assignments = UPDATED_COLUMNS.map((column) =>
    column === "updatedAt"
      ? `"updatedAt" = ?`
      : column === "analysisStatus"
        ? `"analysisStatus" = 'pending'`
        : `"${column}" = s."${column}"`,
  );
  const chunk = `(SELECT rowid AS "seq", * FROM ${staged} WHERE rowid > ? AND rowid <= ?)`;
  const update = `UPDATE "Instance" AS i SET ${assignments.join(", ")}
     FROM ${chunk} AS s JOIN "Benchmark" AS b ON b."name" = s."benchmark"
     WHERE i."benchmarkId" = b."id" AND i."externalId" = s."externalId" AND i."contentHash" <> s."contentHash"`;
  const insert = `INSERT INTO "Instance" (${quoted(["benchmarkId", ...STAGED_COLUMNS, "importedAt", "updatedAt", "importKey"])})
     SELECT b."id", ${quoted(STAGED_COLUMNS, "s.")}, ?, ?, ?
     FROM ${chunk} AS s JOIN "Benchmark" AS b ON b."name" = s."benchmark"
     WHERE NOT EXISTS (SELECT 1 FROM "Instance" AS i WHERE i."benchmarkId" = b."id" AND i."externalId" = s."externalId")
     ORDER BY s."seq"`;
  let added = 0;
  let updated = 0;
  for (let from = 0; from < Number(last); from += COPY_CHUNK) {
    updated += await execute(target, update, [now, from, from + COPY_CHUNK]);
    added += await execute(target, insert, [now, now, writer.importKey, from, from + COPY_CHUNK]);
    await yieldToRequests();
  }
  writer.tally.added += added;
  writer.tally.updated += updated;
  writer.tally.unchanged += Number(total) - added - updated;
}

/** Reads a stage's rows a batch at a time, in the order they were staged, straight from its file. */
function* stagedRows(
  stagePath: string,
  table: "instance" | "item",
  batch: number,
): Generator<Record<string, unknown>[]> {
  const stage = openSqliteFile(stagePath, { readonly: true });
  try {
    const page = stage.prepare(`SELECT rowid AS "seq", * FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT ?`);
    for (let after = 0; ; ) {
      const rows = page.all(after, batch) as Record<string, unknown>[];
      if (rows.length === 0) return;
      after = Number(rows.at(-1)?.seq);
      yield rows;
    }
  } finally {
    stage.close();
  }
}

/** The staged records of other kinds, in file order (read a batch at a time). */
export function* stagedItems(stagePath: string, batch: number): Generator<LocatedItem> {
  for (const rows of stagedRows(stagePath, "item", batch))
    for (const row of rows) yield { line: Number(row.line), item: JSON.parse(String(row.json)) };
}

/**
 * Inside the import's transaction, where the stage cannot be attached (PostgreSQL): the staged instances
 * written a batch at a time through the writer, as a file read ahead writes its instances.
 */
export async function writeStagedInstances(stagePath: string, writer: FileWriter, batch: number): Promise<void> {
  for (const rows of stagedRows(stagePath, "instance", batch)) {
    const byBenchmark = new Map<string, InstanceRow[]>();
    for (const { seq, benchmark, ...columns } of rows) {
      const row = {
        ...(columns as Record<string, Cell>),
        // As the writer makes them: SQLite hands the flag back as 0 or 1, and the status is not staged.
        isDemo: Boolean(columns.isDemo),
        analysisStatus: "pending",
      } as unknown as InstanceRow;
      byBenchmark.get(String(benchmark))?.push(row) ?? byBenchmark.set(String(benchmark), [row]);
    }
    for (const [name, instances] of byBenchmark)
      await writer.writeInstanceRows(await writer.benchmarkId(name), instances);
  }
}
