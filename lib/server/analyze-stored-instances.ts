import { analyzeInstance, PatchError } from "../analysis/analyze-instance";
import { instanceEvidence } from "../evidence/instance-evidence";
import { hintSourceHash } from "../hint/fingerprint";
import { type Cell, insertRows } from "./bulk-sql";
import { type Database, withOwnConnection } from "./db";
import { serialisedWrite } from "./write-lock";

export interface AnalysisRunSummary {
  analysed: number;
  failed: Array<{ instance_id: string; error: string }>;
}

const BATCH = 50;

/**
 * Lets timers and requests run between instances. Parsing is synchronous CPU work, and awaiting only
 * already-settled promises never gives the event loop a turn: a server analysing an upload would answer
 * nothing else (a curator's save waited seconds) until the whole analysis ended.
 */
let lastYield = 0;
const yieldNow = async () => {
  if (performance.now() - lastYield < 10) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastYield = performance.now();
};

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
  // On a connection of its own: its batches' transactions are never read half-written by other requests.
  return withOwnConnection(db, (own) => analyzeOnConnection(own, onProgress));
}

async function analyzeOnConnection(db: Database, onProgress?: (done: number) => void): Promise<AnalysisRunSummary> {
  const summary: AnalysisRunSummary = { analysed: 0, failed: [] };
  let afterId = 0;
  for (;;) {
    const batch = await db.instance.findMany({
      where: { analysisStatus: "pending", id: { gt: afterId } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: {
        id: true,
        externalId: true,
        baseCommit: true,
        problemStatement: true,
        hintsText: true,
        goldPatch: true,
        testPatch: true,
        interfaceText: true,
        requirements: true,
      },
    });
    if (batch.length === 0) return summary;
    afterId = (batch.at(-1) as { id: number }).id;
    const rows: Cell[][] = [];
    const updates: Array<{
      id: number;
      data: {
        analysisStatus: string;
        analysisError: string | null;
        approximate: boolean;
        unsupportedFiles: string;
        hintSource: string;
        evidence: string | null;
      };
    }> = [];
    for (const instance of batch) {
      await yieldNow();
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
            hintSource: hintSourceHash(instance),
            evidence: JSON.stringify(instanceEvidence(instance, analysis.identifiers)),
          },
        });
        summary.analysed++;
      } catch (error) {
        if (!(error instanceof PatchError)) throw error;
        updates.push({
          id: instance.id,
          data: {
            analysisStatus: "error",
            analysisError: error.message,
            approximate: false,
            unsupportedFiles: "[]",
            hintSource: hintSourceHash(instance),
            evidence: null,
          },
        });
        summary.failed.push({ instance_id: instance.externalId, error: error.message });
      }
    }
    const now = new Date();
    await serialisedWrite(() =>
      db.$transaction(async (tx) => {
        await tx.identifier.deleteMany({ where: { instanceId: { in: batch.map((i) => i.id) } } });
        await insertRows(db, "Identifier", IDENTIFIER_COLUMNS, rows);
        for (const { id, data } of updates)
          await tx.instance.update({ where: { id }, data: { ...data, analyzedAt: now } });
      }),
    );
    onProgress?.(summary.analysed + summary.failed.length);
  }
}

/** Marks instances (all, or one benchmark's) for analysis again, as after a change to the engine. */
export async function markForAnalysis(db: Database, benchmark?: string): Promise<number> {
  const result = await serialisedWrite(() =>
    db.instance.updateMany({
      where: benchmark ? { benchmark: { name: benchmark } } : {},
      data: { analysisStatus: "pending" },
    }),
  );
  return result.count;
}
