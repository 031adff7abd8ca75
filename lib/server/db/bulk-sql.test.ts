// The bulk path's reads: placeholders written `$n` take their values by number on both engines, whatever
// order they come in and however often (the SQLite driver binds `?`s in the order they appear).
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTempDatabase } from "../../testing/temp-database";
import { readJsonRows, selectRows } from "./bulk-sql";
import { bulkTarget, engineOf } from "./client";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
});
afterAll(() => env.close());

test("placeholders out of order and repeated take the values their numbers name", async () => {
  const target = bulkTarget(env.db, env.db);
  const [row] = await selectRows(target, `SELECT $2 AS "b", $1 AS "a", $2 AS "again", $3 AS "c"`, [
    "first",
    "second",
    "third",
  ]);
  expect(row).toEqual({ b: "second", a: "first", again: "second", c: "third" });
  await env.db.benchmark.createMany({ data: [{ name: "one" }, { name: "two" }, { name: "three" }] });
  const rows = await selectRows(
    target,
    `SELECT "name" FROM "Benchmark" WHERE "name" IN ($3, $1) AND "name" <> $2 ORDER BY "name"`,
    ["one", "two", "three"],
  );
  expect(rows.map((r) => r.name)).toEqual(["one", "three"]);
  await expect(selectRows(target, `SELECT $2 AS "x"`, ["only"])).rejects.toThrow(
    "placeholder $2 has no value (1 given)",
  );
});

test("rows read as one JSON text are the rows, the same on both engines; none where there are no rows", async () => {
  const target = bulkTarget(env.db, env.db);
  const { sql } = engineOf(env.db);
  await env.db.benchmark.createMany({ data: ['q"uote', "back\\slash", "é", "constructor"].map((name) => ({ name })) });
  const read = async (where: string, args: string[]) => {
    const [row] = await selectRows(
      target,
      `SELECT ${sql.jsonRows([`"id"`, `"name"`])} AS "rows" FROM "Benchmark"${where}`,
      args,
    );
    return readJsonRows(row?.rows);
  };
  const benchmarks = await env.db.benchmark.findMany({ select: { id: true, name: true } });
  expect(benchmarks.length).toBeGreaterThan(4);
  const sort = (rows: unknown[][]) => [...rows].sort((a, b) => Number(a[0]) - Number(b[0]));
  expect(sort(await read("", []))).toEqual(sort(benchmarks.map((b) => [b.id, b.name])));
  expect(await read(` WHERE "name" = $1`, ["no such"])).toEqual([]);
  expect(() => readJsonRows('[{"a": 1}]')).toThrow("expected a JSON array of rows");
});
