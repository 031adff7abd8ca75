/** A file's run results and agent patches, per run and instance, in bulk (FileWriter, import-writer.ts). */
import type { PredictionData, ResultData } from "../../ingest/import-items";
import { type Cell, cellBoolean, insertRows, selectByKeys, updateRowsById } from "../db/bulk-sql";
import { bulkTarget } from "../db/client";
import { RESULT_COLUMNS } from "./import-columns";
import { hashOf, outcomeWord, type WriterState } from "./import-writer-state";

export async function writeResults(
  w: WriterState,
  benchmarkId: number,
  rows: ResultData[],
  source: string,
): Promise<void> {
  for (const [runId, runRows] of await w.rowsByRun(benchmarkId, rows, source)) {
    const existing = await selectByKeys(
      bulkTarget(w.db, w.tx),
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
    const written = w.resultsWritten.get(benchmarkId) ?? new Set<string>();
    w.resultsWritten.set(benchmarkId, written);
    for (const row of runRows) {
      const values = {
        resolved: row.resolved,
        status: row.status,
        patchApplied: row.patchApplied,
        testCounts: row.tests ? JSON.stringify(row.tests) : null,
      };
      const repeat = w.repeat(`r${runId}:${row.instanceExternalId}`, hashOf(values));
      const current = byId.get(row.instanceExternalId);
      const same =
        current &&
        current.resolved === values.resolved &&
        current.status === values.status &&
        current.patchApplied === values.patchApplied &&
        current.testCounts === values.testCounts;
      if (same) {
        if (repeat === "new") w.tally.unchanged++;
      } else if (current) {
        // Another import's result: replaced only where the user said so (`--replace`), and said either way.
        if (current.importKey !== w.importKey && repeat === "new") {
          const { model, selection, projection } = row;
          w.replacements.push({
            kind: "result",
            run: { model, selection, projection },
            instanceExternalId: row.instanceExternalId,
            otherKey: current.importKey,
            stored: outcomeWord(current),
            given: outcomeWord(values),
          });
          if (!w.replace) continue;
        }
        updates.push({
          id: current.id,
          values: [values.resolved, values.status, values.patchApplied, values.testCounts],
        });
        written.add(row.instanceExternalId);
        if (repeat === "new") w.tally.updated++;
      } else if (repeat !== "new") {
        // A changed repeat of a result this file added in an earlier batch (its row is written by now).
        await w.tx.runResult.update({
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
          w.importKey,
        ]);
        written.add(row.instanceExternalId);
        w.tally.added++;
      }
    }
    await insertRows(bulkTarget(w.db, w.tx), "RunResult", RESULT_COLUMNS, creates);
    await updateRowsById(
      bulkTarget(w.db, w.tx),
      "RunResult",
      ["resolved", "status", "patchApplied", "testCounts"],
      updates,
    );
    // Its stored outcomes are made again from the rows when next read (run-outcomes.ts).
    if (changed || creates.length > 0 || updates.length > 0)
      await w.tx.run.update({ where: { id: runId }, data: { outcomes: null } });
  }
}

/** Agent patches, per run and instance, in bulk: added, rewritten where the patch changed, else unchanged. */
export async function writePredictions(
  w: WriterState,
  benchmarkId: number,
  rows: PredictionData[],
  source: string,
): Promise<void> {
  const target = bulkTarget(w.db, w.tx);
  for (const [runId, runRows] of await w.rowsByRun(benchmarkId, rows, source)) {
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
      const repeat = w.repeat(`p${runId}:${row.instanceExternalId}`, hashOf(row.patch));
      const current = byId.get(row.instanceExternalId);
      if (current && String(current.patch) === row.patch) {
        if (repeat === "new") w.tally.unchanged++;
      } else if (current) {
        const otherKey =
          current.importKey === null || current.importKey === undefined ? null : String(current.importKey);
        if (otherKey !== w.importKey && repeat === "new") {
          const { model, selection, projection } = row;
          w.replacements.push({
            kind: "prediction",
            run: { model, selection, projection },
            instanceExternalId: row.instanceExternalId,
            otherKey,
            stored: `a patch of ${String(current.patch).length} characters`,
            given: `a patch of ${row.patch.length} characters`,
          });
          if (!w.replace) continue;
        }
        updates.push({ id: Number(current.id), values: [row.patch, null] });
        if (repeat === "new") w.tally.updated++;
      } else if (repeat === "new") {
        creates.push([runId, row.instanceExternalId, row.patch, w.importKey]);
        w.tally.added++;
      }
    }
    await insertRows(target, "AgentPatch", ["runId", "instanceExternalId", "patch", "importKey"], creates);
    // A changed patch is observed again (its guesswork, after the analysis).
    await updateRowsById(target, "AgentPatch", ["patch", "namedDifferently"], updates);
  }
}
