import { type Database, engineOf } from "../db/client";
import type { ListScope } from "./list-sql";

/*
 * The values the list's facets offer (benchmarks, languages, subsets, labels), read so their cost grows with
 * the values, not with the instances (issue 47: the benchmark page's facets were 5.3× slower at 50,000
 * instances than at 10,000). Each distinct value is one index look-up: the least value above the last one
 * (a "skip scan" written as a recursive query, which both engines run the same way), on an index whose
 * leading columns the fixed conditions name.
 */

/** A label facet offers the labels of few values (categories, severities), not free-form ones. */
const FEW_VALUES = 8;

interface Fixed {
  /** `t."column" = value` conditions on the index's leading columns */
  equal: ReadonlyArray<[column: string, value: unknown]>;
}

/**
 * The distinct non-null values of `column` among the rows of `table` that match `fixed`, in the engine's
 * order, at most `limit` of them: one index look-up each (the index must lead with the fixed columns, then
 * `column`).
 */
async function distinctValues(
  db: Database,
  table: string,
  column: string,
  fixed: Fixed,
  limit = 10_000,
): Promise<string[]> {
  const { sql } = engineOf(db);
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return sql.placeholder(params.length);
  };
  // Written twice (the first value, then each next one): SQLite binds its "?" by position.
  const where = () => fixed.equal.map(([c, value]) => `t."${c}" = ${bind(value)}`).join(" AND ");
  const first = `SELECT MIN(t."${column}") FROM "${table}" t WHERE ${where()}`;
  const next = `SELECT MIN(t."${column}") FROM "${table}" t WHERE ${where()} AND t."${column}" > v.x`;
  const rows = await db.$queryRawUnsafe<Array<{ x: string }>>(
    `WITH RECURSIVE v(x, n) AS (
       SELECT (${first}), 1
       UNION ALL
       SELECT (${next}), v.n + 1 FROM v WHERE v.x IS NOT NULL AND v.n < ${Math.max(1, Math.floor(limit))}
     )
     SELECT v.x AS x FROM v WHERE v.x IS NOT NULL`,
    ...params,
  );
  return rows.map((r) => r.x);
}

/** The facets of one benchmark: its languages (null as "unknown"), subsets and labels by source/name. */
async function benchmarkFacets(db: Database, benchmarkId: number) {
  const fixed: Fixed = { equal: [["benchmarkId", benchmarkId]] };
  const [languages, [unknown], subsets, sources] = await Promise.all([
    distinctValues(db, "Instance", "language", fixed),
    db.$queryRawUnsafe<Array<{ one: number }>>(
      `SELECT 1 AS one FROM "Instance" i WHERE i."benchmarkId" = ${Number(benchmarkId)} AND i."language" IS NULL LIMIT 1`,
    ),
    distinctValues(db, "SubsetMember", "subset", fixed),
    distinctValues(db, "InstanceLabel", "source", fixed),
  ]);
  const labels: Array<{ key: string; values: string[] }> = [];
  for (const source of sources) {
    const names = await distinctValues(db, "InstanceLabel", "name", {
      equal: [...fixed.equal, ["source", source]],
    });
    for (const name of names) {
      const values = await distinctValues(
        db,
        "InstanceLabel",
        "value",
        { equal: [...fixed.equal, ["source", source], ["name", name]] },
        FEW_VALUES + 1,
      );
      labels.push({ key: `${source}/${name}`, values });
    }
  }
  return { languages: unknown ? [...languages, "unknown"] : languages, subsets, labels };
}

/** The values the list's facets offer over a scope (one benchmark, or every one). */
export async function readFacets(db: Database, scope: ListScope) {
  const benchmarks = await db.$queryRawUnsafe<Array<{ id: number; name: string }>>(
    `SELECT b."id" AS "id", b."name" AS "name" FROM "Benchmark" b WHERE EXISTS (SELECT 1 FROM "Instance" i WHERE i."benchmarkId" = b."id")${scope.benchmarkId === undefined ? "" : ` AND b."id" = ${Number(scope.benchmarkId)}`}`,
  );
  const each = await Promise.all(benchmarks.map((b) => benchmarkFacets(db, Number(b.id))));
  const languages = new Set(each.flatMap((f) => f.languages));
  const subsets = new Set(each.flatMap((f) => f.subsets));
  const valuesOf = new Map<string, Set<string>>();
  for (const { key, values } of each.flatMap((f) => f.labels)) {
    const kept = valuesOf.get(key) ?? new Set<string>();
    for (const value of values) kept.add(value);
    valuesOf.set(key, kept);
  }
  // (a value holding a comma cannot travel in the URL's comma-separated list: left out of the facet)
  const labelOptions = [...valuesOf].flatMap(([key, values]) =>
    values.size <= FEW_VALUES ? [...values].filter((v) => !v.includes(",")).map((v) => `${key}=${v}`) : [],
  );
  const sorted = (values: Iterable<string>) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    benchmark: sorted(benchmarks.map((b) => b.name)),
    language: sorted(languages),
    subset: sorted(subsets),
    label: sorted(labelOptions),
  };
}
