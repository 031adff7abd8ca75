import { AppError } from "../app-error";
import { type BulkTarget, execute } from "../db/bulk-sql";
import { type Database, engineOf, type Tx, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";
import { recountResolvedOfSql, recountResolvedSql } from "../list/list-sql";
import type { FileWriter } from "./import-writer";

/** The list's stored Resolved counts of these benchmarks, recounted inside the transaction that changed them. */
export async function recountResolved(db: Database, tx: Tx, benchmarkIds: Iterable<number>) {
  const sql = recountResolvedSql(engineOf(db).sql);
  for (const id of new Set(benchmarkIds)) await tx.$executeRawUnsafe(sql, id);
}

/** Instances named per statement: well under either engine's limit of bound values. */
const RECOUNT_CHUNK = 500;

/**
 * After a file's rows are written, inside its transaction: the stored Resolved counts of the instances it wrote
 * results for and of those it added, each benchmark's apart; returns the instance rows written.
 */
export async function recountResolvedOfFile(
  target: BulkTarget,
  writer: Pick<FileWriter, "benchmarks" | "benchmarkId" | "resultsWritten" | "importKey">,
): Promise<number> {
  let written = 0;
  for (const name of writer.benchmarks) {
    const benchmarkId = await writer.benchmarkId(name);
    written += await execute(target, recountResolvedOfSql("added"), [benchmarkId, writer.importKey]);
    const ids = [...(writer.resultsWritten.get(benchmarkId) ?? [])];
    for (let from = 0; from < ids.length; from += RECOUNT_CHUNK) {
      const chunk = ids.slice(from, from + RECOUNT_CHUNK);
      written += await execute(target, recountResolvedOfSql(chunk.length), [benchmarkId, ...chunk]);
    }
  }
  return written;
}

/** A run as the admin's list shows it: what it is and what it holds. */
export async function listRuns(db: Database, benchmark?: string) {
  const runs = await db.run.findMany({
    where: benchmark ? { benchmark: { name: benchmark } } : {},
    select: {
      id: true,
      model: true,
      selection: true,
      projection: true,
      source: true,
      benchmark: { select: { name: true } },
      _count: { select: { results: true, patches: true, verdicts: true } },
    },
    orderBy: [{ benchmarkId: "asc" }, { model: "asc" }, { selection: "asc" }, { projection: "asc" }],
  });
  return runs.map((r) => ({
    id: r.id,
    benchmark: r.benchmark.name,
    model: r.model,
    selection: r.selection,
    projection: r.projection,
    source: r.source,
    results: r._count.results,
    patches: r._count.patches,
    verdicts: r._count.verdicts,
  }));
}

const runLabel = (r: { benchmark: { name: string }; model: string; selection: string; projection: string }) =>
  `${r.benchmark.name} · ${r.model} · ${r.selection} × ${r.projection}`;

/**
 * Deletes a run and everything imported as it (results, agent patches, design verdicts), audited: a run
 * imported by mistake leaves every research table. Returns what was removed.
 */
export async function deleteRun(db: Database, runId: number, actor: string) {
  return writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        const run = await tx.run.findUnique({
          where: { id: runId },
          select: {
            model: true,
            selection: true,
            projection: true,
            benchmarkId: true,
            benchmark: { select: { name: true } },
            _count: { select: { results: true, patches: true, verdicts: true } },
          },
        });
        if (!run) throw new AppError("not_found", `no run with id ${runId}`);
        await tx.run.delete({ where: { id: runId } });
        await recountResolved(db, tx, [run.benchmarkId]);
        const removed = { results: run._count.results, patches: run._count.patches, verdicts: run._count.verdicts };
        await tx.adminEvent.create({
          data: { actor, action: "run.delete", subject: runLabel(run), detail: JSON.stringify({ runId, ...removed }) },
        });
        return { run: runLabel(run), ...removed };
      },
      transactionTimeouts({ rows: 1, msPerRow: 0 }),
    ),
  );
}

/**
 * Moves a run to another benchmark (one imported under the wrong name), audited. Refused where the other
 * benchmark already has a run of that model and policy (merging two runs would lose one's rows).
 */
export async function moveRun(db: Database, runId: number, benchmarkName: string, actor: string) {
  return writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        const run = await tx.run.findUnique({
          where: { id: runId },
          select: {
            model: true,
            selection: true,
            projection: true,
            benchmarkId: true,
            benchmark: { select: { name: true } },
          },
        });
        if (!run) throw new AppError("not_found", `no run with id ${runId}`);
        const target = await tx.benchmark.findUnique({ where: { name: benchmarkName }, select: { id: true } });
        if (!target) throw new AppError("bad_request", `no benchmark named "${benchmarkName}"`);
        const clash = await tx.run.findUnique({
          where: {
            benchmarkId_model_selection_projection: {
              benchmarkId: target.id,
              model: run.model,
              selection: run.selection,
              projection: run.projection,
            },
          },
          select: { id: true },
        });
        if (clash)
          throw new AppError(
            "conflict",
            `${benchmarkName} already has a run of ${run.model} (${run.selection} × ${run.projection}): delete one first`,
          );
        await tx.run.update({ where: { id: runId }, data: { benchmarkId: target.id } });
        await recountResolved(db, tx, [run.benchmarkId, target.id]);
        await tx.adminEvent.create({
          data: {
            actor,
            action: "run.move",
            subject: runLabel(run),
            detail: JSON.stringify({ runId, from: run.benchmark.name, to: benchmarkName }),
          },
        });
        return { run: runLabel(run), from: run.benchmark.name, to: benchmarkName };
      },
      transactionTimeouts({ rows: 1, msPerRow: 0 }),
    ),
  );
}
