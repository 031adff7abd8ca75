/** A file's judge scores, design verdicts, labels and curator ratings (FileWriter, import-writer.ts). */
import type { CuratorScoreData, DesignVerdictData, JudgeScoreData, LabelData } from "../../ingest/import-items";
import { type Cell, insertRows, selectByKeys, selectByRowKeys, updateRowsById } from "../db/bulk-sql";
import { bulkTarget } from "../db/client";
import { JUDGE_COLUMNS, JUDGE_KEY_COLUMNS, JUDGE_VALUE_COLUMNS } from "./import-columns";
import { hashOf, lastOfEach, type WriterState } from "./import-writer-state";

/**
 * Judge samples in bulk, as instances and results: one look-up of what the batch's instances already have,
 * then multi-row inserts and updates by id (a Table 8-sized file, 2,361 lines, in a few statements).
 */
export async function writeJudgeScores(w: WriterState, benchmarkId: number, rows: JudgeScoreData[]): Promise<void> {
  const target = bulkTarget(w.db, w.tx);
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
    w.reference(benchmarkId, row.instanceExternalId);
    const values: Cell[] = [
      row.necessity,
      row.disclosure,
      row.guidance,
      JSON.stringify(row.detail),
      instanceIds.get(row.instanceExternalId) ?? null,
    ];
    const key = keyOf(row as unknown as Record<string, unknown>);
    const repeat = w.repeat(`j${benchmarkId}:${key}`, hashOf(values));
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
      if (repeat === "new") w.tally.unchanged++;
    } else if (current) {
      updates.push({ id: Number(current.id), values });
      if (repeat === "new") w.tally.updated++;
    } else {
      creates.push([benchmarkId, ...JUDGE_KEY_COLUMNS.map((c) => row[c] as Cell), ...values, w.demo, w.importKey]);
      w.tally.added++;
    }
  }
  await insertRows(target, "JudgeScore", JUDGE_COLUMNS, creates);
  await updateRowsById(target, "JudgeScore", JUDGE_VALUE_COLUMNS, updates);
}

export async function writeVerdicts(
  w: WriterState,
  benchmarkId: number,
  rows: DesignVerdictData[],
  source: string,
): Promise<void> {
  for (const row of lastOfEach(
    rows,
    (r) => `${r.model}\u0000${r.selection}\u0000${r.projection}\u0000${r.instanceExternalId}\u0000${r.constraintId}`,
  )) {
    const { model, selection, projection } = row;
    const runId = await w.runId(benchmarkId, { model, selection, projection }, source);
    w.reference(benchmarkId, row.instanceExternalId);
    const where = {
      runId_instanceExternalId_constraintId: {
        runId,
        instanceExternalId: row.instanceExternalId,
        constraintId: row.constraintId,
      },
    };
    const repeat = w.repeat(`v${JSON.stringify(where)}`, row.verdict);
    const current = await w.tx.designVerdict.findUnique({ where });
    if (current?.verdict === row.verdict) {
      if (repeat === "new") w.tally.unchanged++;
    } else if (current) {
      await w.tx.designVerdict.update({ where, data: { verdict: row.verdict } });
      if (repeat === "new") w.tally.updated++;
    } else {
      await w.tx.designVerdict.create({
        data: {
          runId,
          instanceExternalId: row.instanceExternalId,
          constraintId: row.constraintId,
          verdict: row.verdict,
          importKey: w.importKey,
        },
      });
      w.tally.added++;
    }
  }
}

/** Published labels, by instance, source and name: a changed value or note replaces the stored one. */
export async function writeLabels(
  w: WriterState,
  benchmarkId: number,
  rows: LabelData[],
  options: { tally?: boolean } = {},
): Promise<void> {
  // Labels an instance record carries are part of that instance: not counted apart.
  const tally = options.tally === false ? { added: 0, updated: 0, unchanged: 0 } : w.tally;
  for (const row of lastOfEach(rows, (r) => `${r.instanceExternalId}\u0000${r.source}\u0000${r.name}`)) {
    w.reference(benchmarkId, row.instanceExternalId);
    const key = { benchmarkId, instanceExternalId: row.instanceExternalId, source: row.source, name: row.name };
    const where = { benchmarkId_instanceExternalId_source_name: key };
    const repeat = w.repeat(`l${JSON.stringify(key)}`, `${row.value}\u0000${row.notes ?? ""}`);
    const current = await w.tx.instanceLabel.findUnique({ where });
    if (current && current.value === row.value && current.notes === row.notes) {
      if (repeat === "new") tally.unchanged++;
    } else if (current) {
      await w.tx.instanceLabel.update({ where, data: { value: row.value, notes: row.notes } });
      if (repeat === "new") tally.updated++;
    } else {
      await w.tx.instanceLabel.create({
        data: { ...key, value: row.value, notes: row.notes, isDemo: w.demo, importKey: w.importKey },
      });
      tally.added++;
    }
  }
}

/** Curator ratings attach to imported instances; returns the ids of those that match none. */
export async function writeCuratorScores(
  w: WriterState,
  benchmarkId: number,
  rows: CuratorScoreData[],
): Promise<string[]> {
  const instances = await w.tx.instance.findMany({
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
    const repeat = w.repeat(`c${JSON.stringify(where)}`, JSON.stringify(values));
    const current = await w.tx.curatorScore.findUnique({ where });
    if (
      current &&
      current.necessity === values.necessity &&
      current.disclosure === values.disclosure &&
      current.guidance === values.guidance
    ) {
      if (repeat === "new") w.tally.unchanged++;
    } else if (current) {
      await w.tx.curatorScore.update({ where, data: values });
      if (repeat === "new") w.tally.updated++;
    } else {
      await w.tx.curatorScore.create({
        data: {
          instanceId,
          identifier: row.identifier,
          attribute: row.attribute,
          curator: row.curator,
          ...values,
          importKey: w.importKey,
        },
      });
      w.tally.added++;
    }
  }
  return [];
}
