/**
 * What a spec checks in the database behind its servers, printed as one JSON object:
 * `tsx e2e/database-facts.ts DATABASE_URL`. Instances per benchmark (their ids, and how many still wait for
 * their analysis), the DefUse × Declaration hints with their version and number of decisions, and every decision
 * (curator and hint): the audit a spec compares with what its curators were told was saved.
 */
import { openDatabase } from "../lib/server/db/client";

const url = process.argv[2];
if (!url) throw new Error("usage: tsx e2e/database-facts.ts DATABASE_URL");
const db = await openDatabase(url);
const benchmarks = await db.benchmark.findMany({ select: { id: true, name: true } });
const instances: Record<string, { count: number; pending: number; first: number[] }> = {};
for (const b of benchmarks)
  instances[b.name] = {
    count: await db.instance.count({ where: { benchmarkId: b.id } }),
    pending: await db.instance.count({ where: { benchmarkId: b.id, analysisStatus: "pending" } }),
    first: (
      await db.instance.findMany({
        where: { benchmarkId: b.id },
        select: { id: true },
        orderBy: { id: "asc" },
        take: 10,
      })
    ).map((i) => i.id),
  };
const hints = (
  await db.hint.findMany({
    where: { selection: "defuse", projection: "declaration" },
    select: { id: true, instanceId: true, version: true, _count: { select: { decisions: true } } },
    orderBy: { id: "asc" },
  })
).map((h) => ({ id: h.id, instanceId: h.instanceId, version: h.version, decisions: h._count.decisions }));
const decisions = await db.decision.findMany({ select: { curator: true, hintId: true }, orderBy: { id: "asc" } });
await db.$disconnect();
console.log(JSON.stringify({ instances, hints, decisions }));
