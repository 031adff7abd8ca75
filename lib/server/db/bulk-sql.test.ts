// The bulk path's reads: placeholders written `$n` take their values by number on both engines, whatever
// order they come in and however often (the SQLite driver binds `?`s in the order they appear).
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTempDatabase } from "../../testing/temp-database";
import {
  type BulkTarget,
  type Cell,
  execute,
  insertRows,
  MAX_TEXT_PER_STATEMENT,
  readIntList,
  readJsonTexts,
  selectRows,
} from "./bulk-sql";
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

/** The target's statements as they are run: each one's values. */
function recording(target: BulkTarget): { target: BulkTarget; statements: Cell[][] } {
  const statements: Cell[][] = [];
  if (target.driver) {
    const driver = target.driver.then((connection) => ({
      ...connection,
      queryRaw: connection.queryRaw.bind(connection),
      executeRaw: (query: Parameters<typeof connection.executeRaw>[0]) => {
        statements.push(query.args as Cell[]);
        return connection.executeRaw(query);
      },
    }));
    return { target: { dialect: target.dialect, driver }, statements };
  }
  const client = target.client;
  return {
    target: {
      dialect: target.dialect,
      client: {
        $queryRawUnsafe: client.$queryRawUnsafe.bind(client),
        $executeRawUnsafe: (sql: string, ...values: unknown[]) => {
          statements.push(values as Cell[]);
          return client.$executeRawUnsafe(sql, ...values);
        },
      },
    },
    statements,
  };
}

test("a bulk insert splits its rows into statements of at most so many values and, past a statement's first row, so much text", async () => {
  // Prisma's client and the PostgreSQL adapter each keep their last 100 statements' values, logging off:
  // a statement of 200 instances' patches held 10 MB apiece, a gigabyte over an import.
  await execute(
    bulkTarget(env.db, env.db),
    `CREATE TABLE "ChunkProbe" ("n" INTEGER NOT NULL, "body" TEXT, "note" TEXT)`,
    [],
  );
  const text = (length: number, n: number) => `${n}:`.padEnd(length, "x");
  const cap = MAX_TEXT_PER_STATEMENT;
  const shapes: Record<string, Array<[number, string | null, string | null]>> = {
    // Values bound the statement: 4,000 values are 1,333 rows of three.
    "many short rows": Array.from({ length: 3_000 }, (_, n) => [n, `b${n}`, n % 3 === 0 ? null : "é😀"]),
    "rows of a tenth of the bound": Array.from({ length: 25 }, (_, n) => [n, text(cap / 10, n), null]),
    "a row over the bound between small ones": [
      [0, "small", null],
      [1, text(cap + 17, 1), text(5, 1)],
      [2, "after", "after"],
    ],
    "rows that meet the bound exactly": Array.from({ length: 6 }, (_, n) => [n, text(cap / 2 - 3, n), "abc"]),
    "rows without text": Array.from({ length: 2_001 }, (_, n) => [n, null, null]),
  };
  for (const [shape, rows] of Object.entries(shapes)) {
    await execute(bulkTarget(env.db, env.db), `DELETE FROM "ChunkProbe"`, []);
    const { target, statements } = recording(bulkTarget(env.db, env.db));
    await insertRows(target, "ChunkProbe", ["n", "body", "note"], rows);
    const read = await selectRows(
      bulkTarget(env.db, env.db),
      `SELECT "n", "body", "note" FROM "ChunkProbe" ORDER BY "n"`,
      [],
    );
    expect(
      read.map((r) => [Number(r.n), r.body, r.note]),
      shape,
    ).toEqual(rows);
    // Each statement is whole rows, in order; within both bounds unless it is one row; and no shorter than
    // the bounds make it (the next row would have passed one).
    const textOf = (values: Cell[]) =>
      values.reduce<number>((sum, v) => sum + (typeof v === "string" ? v.length : 0), 0);
    expect(statements.flat(), shape).toEqual(rows.flat());
    statements.forEach((values, index) => {
      expect(values.length % 3, shape).toBe(0);
      if (values.length > 3) {
        expect(values.length, shape).toBeLessThanOrEqual(4_000);
        expect(textOf(values), shape).toBeLessThanOrEqual(cap);
      }
      const next = statements[index + 1]?.slice(0, 3);
      if (next)
        expect(
          values.length + 3 > 4_000 || textOf(values) + textOf(next) > cap,
          `${shape}: statement ${index} could take the next row`,
        ).toBe(true);
    });
  }
  expect(shapes["rows that meet the bound exactly"]?.length).toBe(6);
  await execute(bulkTarget(env.db, env.db), `DROP TABLE "ChunkProbe"`, []);
});
