// The bulk path's reads: placeholders written `$n` take their values by number on both engines, whatever
// order they come in and however often (the SQLite driver binds `?`s in the order they appear).
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTempDatabase } from "../../testing/temp-database";
import { execute, readIntList, readJsonTexts, selectRows } from "./bulk-sql";
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

test("a statement run with placeholders written $n, out of order and repeated, binds the values they name", async () => {
  const target = bulkTarget(env.db, env.db);
  await env.db.benchmark.createMany({ data: [{ name: "exec-a" }, { name: "exec-b" }, { name: "exec-c" }] });
  const changed = await execute(
    target,
    `UPDATE "Benchmark" SET "name" = CASE "name" WHEN $2 THEN $3 WHEN $4 THEN $1 END WHERE "name" IN ($2, $4)`,
    ["b-renamed", "exec-a", "a-renamed", "exec-b"],
  );
  expect(changed).toBe(2);
  const names = (await env.db.benchmark.findMany({ where: { name: { contains: "-" } } })).map((b) => b.name);
  expect(names.sort()).toEqual(["a-renamed", "b-renamed", "exec-c"]);
});

test("columns read as one text each line up row by row, the same on both engines; none where there are no rows", async () => {
  const target = bulkTarget(env.db, env.db);
  const { sql } = engineOf(env.db);
  // Texts JSON must escape, characters beyond the BMP, an Object.prototype name, the empty text.
  const names = ['q"uote', "back\\slash", "é", "constructor", "new\nline", "😀 face", "", "__proto__", "tab\tend"];
  await env.db.benchmark.createMany({ data: names.map((name) => ({ name })) });
  const read = async (where: string, args: string[]) => {
    const [row] = await selectRows(
      target,
      `SELECT ${sql.jsonTexts(`"name"`)} AS "names", ${sql.intList(`"id"`)} AS "ids", ${sql.intList(`"id" - 1000000`)} AS "below"
       FROM "Benchmark"${where}`,
      args,
    );
    const ids = readIntList(row?.ids);
    const below = readIntList(row?.below);
    return readJsonTexts(row?.names).map((name, n) => [ids[n], name, below[n]]);
  };
  const benchmarks = await env.db.benchmark.findMany({ select: { id: true, name: true } });
  expect(benchmarks.length).toBeGreaterThan(names.length);
  const sort = (rows: unknown[][]) => [...rows].sort((a, b) => Number(a[0]) - Number(b[0]));
  expect(sort(await read("", []))).toEqual(sort(benchmarks.map((b) => [b.id, b.name, b.id - 1000000])));
  expect(await read(` WHERE "name" = $1`, ["no such"])).toEqual([]);
  expect(() => readJsonTexts('["a", 1]')).toThrow("expected a JSON array of texts");
});

test("a comma-separated list of integers is read whole or refused, saying where", () => {
  expect([...readIntList("0,7,-3,2147483647,-2147483648")]).toEqual([0, 7, -3, 2147483647, -2147483648]);
  expect([...readIntList("42")]).toEqual([42]);
  expect(readIntList(null)).toHaveLength(0);
  for (const bad of ["", "1,,2", "1,", ",1", "1,a", "1.5", "2147483648", "-2147483649", "1 ,2", "--1", "-"])
    expect(() => readIntList(bad), bad).toThrow("expected comma-separated integers");
});
