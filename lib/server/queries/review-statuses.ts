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
  const hints = await db.hint.findMany({
    where: { status: { not: "pending" }, ...(benchmarkId === undefined ? {} : { instance: { benchmarkId } }) },
    select: {
      instanceId: true,
      selection: true,
      projection: true,
      status: true,
      sourceHash: true,
      instance: { select: { hintSource: true } },
    },
  });
  const out = new Map<number, { reviews: Record<string, ReviewStatus>; flags: number }>();
  for (const hint of hints) {
    const entry = out.get(hint.instanceId) ?? { reviews: {}, flags: 0 };
    const status = hintStatus(hint, hint.instance.hintSource);
    entry.reviews[policyKey(hint.selection, hint.projection)] = status;
    if (status === "flagged") entry.flags++;
    out.set(hint.instanceId, entry);
  }
  return out;
}
