import "server-only";
import { getDb } from "../db/client";
import { readReviewSummary } from "../stored-json";

/** Every hint set with its published versions (newest first) and the benchmarks a new set can cover. */
export async function listHintSets() {
  const db = await getDb();
  const [sets, benchmarks] = await Promise.all([
    db.hintSet.findMany({
      orderBy: { name: "asc" },
      include: {
        versions: {
          orderBy: { version: "desc" },
          select: { version: true, publishedAt: true, publishedBy: true, lines: true, review: true },
        },
      },
    }),
    db.benchmark.findMany({ orderBy: { name: "asc" }, select: { name: true } }),
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
        hints: v.lines === "" ? 0 : v.lines.split("\n").filter(Boolean).length,
        review: readReviewSummary(v.review),
      })),
    })),
  };
}
