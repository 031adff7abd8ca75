import { hintStatus } from "../../hint/status";
import { policyKey, type ReviewStatus } from "../../review/list-state";
import type { Database } from "../db";

/**
 * Every decided hint's status now, per instance and selection × projection (stale where the instance's
 * content changed since the decision), and how many of each instance's hints are flagged.
 */
export async function reviewStatuses(
  db: Database,
  benchmarkId?: number,
): Promise<Map<number, { reviews: Record<string, ReviewStatus>; flags: number }>> {
  // Plain SQL for the same reason as the list's instances: tens of thousands of rows.
  const hints = await db.$queryRawUnsafe<
    Array<{
      instanceId: number;
      selection: string;
      projection: string;
      status: string;
      sourceHash: string | null;
      hintSource: string;
    }>
  >(
    `SELECT h."instanceId" AS "instanceId", h."selection" AS "selection", h."projection" AS "projection",
            h."status" AS "status", h."sourceHash" AS "sourceHash", i."hintSource" AS "hintSource"
     FROM "Hint" h JOIN "Instance" i ON i."id" = h."instanceId"
     WHERE h."status" <> 'pending'${benchmarkId === undefined ? "" : ` AND i."benchmarkId" = ${Number(benchmarkId)}`}`,
  );
  const out = new Map<number, { reviews: Record<string, ReviewStatus>; flags: number }>();
  for (const hint of hints) {
    const instanceId = Number(hint.instanceId);
    const entry = out.get(instanceId) ?? { reviews: {}, flags: 0 };
    const status = hintStatus(hint, hint.hintSource);
    entry.reviews[policyKey(hint.selection, hint.projection)] = status;
    if (status === "flagged") entry.flags++;
    out.set(instanceId, entry);
  }
  return out;
}
