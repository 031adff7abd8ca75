import "server-only";
import { selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database, getDb } from "../db/client";
import { readReviewSummary } from "../stored-json";

/** Every hint set with its published versions (newest first) and the benchmarks a new set can cover. */
export async function listHintSets(given?: Database) {
  const db = given ?? (await getDb());
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
    // Each version's lines counted by the database (a version with none is absent).
    selectRows(
      bulkTarget(db, db),
      `SELECT "versionId", COUNT(*) AS "n" FROM "HintSetLine" GROUP BY "versionId"`,
      [],
    ).then((rows) => new Map(rows.map((row) => [Number(row.versionId), Number(row.n)]))),
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
