import { readIdList } from "../../ingest/id-list";
import { type Database, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";

export interface SubsetSummary {
  benchmark: string;
  subset: string;
  ids: number;
  /** ids the benchmark's imported instances do not have (kept: the instances may be imported later) */
  unmatched: string[];
}

/**
 * Stores an id list as a named subset of a benchmark, replacing a subset of the same name: all or nothing.
 * The ids need not be imported yet; those that are not are said.
 */
export async function importSubset(
  db: Database,
  file: string,
  benchmark: string,
  subset: string,
): Promise<SubsetSummary> {
  const ids = [...new Set(await readIdList(file))];
  const bench = await db.benchmark.findUnique({ where: { name: benchmark } });
  if (!bench) throw new Error(`no benchmark named "${benchmark}": import its instances first`);
  await writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        await tx.subsetMember.deleteMany({ where: { benchmarkId: bench.id, subset } });
        for (let at = 0; at < ids.length; at += 1000)
          await tx.subsetMember.createMany({
            data: ids
              .slice(at, at + 1000)
              .map((instanceExternalId) => ({ benchmarkId: bench.id, subset, instanceExternalId })),
          });
      },
      transactionTimeouts({ rows: 1, msPerRow: 0 }),
    ),
  );
  const known = new Set<string>();
  for (let at = 0; at < ids.length; at += 5000)
    for (const i of await db.instance.findMany({
      where: { benchmarkId: bench.id, externalId: { in: ids.slice(at, at + 5000) } },
      select: { externalId: true },
    }))
      known.add(i.externalId);
  return { benchmark, subset, ids: ids.length, unmatched: ids.filter((id) => !known.has(id)) };
}

/** Every subset, with its benchmark and size. */
export async function listSubsets(db: Database) {
  const groups = await db.subsetMember.groupBy({ by: ["benchmarkId", "subset"], _count: { _all: true } });
  const names = new Map((await db.benchmark.findMany({ select: { id: true, name: true } })).map((b) => [b.id, b.name]));
  return groups
    .map((g) => ({ benchmark: names.get(g.benchmarkId) ?? "?", subset: g.subset, ids: g._count._all }))
    .sort((a, b) => a.benchmark.localeCompare(b.benchmark) || a.subset.localeCompare(b.subset));
}
