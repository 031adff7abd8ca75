import { resultStatus } from "../../stats/result-status";
import type { Database } from "../db/client";
import { readTestCounts } from "../stored-json";

/**
 * One run's instances with their outcome, for the resolve-rate table's drill-down: the imported instances of
 * its benchmark it has a result for (as the rate counts them), in id order, each with its page id. Fetched
 * when a row is opened, so the page never ships every run's outcomes.
 */
export async function runInstances(db: Database, runId: number) {
  const run = await db.run.findUnique({ where: { id: runId }, select: { benchmarkId: true } });
  if (!run) return null;
  const [results, instances] = await Promise.all([
    db.runResult.findMany({
      where: { runId },
      select: { instanceExternalId: true, resolved: true, status: true, testCounts: true },
    }),
    db.instance.findMany({ where: { benchmarkId: run.benchmarkId }, select: { id: true, externalId: true } }),
  ]);
  const idOf = new Map(instances.map((i) => [i.externalId, i.id]));
  return results
    .filter((r) => idOf.has(r.instanceExternalId))
    .map((r) => ({
      externalId: r.instanceExternalId,
      resolved: r.resolved,
      status: resultStatus(r.resolved, r.status),
      /** per-test outcome counts, where a per-instance report gave them */
      tests: readTestCounts(r.testCounts),
      id: idOf.get(r.instanceExternalId) ?? null,
    }))
    .sort((a, b) => a.externalId.localeCompare(b.externalId));
}
