import { analyzeInstance, PatchError } from "../analysis/analyze-instance";
import { type Cell, insertRows } from "./bulk-sql";
import type { Database } from "./db";

export interface AnalysisRunSummary {
  analysed: number;
  failed: Array<{ instance_id: string; error: string }>;
}

const BATCH = 50;

const IDENTIFIER_COLUMNS = [
  "instanceId",
  "name",
  "member",
  "owner",
  "kind",
  "path",
  "newFile",
  "signature",
  "side",
  "status",
  "policies",
  "locations",
  "position",
] as const;

/**
 * Runs the identifier analysis on every instance marked pending (new or changed by an import, or marked by
 * `markForAnalysis`) and stores its identifiers. A patch that does not parse marks its instance as failed,
 * with the patch and diff line, and the others go on.
 */
export async function analyzePendingInstances(
  db: Database,
  onProgress?: (done: number) => void,
): Promise<AnalysisRunSummary> {
  const summary: AnalysisRunSummary = { analysed: 0, failed: [] };
  let afterId = 0;
  for (;;) {
    const batch = await db.instance.findMany({
      where: { analysisStatus: "pending", id: { gt: afterId } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, externalId: true, goldPatch: true, testPatch: true },
    });
    if (batch.length === 0) return summary;
    afterId = (batch.at(-1) as { id: number }).id;
    const rows: Cell[][] = [];
    const updates: Array<{
      id: number;
      data: { analysisStatus: string; analysisError: string | null; approximate: boolean; unsupportedFiles: string };
    }> = [];
    for (const instance of batch) {
      try {
        const analysis = await analyzeInstance({
          instanceId: instance.externalId,
          goldPatch: instance.goldPatch,
          testPatch: instance.testPatch,
        });
        analysis.identifiers.forEach((i, position) => {
          rows.push([
            instance.id,
            i.name,
            i.member,
            i.owner,
            i.kind,
            i.path,
            i.newFile,
            i.signature,
            i.side,
            i.status,
            JSON.stringify(i.policies),
            JSON.stringify({ definedAt: i.definedAt, usedAt: i.usedAt }),
            position,
          ]);
        });
        updates.push({
          id: instance.id,
          data: {
            analysisStatus: "done",
            analysisError: null,
            approximate: analysis.approximate,
            unsupportedFiles: JSON.stringify(analysis.unsupportedFiles),
          },
        });
        summary.analysed++;
      } catch (error) {
        if (!(error instanceof PatchError)) throw error;
        updates.push({
          id: instance.id,
          data: { analysisStatus: "error", analysisError: error.message, approximate: false, unsupportedFiles: "[]" },
        });
        summary.failed.push({ instance_id: instance.externalId, error: error.message });
      }
    }
    const now = new Date();
    await db.$transaction(async (tx) => {
      await tx.identifier.deleteMany({ where: { instanceId: { in: batch.map((i) => i.id) } } });
      await insertRows(db, "Identifier", IDENTIFIER_COLUMNS, rows);
      for (const { id, data } of updates)
        await tx.instance.update({ where: { id }, data: { ...data, analyzedAt: now } });
    });
    onProgress?.(summary.analysed + summary.failed.length);
  }
}

/** Marks instances (all, or one benchmark's) for analysis again, as after a change to the engine. */
export async function markForAnalysis(db: Database, benchmark?: string): Promise<number> {
  const result = await db.instance.updateMany({
    where: benchmark ? { benchmark: { name: benchmark } } : {},
    data: { analysisStatus: "pending" },
  });
  return result.count;
}
