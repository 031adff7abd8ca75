import "server-only";
import { bulkTarget, getDb } from "../db/client";
import { lineCounts } from "../hints/hint-set-lines";
import { readReviewSummary } from "../stored-json";

/** Every hint set with its published versions (newest first) and the benchmarks a new set can cover. */
export async function listHintSets() {
  const db = await getDb();
  const [sets, benchmarks, counts] = await Promise.all([
    db.hintSet.findMany({
      orderBy: { name: "asc" },
      include: {
        versions: {
          orderBy: { version: "desc" },
          select: { id: true, version: true, publishedAt: true, publishedBy: true, review: true },
        },
      },
    }),
    db.benchmark.findMany({ orderBy: { name: "asc" }, select: { name: true } }),
    lineCounts(bulkTarget(db, db)),
  ]);
  return {
    benchmarks: benchmarks.map((b) => b.name),
    sets: sets.map((s) => ({
      name: s.name,
      benchmark: s.benchmark,
      selection: s.selection,
      projection: s.projection,
      filter: s.filter,
      versions: s.versions.map((v) => ({
        version: v.version,
        publishedAt: v.publishedAt.toISOString(),
        publishedBy: v.publishedBy,
        hints: counts.get(v.id) ?? 0,
        review: readReviewSummary(v.review),
      })),
    })),
  };
}
