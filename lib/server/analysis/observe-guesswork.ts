import { observeGuesswork } from "../../analysis/observed-guesswork";
import { type Database, writeTurn } from "../db/client";

/**
 * Observes the guesswork of every agent patch not observed yet (new, changed, or its instance analysed
 * again since): how many of the names the tests call the agent named differently, stored on the patch for
 * the list's facet. Runs after each analysis; returns how many patches it observed.
 */
export async function observePendingGuesswork(db: Database): Promise<number> {
  const patches = await db.agentPatch.findMany({
    // Without their text: most are observed already and need nothing.
    select: {
      id: true,
      instanceExternalId: true,
      observedSource: true,
      namedDifferently: true,
      run: { select: { benchmarkId: true } },
    },
  });
  let observed = 0;
  const instances = new Map<string, Awaited<ReturnType<typeof loadInstance>>>();
  const loadInstance = (benchmarkId: number, externalId: string) =>
    db.instance.findUnique({
      where: { benchmarkId_externalId: { benchmarkId, externalId } },
      select: { id: true, analysisStatus: true, hintSource: true },
    });
  for (const p of patches) {
    const key = `${p.run.benchmarkId}\u0000${p.instanceExternalId}`;
    if (!instances.has(key)) instances.set(key, await loadInstance(p.run.benchmarkId, p.instanceExternalId));
    const instance = instances.get(key);
    if (instance?.analysisStatus !== "done") continue;
    if (p.namedDifferently !== null && p.observedSource === instance.hintSource) continue;
    const text = (await db.agentPatch.findUnique({ where: { id: p.id }, select: { patch: true } }))?.patch ?? "";
    const full = await db.instance.findUnique({
      where: { id: instance.id },
      // The names the tests demand: DefUse's, defined by the gold patch.
      select: {
        testPatch: true,
        identifiers: {
          where: { side: "code", selections: { some: { selection: "defuse" } } },
          orderBy: { position: "asc" },
        },
      },
    });
    if (!full) continue;
    const observations = await observeGuesswork(
      full.identifiers.map((i) => ({ name: i.name, member: i.member, owner: i.owner, kind: i.kind, path: i.path })),
      text,
      full.testPatch,
    );
    await writeTurn(db)(() =>
      db.agentPatch.update({
        where: { id: p.id },
        data: {
          namedDifferently: observations.filter((o) => o.namedDifferently).length,
          observedSource: instance.hintSource,
        },
      }),
    );
    observed++;
  }
  return observed;
}
