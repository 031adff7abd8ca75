import type { ReviewStatus } from "./list-state";

/** An instance's review status is its latest decision on any hint; flags count its flagged hints. */
export function latestReviewStatus(
  hints: Iterable<{ instanceId: number; status: string; updatedAt: Date }>,
): Map<number, { status: ReviewStatus; flags: number }> {
  const latest = new Map<number, { status: ReviewStatus; at: number; flags: number }>();
  for (const hint of hints) {
    if (hint.status === "pending") continue;
    const current = latest.get(hint.instanceId) ?? { status: "pending" as ReviewStatus, at: 0, flags: 0 };
    if (hint.updatedAt.getTime() >= current.at) {
      current.status = hint.status as ReviewStatus;
      current.at = hint.updatedAt.getTime();
    }
    if (hint.status === "flagged") current.flags++;
    latest.set(hint.instanceId, current);
  }
  return latest;
}
