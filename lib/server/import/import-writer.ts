/** The importer's writers: instances, results, scores and verdicts, added, updated or left unchanged. */
import type {
  CuratorScoreData,
  DesignVerdictData,
  InstanceData,
  JudgeScoreData,
  LabelData,
  PredictionData,
  ResultData,
  RunKey,
} from "../../ingest/import-items";
import { instanceValues } from "../../ingest/prepare-instance";
import { type Cell, insertRows, selectByKeys, selectRows, updateRowsById } from "../db/bulk-sql";
import { bulkTarget } from "../db/client";
import { namedInstances } from "../list/list-sql";
import { INSTANCE_COLUMNS, UPDATED_COLUMNS } from "./import-columns";

import { BATCH, type InstanceRow, lastOfEach, WriterState } from "./import-writer-state";
import * as runWrites from "./run-writes";
import * as scoreWrites from "./score-writes";

export { BATCH, type InstanceRow, type Replacement, type Tx } from "./import-writer-state";

/** Writes one file's items, batch by batch, inside the caller's transaction: each kind compared with what is stored. */
export class FileWriter extends WriterState {
  async writeInstances(benchmarkId: number, batch: InstanceData[]): Promise<void> {
    await this.writeInstanceRows(
      benchmarkId,
      batch.map((data) => instanceValues(this.format, this.demo, data)),
    );
  }

  /** Instances as the rows they are written as (instanceValues), each compared with what is stored by its hash. */
  async writeInstanceRows(benchmarkId: number, batch: InstanceRow[]): Promise<void> {
    const rows = lastOfEach(batch, (row) => row.externalId);
    const existing = await selectByKeys(
      bulkTarget(this.db, this.tx),
      "Instance",
      ["id", "externalId", "contentHash"],
      { benchmarkId },
      "externalId",
      rows.map((r) => r.externalId),
    );
    const byId = new Map(
      existing.map((row) => [String(row.externalId), { id: Number(row.id), contentHash: String(row.contentHash) }]),
    );
    const creates: Cell[][] = [];
    const updates: Array<{ id: number; values: Cell[] }> = [];
    const now = new Date();
    for (const values of rows) {
      const { contentHash } = values;
      const repeat = this.repeat(`i${benchmarkId}:${values.externalId}`, contentHash);
      const current = byId.get(values.externalId);
      if (current && current.contentHash === contentHash) {
        if (repeat === "new") this.tally.unchanged++;
      } else if (current || repeat !== "new") {
        // A changed instance (or a changed repeat of one this file added): its row rewritten, patches and all.
        const id = current?.id ?? (await this.idOf(benchmarkId, values.externalId, creates));
        const row: Record<string, Cell> = { ...values, updatedAt: now };
        updates.push({ id, values: UPDATED_COLUMNS.map((column) => row[column] ?? null) });
        if (repeat === "new") this.tally.updated++;
      } else {
        const row: Record<string, Cell> = {
          benchmarkId,
          ...values,
          importedAt: now,
          updatedAt: now,
          importKey: this.importKey,
        };
        creates.push(INSTANCE_COLUMNS.map((column) => row[column] ?? null));
        this.tally.added++;
      }
    }
    await insertRows(bulkTarget(this.db, this.tx), "Instance", INSTANCE_COLUMNS, creates);
    // Through the driver, as the inserts: Prisma's query engine copies each long text, 8× slower.
    await updateRowsById(bulkTarget(this.db, this.tx), "Instance", UPDATED_COLUMNS, updates);
  }

  /** The id of an instance this file added in an earlier batch (or earlier in this one, written first). */
  private async idOf(benchmarkId: number, externalId: string, pending: Cell[][]): Promise<number> {
    if (pending.length > 0) {
      await insertRows(bulkTarget(this.db, this.tx), "Instance", INSTANCE_COLUMNS, pending.splice(0));
    }
    const [row] = await selectByKeys(bulkTarget(this.db, this.tx), "Instance", ["id"], { benchmarkId }, "externalId", [
      externalId,
    ]);
    if (!row) throw new Error(`import: instance ${externalId} vanished inside its own import`);
    return Number(row.id);
  }

  writeResults(benchmarkId: number, rows: ResultData[], source: string): Promise<void> {
    return runWrites.writeResults(this, benchmarkId, rows, source);
  }

  writePredictions(benchmarkId: number, rows: PredictionData[], source: string): Promise<void> {
    return runWrites.writePredictions(this, benchmarkId, rows, source);
  }

  async writeRunSummary(benchmarkId: number, key: RunKey, summary: Record<string, unknown>, source: string) {
    const runId = await this.runId(benchmarkId, key, source);
    const text = JSON.stringify(summary);
    const run = await this.tx.run.findUniqueOrThrow({ where: { id: runId }, select: { summary: true } });
    if (run.summary !== text) await this.tx.run.update({ where: { id: runId }, data: { summary: text } });
  }

  writeJudgeScores(benchmarkId: number, rows: JudgeScoreData[]): Promise<void> {
    return scoreWrites.writeJudgeScores(this, benchmarkId, rows);
  }

  writeVerdicts(benchmarkId: number, rows: DesignVerdictData[], source: string): Promise<void> {
    return scoreWrites.writeVerdicts(this, benchmarkId, rows, source);
  }

  writeLabels(benchmarkId: number, rows: LabelData[], options: { tally?: boolean } = {}): Promise<void> {
    return scoreWrites.writeLabels(this, benchmarkId, rows, options);
  }

  writeCuratorScores(benchmarkId: number, rows: CuratorScoreData[]): Promise<string[]> {
    return scoreWrites.writeCuratorScores(this, benchmarkId, rows);
  }

  /** Ids that results or scores named but no instance of their benchmark has. */
  async unmatchedIds(): Promise<string[]> {
    const unmatched: string[] = [];
    for (const [benchmarkId, ids] of this.referenced) {
      const all = [...ids];
      for (let i = 0; i < all.length; i += BATCH) {
        const chunk = all.slice(i, i + BATCH);
        // By the unique index of (benchmark, id): PostgreSQL answered `externalId IN (…)` from the ids'
        // trigram index (list-sql.ts, namedInstances), seconds a batch.
        const named = namedInstances(chunk.length);
        const found = await selectRows(
          bulkTarget(this.db, this.tx),
          `SELECT i."externalId" AS "externalId" FROM "Instance" AS i, ${named.values} AS named WHERE ${named.join}`,
          [benchmarkId, ...chunk],
        );
        const present = new Set(found.map((row) => String(row.externalId)));
        unmatched.push(...chunk.filter((id) => !present.has(id)));
      }
    }
    return unmatched.sort();
  }

  /**
   * The one other benchmark whose imported instances every unmatched id names, if there is exactly one:
   * results filed under the wrong benchmark (a file name that says "lite" for Verified runs, say).
   */
  async suggestedBenchmark(unmatched: readonly string[]): Promise<string | null> {
    if (unmatched.length === 0) return null;
    const own = new Set(this.referenced.keys());
    const sample = unmatched.slice(0, BATCH);
    const found = await this.tx.instance.findMany({
      where: { externalId: { in: sample }, benchmarkId: { notIn: [...own] } },
      select: { externalId: true, benchmark: { select: { name: true } } },
    });
    const byBenchmark = new Map<string, Set<string>>();
    for (const row of found) {
      const ids = byBenchmark.get(row.benchmark.name) ?? new Set<string>();
      ids.add(row.externalId);
      byBenchmark.set(row.benchmark.name, ids);
    }
    const covering = [...byBenchmark.entries()].filter(([, ids]) => ids.size === sample.length);
    return covering.length === 1 ? (covering[0]?.[0] ?? null) : null;
  }
}
