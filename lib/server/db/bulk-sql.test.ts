// The bulk path's reads: placeholders written `$n` take their values by number on both engines, whatever
// order they come in and however often (the SQLite driver binds `?`s in the order they appear).
import { afterAll, beforeAll, expect, test } from "vitest";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import {
  type BulkTarget,
  type Cell,
  execute,
  insertRows,
  MAX_TEXT_PER_STATEMENT,
  readIntList,
  readJsonTexts,
  selectRows,
  updateRowsById,
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
    "rows without text": Array.from({ length: 6_001 }, (_, n) => [n, null, null]),
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
    // the bounds make it (the next row would have passed one). SQLite binds each value (at most 4,000 a
    // statement); PostgreSQL binds each statement's rows as one JSON text (at most 5,000 rows).
    const perStatement = target.dialect === "postgres" ? 5_000 : 4_000 / 3;
    const rowsOf = (values: Cell[]): Cell[][] =>
      target.dialect === "postgres"
        ? (JSON.parse(String(values[0])) as Array<Record<string, Cell>>).map((o) => [
            o.n ?? null,
            o.body ?? null,
            o.note ?? null,
          ])
        : Array.from({ length: values.length / 3 }, (_, i) => values.slice(i * 3, i * 3 + 3));
    if (target.dialect === "postgres")
      expect(
        statements.every((values) => values.length === 1),
        shape,
      ).toBe(true);
    else
      expect(
        statements.every((values) => values.length % 3 === 0),
        shape,
      ).toBe(true);
    const statementRows = statements.map(rowsOf);
    expect(statementRows.flat(), shape).toEqual(rows);
    const textOf = (values: Cell[][]) =>
      values.flat().reduce<number>((sum, v) => sum + (typeof v === "string" ? v.length : 0), 0);
    statementRows.forEach((values, index) => {
      if (values.length > 1) {
        expect(values.length, shape).toBeLessThanOrEqual(perStatement);
        expect(textOf(values), shape).toBeLessThanOrEqual(cap);
      }
      const next = statementRows[index + 1]?.slice(0, 1);
      if (next)
        expect(
          values.length + 1 > perStatement || textOf(values) + textOf(next) > cap,
          `${shape}: statement ${index} could take the next row`,
        ).toBe(true);
    });
  }
  expect(shapes["rows that meet the bound exactly"]?.length).toBe(6);
  await execute(bulkTarget(env.db, env.db), `DROP TABLE "ChunkProbe"`, []);
});

test("rows updated by id take each its own values, of every column type, in one statement per batch on PostgreSQL", async () => {
  const tmp = makeTempDir("hintscope-bulk-update-");
  try {
    const records = Array.from({ length: 5 }, (_, k) => swebenchRecord(k + 1));
    await importFiles(env.db, [tmp.write("update.jsonl", jsonl(records))], { benchmark: "bulk update" });
    const instances = await env.db.instance.findMany({
      where: { benchmark: { name: "bulk update" } },
      orderBy: { id: "asc" },
      select: { id: true, analysisStatus: true },
    });
    const [a, b, c, d, untouched] = instances as [(typeof instances)[number], ...typeof instances];
    const when = new Date("2026-12-04T03:04:05.678Z");
    const columns = ["analysisStatus", "analysisError", "approximate", "leakCount", "analyzedAt"];
    const rows = [
      { id: (a as { id: number }).id, values: ["done", null, true, 0, when] },
      { id: (b as { id: number }).id, values: ["error", `q"uote \\ é😀\nline`, false, null, null] },
      { id: (c as { id: number }).id, values: ["done", "", false, 2_147_483_647, new Date(0)] },
      { id: (d as { id: number }).id, values: ["done", "__proto__", true, -1, when] },
      // An id no row has: nothing to update, nothing else changed.
      { id: 99_999_999, values: ["done", null, true, 1, when] },
    ];
    const { target, statements } = recording(bulkTarget(env.db, env.db));
    await updateRowsById(target, "Instance", columns, rows);
    expect(statements).toHaveLength(target.dialect === "postgres" ? 1 : rows.length);
    const read = await env.db.instance.findMany({
      where: { benchmark: { name: "bulk update" } },
      orderBy: { id: "asc" },
      select: { analysisStatus: true, analysisError: true, approximate: true, leakCount: true, analyzedAt: true },
    });
    expect(read).toEqual([
      { analysisStatus: "done", analysisError: null, approximate: true, leakCount: 0, analyzedAt: when },
      {
        analysisStatus: "error",
        analysisError: `q"uote \\ é😀\nline`,
        approximate: false,
        leakCount: null,
        analyzedAt: null,
      },
      {
        analysisStatus: "done",
        analysisError: "",
        approximate: false,
        leakCount: 2_147_483_647,
        analyzedAt: new Date(0),
      },
      { analysisStatus: "done", analysisError: "__proto__", approximate: true, leakCount: -1, analyzedAt: when },
      {
        analysisStatus: (untouched as { analysisStatus: string }).analysisStatus,
        analysisError: null,
        approximate: false,
        leakCount: null,
        analyzedAt: null,
      },
    ]);
    // An id given twice is refused before anything is written, and a number no column stores is named.
    await expect(
      updateRowsById(
        bulkTarget(env.db, env.db),
        "Instance",
        ["leakCount"],
        [
          { id: (a as { id: number }).id, values: [5] },
          { id: (a as { id: number }).id, values: [6] },
        ],
      ),
    ).rejects.toThrow(`the id ${(a as { id: number }).id} of "Instance" is given twice`);
    await expect(
      updateRowsById(
        bulkTarget(env.db, env.db),
        "Instance",
        ["leakCount"],
        [{ id: (a as { id: number }).id, values: [Number.NaN] }],
      ),
    ).rejects.toThrow(`column "leakCount" cannot store NaN`);
    expect((await env.db.instance.findUniqueOrThrow({ where: { id: (a as { id: number }).id } })).leakCount).toBe(0);
  } finally {
    tmp.cleanup();
  }
});

test.skipIf(TEST_ENGINE !== "postgres")(
  "PostgreSQL: no BEFORE ROW UPDATE trigger on Instance, so a row's update does not compute its issue text's words again",
  async () => {
    // With one, PostgreSQL 15 recomputes every stored generated column on every UPDATE ("searchWords",
    // to_tsvector of the issue text): the analysis's 50-row update took 36 ms instead of 7 (issue 47).
    const rows = await selectRows(
      bulkTarget(env.db, env.db),
      `SELECT "tgname"::text AS "tgname" FROM pg_trigger WHERE "tgrelid" = '"Instance"'::regclass AND NOT "tgisinternal"
         AND ("tgtype"::integer & 1) = 1 AND ("tgtype"::integer & 2) = 2 AND ("tgtype"::integer & 16) = 16`,
      [],
    );
    expect(rows.map((r) => r.tgname)).toEqual([]);
  },
);
