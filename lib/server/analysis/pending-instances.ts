import type { ModelWritten } from "../../analysis/render-hint";
import { selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database } from "../db/client";
import { readByKeys } from "../db/rows-of-instances";
import { MODEL_WRITTEN_SELECT } from "../judge/model-descriptions";

/** The instances the analysis reads a batch of at a time. */
export const BATCH = 50;

/** A share of the pending instances: those whose id is `index` modulo `of`. */
export interface AnalysisPart {
  index: number;
  of: number;
}

/** A pending instance as the analysis reads it: what it is analysed from, with its model-written descriptions. */
export type PendingInstance = Awaited<ReturnType<ReturnType<typeof pendingReader>>>[number];

/**
 * A batch with its model-written descriptions: they are part of what the hints are made from, so the
 * analysis's hint source counts them as a description writer's does.
 */
async function withModelWritten<T extends { id: number }>(db: Database, batch: T[]) {
  if (batch.length === 0) return batch.map((i) => ({ ...i, modelWritten: [] as ModelWritten[] }));
  const rows = await readByKeys(
    batch.map((i) => i.id),
    (chunk) =>
      db.modelDescription.findMany({
        where: { instanceId: { in: chunk } },
        select: { instanceId: true, ...MODEL_WRITTEN_SELECT },
      }),
  );
  const byInstance = new Map<number, ModelWritten[]>();
  for (const { instanceId, ...written } of rows)
    byInstance.set(instanceId, [...(byInstance.get(instanceId) ?? []), written]);
  return batch.map((i) => ({ ...i, modelWritten: byInstance.get(i.id) ?? [] }));
}

/**
 * Reads the next batch of pending instances (of a share of them, where given) after an id: straight from
 * the driver, since a batch's patches are megabytes and this thread also writes.
 */
export function pendingReader(db: Database, part: AnalysisPart | undefined) {
  if (part && !(Number.isInteger(part.of) && part.of >= 1 && Number.isInteger(part.index) && part.index >= 0))
    throw new Error(`a share of the analysis must be a whole index modulo a whole count (${JSON.stringify(part)})`);
  const share = part && part.of > 1 ? ` AND "id" % ${part.of} = ${part.index}` : "";
  return async (afterId: number) =>
    withModelWritten(
      db,
      await selectRows(
        bulkTarget(db, db),
        `SELECT "id", "benchmarkId", "externalId", "repo", "baseCommit", "problemStatement", "hintsText", "goldPatch", "testPatch",
                "interfaceText", "requirements"
         FROM "Instance" WHERE "analysisStatus" = 'pending' AND "id" > $1${share} ORDER BY "id" LIMIT ${BATCH}`,
        [afterId],
      ).then((rows) =>
        rows.map((row) => ({
          id: Number(row.id),
          benchmarkId: Number(row.benchmarkId),
          externalId: String(row.externalId),
          repo: String(row.repo),
          baseCommit: String(row.baseCommit),
          problemStatement: String(row.problemStatement),
          hintsText: row.hintsText === null ? null : String(row.hintsText),
          goldPatch: String(row.goldPatch),
          testPatch: String(row.testPatch),
          interfaceText: row.interfaceText === null ? null : String(row.interfaceText),
          requirements: row.requirements === null ? null : String(row.requirements),
        })),
      ),
    );
}

/** How many instances are pending (of a share of them, where given). */
export async function pendingCount(db: Database, part?: AnalysisPart): Promise<number> {
  if (!part || part.of <= 1) return db.instance.count({ where: { analysisStatus: "pending" } });
  const [row] = await selectRows(
    bulkTarget(db, db),
    `SELECT COUNT(*) AS "n" FROM "Instance" WHERE "analysisStatus" = 'pending' AND "id" % $1 = $2`,
    [part.of, part.index],
  );
  return Number(row?.n ?? 0);
}
