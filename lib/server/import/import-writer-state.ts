/** What a file's writers share: the transaction, the file's counts, and the benchmarks and runs it named. */
import { createHash } from "node:crypto";
import type { RunKey } from "../../ingest/import-items";
import type { Cell } from "../db/bulk-sql";
import type { Database, Tx } from "../db/client";

/** An instance as the row it is written as: its columns but its benchmark, id and write times. */
export type InstanceRow = Record<string, Cell> & { externalId: string; contentHash: string };

/** Records written (and ids looked up) per statement. */
export const BATCH = 400;

export type { Tx };

export const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** One row per key, the last one winning: a file that repeats a record means its later line. */
export function lastOfEach<T>(rows: T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

/** Counts for one file, shared by the per-kind writers. */
export interface Tally {
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

export const outcomeWord = (v: { resolved: boolean; status: string | null }) =>
  `${v.resolved ? "resolved" : "not resolved"}${v.status && v.status !== (v.resolved ? "resolved" : "unresolved") ? ` (${v.status})` : ""}`;

/** The state one file's writers share (FileWriter, import-writer.ts, writes through it). */
export class WriterState {
  /** whether a result or patch another import wrote may be replaced (`--replace`); else it is only noted */
  replace = false;
  /** what this file would replace (not written, unless `replace`) */
  readonly replacements: Replacement[] = [];
  private readonly benchmarkIds = new Map<string, number>();
  private readonly runIds = new Map<string, number>();
  /** per benchmark id: the external ids that results or scores referred to */
  protected readonly referenced = new Map<number, Set<string>>();
  private readonly seenHashes = new Map<string, string>();
  readonly tally: Tally = { added: 0, updated: 0, unchanged: 0 };
  readonly benchmarks = new Set<string>();
  /** per benchmark id: the external ids whose results this file wrote (their Resolved counts are recounted) */
  readonly resultsWritten = new Map<number, Set<string>>();

  constructor(
    readonly db: Database,
    readonly tx: Tx,
    readonly demo: boolean,
    /** the format id the file was read as, recorded on each instance */
    protected readonly format: string,
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

  async runId(benchmarkId: number, key: RunKey, source: string): Promise<number> {
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

  reference(benchmarkId: number, externalId: string): void {
    const ids = this.referenced.get(benchmarkId) ?? new Set<string>();
    this.referenced.set(benchmarkId, ids);
    ids.add(externalId);
  }

  /** Compares with an earlier batch of this file: a repeated record counts once, a changed repeat updates. */
  repeat(key: string, hash: string): "new" | "same" | "changed" {
    const previous = this.seenHashes.get(key);
    this.seenHashes.set(key, hash);
    return previous === undefined ? "new" : previous === hash ? "same" : "changed";
  }

  /** A batch's rows by run (each run found or made), the last of each instance's rows kept. */
  async rowsByRun<T extends RunKey & { instanceExternalId: string }>(
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
}
