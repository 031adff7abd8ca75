import "server-only";
import type { Database } from "../db/client";

/** One benchmark in a curator's queue: what is left to decide under the list's policy. */
export interface QueueBenchmark {
  id: number;
  name: string;
  instances: number;
  /** decided on the instance as it is now (accepted, trimmed or flagged) */
  decided: number;
  /** decided on content that has changed since: to re-confirm */
  changed: number;
}

/** One open review round the curator is dealt hints in. */
export interface QueueRound {
  id: number;
  name: string;
  dealt: number;
  decided: number;
}

/**
 * A curator's home: per benchmark, the hints under `selection` × `projection` still to decide and those changed
 * since decided; and the open review rounds that deal them hints, with how many they have decided. Counts the
 * database keeps per row; nothing is read per instance.
 */
export async function myQueue(
  db: Database,
  curator: string,
  selection: string,
  projection: string,
): Promise<{ benchmarks: QueueBenchmark[]; rounds: QueueRound[] }> {
  const benchmarks = await db.benchmark.findMany({
    orderBy: { name: "asc" },
    select: { id: true, name: true, _count: { select: { instances: true } } },
  });
  const counts = await db.$queryRaw<Array<{ benchmarkId: number; decided: bigint | number; changed: bigint | number }>>`
    SELECT i."benchmarkId" AS "benchmarkId",
      SUM(CASE WHEN h."sourceHash" = i."hintSource" THEN 1 ELSE 0 END) AS "decided",
      SUM(CASE WHEN h."sourceHash" = i."hintSource" THEN 0 ELSE 1 END) AS "changed"
    FROM "Hint" h JOIN "Instance" i ON i."id" = h."instanceId"
    WHERE h."selection" = ${selection} AND h."projection" = ${projection} AND h."status" <> 'pending'
    GROUP BY i."benchmarkId"`;
  const byBenchmark = new Map(counts.map((c) => [Number(c.benchmarkId), c]));
  const assignments = await db.roundAssignment.groupBy({
    by: ["roundId"],
    where: { curator, round: { status: "open" } },
    _count: { _all: true, decidedAt: true },
  });
  const rounds = await db.reviewRound.findMany({
    where: { id: { in: assignments.map((a) => a.roundId) } },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
  const dealt = new Map(assignments.map((a) => [a.roundId, a._count]));
  return {
    benchmarks: benchmarks.map((b) => {
      const c = byBenchmark.get(b.id);
      return {
        id: b.id,
        name: b.name,
        instances: b._count.instances,
        decided: Number(c?.decided ?? 0),
        changed: Number(c?.changed ?? 0),
      };
    }),
    rounds: rounds.map((r) => ({
      id: r.id,
      name: r.name,
      dealt: dealt.get(r.id)?._all ?? 0,
      decided: dealt.get(r.id)?.decidedAt ?? 0,
    })),
  };
}
