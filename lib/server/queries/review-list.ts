import "server-only";
import { SELECTIONS, type Selection } from "../../analysis/select-identifiers";
import type { InstanceListRow } from "../../review/list-state";
import { latestReviewStatus } from "../../review/review-status";
import { getDb } from "../db";

const emptyCounts = (): Record<Selection, number> => ({ defuse: 0, doc2feat: 0, fea: 0, pro: 0 });

/** Every instance as a list row: policy counts, review status (its latest decision), flags and outcomes. */
export async function listInstanceRows(): Promise<InstanceListRow[]> {
  const db = await getDb();
  const instances = await db.instance.findMany({
    select: {
      id: true,
      externalId: true,
      repo: true,
      language: true,
      benchmarkId: true,
      benchmark: { select: { name: true } },
    },
    orderBy: { id: "asc" },
  });
  const counts = new Map<number, Record<Selection, number>>();
  for (const identifier of await db.identifier.findMany({ select: { instanceId: true, policies: true } })) {
    const row = counts.get(identifier.instanceId) ?? emptyCounts();
    for (const policy of JSON.parse(identifier.policies) as string[]) {
      if ((SELECTIONS as readonly string[]).includes(policy)) row[policy as Selection]++;
    }
    counts.set(identifier.instanceId, row);
  }
  const review = latestReviewStatus(
    await db.hint.findMany({
      where: { status: { not: "pending" } },
      select: { instanceId: true, status: true, updatedAt: true },
    }),
  );
  const outcomes = new Map<string, { runs: number; resolved: number }>();
  for (const result of await db.runResult.findMany({
    select: { instanceExternalId: true, resolved: true, run: { select: { benchmarkId: true } } },
  })) {
    const key = `${result.run.benchmarkId}\u0000${result.instanceExternalId}`;
    const entry = outcomes.get(key) ?? { runs: 0, resolved: 0 };
    entry.runs++;
    if (result.resolved) entry.resolved++;
    outcomes.set(key, entry);
  }
  return instances.map((i) => {
    const state = review.get(i.id);
    const outcome = outcomes.get(`${i.benchmarkId}\u0000${i.externalId}`) ?? { runs: 0, resolved: 0 };
    return {
      id: i.id,
      externalId: i.externalId,
      benchmark: i.benchmark.name,
      repo: i.repo,
      language: i.language ?? "unknown",
      counts: counts.get(i.id) ?? emptyCounts(),
      review: state?.status ?? "pending",
      flags: state?.flags ?? 0,
      ...outcome,
    };
  });
}
