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

/** One instance with its benchmark, tests and per-run outcomes. */
export async function getInstance(id: number) {
  const db = await getDb();
  const instance = await db.instance.findUnique({
    where: { id },
    include: { benchmark: { select: { id: true, name: true } } },
  });
  if (!instance) return null;
  const results = await db.runResult.findMany({
    where: { instanceExternalId: instance.externalId, run: { benchmarkId: instance.benchmarkId } },
    select: { resolved: true, status: true, run: { select: { model: true, selection: true, projection: true } } },
    orderBy: [{ run: { model: "asc" } }, { run: { selection: "asc" } }],
  });
  const identifiers = await db.identifier.findMany({ where: { instanceId: id }, orderBy: { position: "asc" } });
  return {
    ...instance,
    failToPass: JSON.parse(instance.failToPass) as string[],
    passToPass: JSON.parse(instance.passToPass) as string[],
    unsupportedFiles: JSON.parse(instance.unsupportedFiles) as string[],
    results: results.map((r) => ({ ...r.run, resolved: r.resolved, status: r.status })),
    identifiers: identifiers.map((i) => ({ ...i, policies: JSON.parse(i.policies) as string[] })),
  };
}
