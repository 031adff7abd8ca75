import { hasPatchText, observeGuesswork } from "../../analysis/observed-guesswork";
import { resultStatus } from "../../stats/result-status";
import { wilsonInterval } from "../../stats/wilson";
import type { Database } from "../db/client";

/**
 * Observed guesswork per benchmark × run: of the instances a run failed (attempted, not resolved) for
 * which it has a non-empty agent patch (empty and null ones counted apart, as `failed_empty_patch`: there is
 * no name in them to have guessed), how many hold a named-differently match (the agent defined, in the place
 * the tests look, a name of its own instead of the one they call), with a 95% Wilson interval: the
 * guesswork a hint would have removed, measured on real runs. `hints report guesswork`.
 */
export async function guessworkRows(db: Database, benchmark?: string) {
  const runs = await db.run.findMany({
    where: { patches: { some: {} }, ...(benchmark ? { benchmark: { name: benchmark } } : {}) },
    select: {
      id: true,
      model: true,
      selection: true,
      projection: true,
      benchmarkId: true,
      benchmark: { select: { name: true } },
    },
    orderBy: [{ benchmarkId: "asc" }, { model: "asc" }],
  });
  const rows = [];
  for (const run of runs) {
    const [patches, results] = await Promise.all([
      db.agentPatch.findMany({ where: { runId: run.id }, select: { instanceExternalId: true, patch: true } }),
      db.runResult.findMany({
        where: { runId: run.id },
        select: { instanceExternalId: true, resolved: true, status: true },
      }),
    ]);
    const failed = new Set(
      results
        .filter((r) => {
          const status = resultStatus(r.resolved, r.status);
          return status === "unresolved" || status === "empty_patch";
        })
        .map((r) => r.instanceExternalId),
    );
    let considered = 0;
    let empty = 0;
    let named = 0;
    const examples: string[] = [];
    for (const patch of patches) {
      if (!failed.has(patch.instanceExternalId)) continue;
      if (!hasPatchText(patch.patch)) {
        empty++;
        continue;
      }
      const instance = await db.instance.findUnique({
        where: { benchmarkId_externalId: { benchmarkId: run.benchmarkId, externalId: patch.instanceExternalId } },
        select: {
          testPatch: true,
          analysisStatus: true,
          identifiers: {
            where: { side: "code", selections: { some: { selection: "defuse" } } },
            orderBy: { position: "asc" },
          },
        },
      });
      if (instance?.analysisStatus !== "done") continue;
      considered++;
      const observed = await observeGuesswork(
        instance.identifiers.map((i) => ({
          name: i.name,
          member: i.member,
          owner: i.owner,
          kind: i.kind,
          path: i.path,
        })),
        patch.patch,
        instance.testPatch,
      );
      const match = observed.find((o) => o.namedDifferently);
      if (match?.namedDifferently) {
        named++;
        if (examples.length < 3)
          examples.push(`${patch.instanceExternalId}: ${match.name} → ${match.namedDifferently.name}`);
      }
    }
    const interval = wilsonInterval(named, considered);
    rows.push({
      benchmark: run.benchmark.name,
      model: run.model,
      selection: run.selection,
      projection: run.projection,
      failed_with_patch: considered,
      failed_empty_patch: empty,
      named_differently: named,
      share: interval.rate,
      low: interval.low,
      high: interval.high,
      examples: examples.join("; "),
    });
  }
  return rows;
}
