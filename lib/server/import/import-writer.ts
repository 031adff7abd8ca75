/** The importer's writers: instances, results, scores and verdicts, added, updated or left unchanged. */
import { createHash } from "node:crypto";
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
import {
  type Cell,
  cellBoolean,
  insertRows,
  selectByKeys,
  selectByRowKeys,
  selectRows,
  updateRowsById,
} from "../db/bulk-sql";
import { bulkTarget, type Database, type Tx } from "../db/client";
import { namedInstances } from "../queries/list-sql";
import {
  INSTANCE_COLUMNS,
  JUDGE_COLUMNS,
  JUDGE_KEY_COLUMNS,
  JUDGE_VALUE_COLUMNS,
  RESULT_COLUMNS,
  UPDATED_COLUMNS,
} from "./import-columns";

/** An instance as the row it is written as: its columns but its benchmark, id and write times. */
export type InstanceRow = Record<string, Cell> & { externalId: string; contentHash: string };

/** Records written (and ids looked up) per statement. */
export const BATCH = 400;

export type { Tx };

const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** One row per key, the last one winning: a file that repeats a record means its later line. */
function lastOfEach<T>(rows: T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

/** Counts for one file, shared by the per-kind writers. */
interface Tally {
  added: number;
  updated: number;
  unchanged: number;
}

/** A stored result or agent patch another import gave, which this file would replace. */
export interface Replacement {
  kind: "result" | "prediction";
  run: RunKey;
  instanceExternalId: string;
  /** the import that wrote the stored row (ImportLog.key; null: written before imports were keyed) */
  otherKey: string | null;
  stored: string;
  given: string;
}

const outcomeWord = (v: { resolved: boolean; status: string | null }) =>
  `${v.resolved ? "resolved" : "not resolved"}${v.status && v.status !== (v.resolved ? "resolved" : "unresolved") ? ` (${v.status})` : ""}`;

/** Writes one file's items, batch by batch, inside the caller's transaction: each kind compared with what is stored. */
export class FileWriter {
  /** whether a result or patch another import wrote may be replaced (`--replace`); else it is only noted */
  replace = false;
  /** what this file would replace (not written, unless `replace`) */
  readonly replacements: Replacement[] = [];
  private readonly benchmarkIds = new Map<string, number>();
  private readonly runIds = new Map<string, number>();
  /** per benchmark id: the external ids that results or scores referred to */
  private readonly referenced = new Map<number, Set<string>>();
  private readonly seenHashes = new Map<string, string>();
  readonly tally: Tally = { added: 0, updated: 0, unchanged: 0 };
  readonly benchmarks = new Set<string>();
  /** per benchmark id: the external ids whose results this file wrote (their Resolved counts are recounted) */
  readonly resultsWritten = new Map<number, Set<string>>();

  constructor(
    private readonly db: Database,
    private readonly tx: Tx,
    private readonly demo: boolean,
    /** the format id the file was read as, recorded on each instance */
    private readonly format: string,
    /** the key every row this file adds carries (ImportLog.key), so the import can be taken back */
    readonly importKey: string,
  ) {}

  async benchmarkId(name: string): Promise<number> {
    const known = this.benchmarkIds.get(name);
    if (known !== undefined) return known;
    this.benchmarks.add(name);
    const row =
      (await this.tx.benchmark.findUnique({ where: { name }, select: { id: true } })) ??
      (await this.tx.benchmark.create({
        data: { name, isDemo: this.demo, importKey: this.importKey },
        select: { id: true },
      }));
    this.benchmarkIds.set(name, row.id);
    return row.id;
  }

  private async runId(benchmarkId: number, key: RunKey, source: string): Promise<number> {
    const id = `${benchmarkId}\u0000${key.model}\u0000${key.selection}\u0000${key.projection}`;
    const known = this.runIds.get(id);
    if (known !== undefined) return known;
    const where = { benchmarkId_model_selection_projection: { benchmarkId, ...key } };
    let row = await this.tx.run.findUnique({ where, select: { id: true } });
    if (!row) {
      row = await this.tx.run.create({
        data: { benchmarkId, ...key, source, isDemo: this.demo, importKey: this.importKey },
        select: { id: true },
      });
    }
    this.runIds.set(id, row.id);
    return row.id;
  }

  private reference(benchmarkId: number, externalId: string): void {
    const ids = this.referenced.get(benchmarkId) ?? new Set<string>();
    this.referenced.set(benchmarkId, ids);
    ids.add(externalId);
  }

  /** Compares with an earlier batch of this file: a repeated record counts once, a changed repeat updates. */
  private repeat(key: string, hash: string): "new" | "same" | "changed" {
    const previous = this.seenHashes.get(key);
    this.seenHashes.set(key, hash);
    return previous === undefined ? "new" : previous === hash ? "same" : "changed";
  }

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

  /** A batch's rows by run (each run found or made), the last of each instance's rows kept. */
  private async rowsByRun<T extends RunKey & { instanceExternalId: string }>(
    benchmarkId: number,
    rows: T[],
    source: string,
  ): Promise<Map<number, T[]>> {
    const byRun = new Map<number, T[]>();
    for (const row of rows) {
      const { model, selection, projection } = row;
      const runId = await this.runId(benchmarkId, { model, selection, projection }, source);
      byRun.get(runId)?.push(row) ?? byRun.set(runId, [row]);
      this.reference(benchmarkId, row.instanceExternalId);
    }
    for (const [runId, runBatch] of byRun)
      byRun.set(
        runId,
        lastOfEach(runBatch, (row) => row.instanceExternalId),
      );
    return byRun;
  }

  async writeResults(benchmarkId: number, rows: ResultData[], source: string): Promise<void> {
    for (const [runId, runRows] of await this.rowsByRun(benchmarkId, rows, source)) {
      const existing = await selectByKeys(
        bulkTarget(this.db, this.tx),
        "RunResult",
        ["id", "instanceExternalId", "resolved", "status", "patchApplied", "testCounts", "importKey"],
        { runId },
        "instanceExternalId",
        runRows.map((r) => r.instanceExternalId),
      );
      const flag = cellBoolean;
      const byId = new Map(
        existing.map((row) => [
          String(row.instanceExternalId),
          {
            id: Number(row.id),
            resolved: flag(row.resolved) ?? false,
            status: row.status === null ? null : String(row.status),
            patchApplied: flag(row.patchApplied),
            testCounts: row.testCounts === null || row.testCounts === undefined ? null : String(row.testCounts),
            importKey: row.importKey === null || row.importKey === undefined ? null : String(row.importKey),
          },
        ]),
      );
      const creates: Cell[][] = [];
      const updates: Array<{ id: number; values: Cell[] }> = [];
      let changed = false;
      const written = this.resultsWritten.get(benchmarkId) ?? new Set<string>();
      this.resultsWritten.set(benchmarkId, written);
      for (const row of runRows) {
        const values = {
          resolved: row.resolved,
          status: row.status,
          patchApplied: row.patchApplied,
          testCounts: row.tests ? JSON.stringify(row.tests) : null,
        };
        const repeat = this.repeat(`r${runId}:${row.instanceExternalId}`, hashOf(values));
        const current = byId.get(row.instanceExternalId);
        const same =
          current &&
          current.resolved === values.resolved &&
          current.status === values.status &&
          current.patchApplied === values.patchApplied &&
          current.testCounts === values.testCounts;
        if (same) {
          if (repeat === "new") this.tally.unchanged++;
        } else if (current) {
          // Another import's result: replaced only where the user said so (`--replace`), and said either way.
          if (current.importKey !== this.importKey && repeat === "new") {
            const { model, selection, projection } = row;
            this.replacements.push({
              kind: "result",
              run: { model, selection, projection },
              instanceExternalId: row.instanceExternalId,
              otherKey: current.importKey,
              stored: outcomeWord(current),
              given: outcomeWord(values),
            });
            if (!this.replace) continue;
          }
          updates.push({
            id: current.id,
            values: [values.resolved, values.status, values.patchApplied, values.testCounts],
          });
          written.add(row.instanceExternalId);
          if (repeat === "new") this.tally.updated++;
        } else if (repeat !== "new") {
          // A changed repeat of a result this file added in an earlier batch (its row is written by now).
          await this.tx.runResult.update({
            where: { runId_instanceExternalId: { runId, instanceExternalId: row.instanceExternalId } },
            data: values,
          });
          written.add(row.instanceExternalId);
          changed = true;
        } else {
          creates.push([
            runId,
            row.instanceExternalId,
            values.resolved,
            values.status,
            values.patchApplied,
            values.testCounts,
            this.importKey,
          ]);
          written.add(row.instanceExternalId);
          this.tally.added++;
        }
      }
      await insertRows(bulkTarget(this.db, this.tx), "RunResult", RESULT_COLUMNS, creates);
      await updateRowsById(
        bulkTarget(this.db, this.tx),
        "RunResult",
        ["resolved", "status", "patchApplied", "testCounts"],
        updates,
      );
      // Its stored outcomes are made again from the rows when next read (run-outcomes.ts).
      if (changed || creates.length > 0 || updates.length > 0)
        await this.tx.run.update({ where: { id: runId }, data: { outcomes: null } });
    }
  }

  /** Agent patches, per run and instance, in bulk: added, rewritten where the patch changed, else unchanged. */
  async writePredictions(benchmarkId: number, rows: PredictionData[], source: string): Promise<void> {
    const target = bulkTarget(this.db, this.tx);
    for (const [runId, runRows] of await this.rowsByRun(benchmarkId, rows, source)) {
      const existing = await selectByKeys(
        target,
        "AgentPatch",
        ["id", "instanceExternalId", "patch", "importKey"],
        { runId },
        "instanceExternalId",
        runRows.map((r) => r.instanceExternalId),
      );
      const byId = new Map(existing.map((row) => [String(row.instanceExternalId), row]));
      const creates: Cell[][] = [];
      const updates: Array<{ id: number; values: Cell[] }> = [];
      for (const row of runRows) {
        const repeat = this.repeat(`p${runId}:${row.instanceExternalId}`, hashOf(row.patch));
        const current = byId.get(row.instanceExternalId);
        if (current && String(current.patch) === row.patch) {
          if (repeat === "new") this.tally.unchanged++;
        } else if (current) {
          const otherKey =
            current.importKey === null || current.importKey === undefined ? null : String(current.importKey);
          if (otherKey !== this.importKey && repeat === "new") {
            const { model, selection, projection } = row;
            this.replacements.push({
              kind: "prediction",
              run: { model, selection, projection },
              instanceExternalId: row.instanceExternalId,
              otherKey,
              stored: `a patch of ${String(current.patch).length} characters`,
              given: `a patch of ${row.patch.length} characters`,
            });
            if (!this.replace) continue;
          }
          updates.push({ id: Number(current.id), values: [row.patch, null] });
          if (repeat === "new") this.tally.updated++;
        } else if (repeat === "new") {
          creates.push([runId, row.instanceExternalId, row.patch, this.importKey]);
          this.tally.added++;
        }
      }
      await insertRows(target, "AgentPatch", ["runId", "instanceExternalId", "patch", "importKey"], creates);
      // A changed patch is observed again (its guesswork, after the analysis).
      await updateRowsById(target, "AgentPatch", ["patch", "namedDifferently"], updates);
    }
  }

  async writeRunSummary(benchmarkId: number, key: RunKey, summary: Record<string, unknown>, source: string) {
    const runId = await this.runId(benchmarkId, key, source);
    const text = JSON.stringify(summary);
    const run = await this.tx.run.findUniqueOrThrow({ where: { id: runId }, select: { summary: true } });
    if (run.summary !== text) await this.tx.run.update({ where: { id: runId }, data: { summary: text } });
  }

  /**
   * Judge samples in bulk, as instances and results: one look-up of what the batch's instances already have,
   * then multi-row inserts and updates by id (a Table 8-sized file, 2,361 lines, in a few statements).
   */
  async writeJudgeScores(benchmarkId: number, rows: JudgeScoreData[]): Promise<void> {
    const target = bulkTarget(this.db, this.tx);
    const keyOf = (row: Record<string, unknown>) => JSON.stringify(JUDGE_KEY_COLUMNS.map((c) => String(row[c])));
    const batch = lastOfEach(rows, (row) => keyOf(row as unknown as Record<string, unknown>));
    const externalIds = [...new Set(batch.map((r) => r.instanceExternalId))];
    const [instances, existing] = await Promise.all([
      selectByKeys(target, "Instance", ["id", "externalId"], { benchmarkId }, "externalId", externalIds),
      // By the whole key (row values), so the look-up reads this batch's samples, not every sample of its
      // instances (which made a file's import grow with the square of its lines).
      selectByRowKeys(
        target,
        "JudgeScore",
        ["id", ...JUDGE_KEY_COLUMNS, ...JUDGE_VALUE_COLUMNS],
        { benchmarkId },
        JUDGE_KEY_COLUMNS,
        batch.map((row) => JUDGE_KEY_COLUMNS.map((c) => row[c] as Cell)),
        { sample: "int" },
      ),
    ]);
    const instanceIds = new Map(instances.map((row) => [String(row.externalId), Number(row.id)]));
    const stored = new Map(existing.map((row) => [keyOf(row), row]));
    const creates: Cell[][] = [];
    const updates: Array<{ id: number; values: Cell[] }> = [];
    for (const row of batch) {
      this.reference(benchmarkId, row.instanceExternalId);
      const values: Cell[] = [
        row.necessity,
        row.disclosure,
        row.guidance,
        JSON.stringify(row.detail),
        instanceIds.get(row.instanceExternalId) ?? null,
      ];
      const key = keyOf(row as unknown as Record<string, unknown>);
      const repeat = this.repeat(`j${benchmarkId}:${key}`, hashOf(values));
      const current = stored.get(key);
      const same =
        current !== undefined &&
        JUDGE_VALUE_COLUMNS.every((column, i) => {
          const value = current[column];
          return (
            (value === null || value === undefined ? null : String(value)) ===
            (values[i] === null ? null : String(values[i]))
          );
        });
      if (same) {
        if (repeat === "new") this.tally.unchanged++;
      } else if (current) {
        updates.push({ id: Number(current.id), values });
        if (repeat === "new") this.tally.updated++;
      } else {
        creates.push([
          benchmarkId,
          ...JUDGE_KEY_COLUMNS.map((c) => row[c] as Cell),
          ...values,
          this.demo,
          this.importKey,
        ]);
        this.tally.added++;
      }
    }
    await insertRows(target, "JudgeScore", JUDGE_COLUMNS, creates);
    await updateRowsById(target, "JudgeScore", JUDGE_VALUE_COLUMNS, updates);
  }

  async writeVerdicts(benchmarkId: number, rows: DesignVerdictData[], source: string): Promise<void> {
    for (const row of lastOfEach(
      rows,
      (r) => `${r.model}\u0000${r.selection}\u0000${r.projection}\u0000${r.instanceExternalId}\u0000${r.constraintId}`,
    )) {
      const { model, selection, projection } = row;
      const runId = await this.runId(benchmarkId, { model, selection, projection }, source);
      this.reference(benchmarkId, row.instanceExternalId);
      const where = {
        runId_instanceExternalId_constraintId: {
          runId,
          instanceExternalId: row.instanceExternalId,
          constraintId: row.constraintId,
        },
      };
      const repeat = this.repeat(`v${JSON.stringify(where)}`, row.verdict);
      const current = await this.tx.designVerdict.findUnique({ where });
      if (current?.verdict === row.verdict) {
        if (repeat === "new") this.tally.unchanged++;
      } else if (current) {
        await this.tx.designVerdict.update({ where, data: { verdict: row.verdict } });
        if (repeat === "new") this.tally.updated++;
      } else {
        await this.tx.designVerdict.create({
          data: {
            runId,
            instanceExternalId: row.instanceExternalId,
            constraintId: row.constraintId,
            verdict: row.verdict,
            importKey: this.importKey,
          },
        });
        this.tally.added++;
      }
    }
  }

  /** Published labels, by instance, source and name: a changed value or note replaces the stored one. */
  async writeLabels(benchmarkId: number, rows: LabelData[], options: { tally?: boolean } = {}): Promise<void> {
    // Labels an instance record carries are part of that instance: not counted apart.
    const tally = options.tally === false ? { added: 0, updated: 0, unchanged: 0 } : this.tally;
    for (const row of lastOfEach(rows, (r) => `${r.instanceExternalId}\u0000${r.source}\u0000${r.name}`)) {
      this.reference(benchmarkId, row.instanceExternalId);
      const key = { benchmarkId, instanceExternalId: row.instanceExternalId, source: row.source, name: row.name };
      const where = { benchmarkId_instanceExternalId_source_name: key };
      const repeat = this.repeat(`l${JSON.stringify(key)}`, `${row.value}\u0000${row.notes ?? ""}`);
      const current = await this.tx.instanceLabel.findUnique({ where });
      if (current && current.value === row.value && current.notes === row.notes) {
        if (repeat === "new") tally.unchanged++;
      } else if (current) {
        await this.tx.instanceLabel.update({ where, data: { value: row.value, notes: row.notes } });
        if (repeat === "new") tally.updated++;
      } else {
        await this.tx.instanceLabel.create({
          data: { ...key, value: row.value, notes: row.notes, isDemo: this.demo, importKey: this.importKey },
        });
        tally.added++;
      }
    }
  }

  /** Curator ratings attach to imported instances; returns the ids of those that match none. */
  async writeCuratorScores(benchmarkId: number, rows: CuratorScoreData[]): Promise<string[]> {
    const instances = await this.tx.instance.findMany({
      where: { benchmarkId, externalId: { in: rows.map((r) => r.instanceExternalId) } },
      select: { id: true, externalId: true },
    });
    const ids = new Map(instances.map((i) => [i.externalId, i.id]));
    const missing = rows.filter((r) => !ids.has(r.instanceExternalId)).map((r) => r.instanceExternalId);
    if (missing.length > 0) return missing;
    for (const row of rows) {
      const instanceId = ids.get(row.instanceExternalId) as number;
      const where = {
        instanceId_identifier_attribute_curator: {
          instanceId,
          identifier: row.identifier,
          attribute: row.attribute,
          curator: row.curator,
        },
      };
      const values = { necessity: row.necessity, disclosure: row.disclosure, guidance: row.guidance };
      const repeat = this.repeat(`c${JSON.stringify(where)}`, JSON.stringify(values));
      const current = await this.tx.curatorScore.findUnique({ where });
      if (
        current &&
        current.necessity === values.necessity &&
        current.disclosure === values.disclosure &&
        current.guidance === values.guidance
      ) {
        if (repeat === "new") this.tally.unchanged++;
      } else if (current) {
        await this.tx.curatorScore.update({ where, data: values });
        if (repeat === "new") this.tally.updated++;
      } else {
        await this.tx.curatorScore.create({
          data: {
            instanceId,
            identifier: row.identifier,
            attribute: row.attribute,
            curator: row.curator,
            ...values,
            importKey: this.importKey,
          },
        });
        this.tally.added++;
      }
    }
    return [];
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
