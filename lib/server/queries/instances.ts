import "server-only";
import { getDb } from "../db";

/** The instances of a benchmark for its list page, with how many runs resolved each. */
export async function listInstances(benchmarkId: number) {
  const db = await getDb();
  const instances = await db.instance.findMany({
    where: { benchmarkId },
    orderBy: { externalId: "asc" },
    select: { id: true, externalId: true, repo: true, language: true, isDemo: true },
  });
  const results = await db.runResult.findMany({
    where: { run: { benchmarkId } },
    select: { instanceExternalId: true, resolved: true },
  });
  const outcomes = new Map<string, { runs: number; resolved: number }>();
  for (const r of results) {
    const entry = outcomes.get(r.instanceExternalId) ?? { runs: 0, resolved: 0 };
    entry.runs++;
    if (r.resolved) entry.resolved++;
    outcomes.set(r.instanceExternalId, entry);
  }
  return instances.map((i) => ({ ...i, ...(outcomes.get(i.externalId) ?? { runs: 0, resolved: 0 }) }));
}
