import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import Sqlite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
// @ts-expect-error: a plain ES module script, without types
import { postgresSchema } from "../../build/postgres-schema.mjs";
import { openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { SEARCH_OBJECTS } from "./search-index";

/*
 * The committed migrations of each engine must build exactly the schema prisma/schema.prisma describes:
 * the database they make is compared, table by table, column by column and index by index, with one built
 * straight from the schema (`prisma migrate diff --from-empty`). Runs on the engine of the run (SQLite by
 * default, PostgreSQL under `npm run test:postgres`).
 */

const SCHEMA = { sqlite: "prisma/schema.prisma", postgres: "prisma/postgresql/schema.prisma" }[TEST_ENGINE];

test("PostgreSQL's schema is SQLite's, generated (npm run db:postgres-schema after a schema change)", () => {
  expect(readFileSync("prisma/postgresql/schema.prisma", "utf8")).toBe(
    postgresSchema(readFileSync("prisma/schema.prisma", "utf8")),
  );
});

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
});
afterAll(() => env.close());

/** The SQL that builds the schema from nothing, as Prisma writes it. */
const freshScript = () =>
  execFileSync(
    process.execPath,
    [
      "node_modules/prisma/build/index.js",
      "migrate",
      "diff",
      "--from-empty",
      "--to-schema-datamodel",
      SCHEMA,
      "--script",
    ],
    // `migrate diff --from-empty` opens no database, but its config wants a URL: one in the test's own folder,
    // so nothing is ever written into the working tree.
    { encoding: "utf8", env: { ...process.env, DATABASE_URL: `file:${path.join(env.tmp.dir, "unused.db")}` } },
  ).replace(/^Loaded Prisma config.*$/m, "");

async function sqliteCatalog(file: string): Promise<string[]> {
  const db = new Sqlite(file, { readonly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'",
      )
      .all() as Array<{ name: string }>;
    return tables.flatMap(({ name }) => [
      ...(db.prepare(`PRAGMA table_info("${name}")`).all() as Array<Record<string, unknown>>).map(
        (c) => `${name}.${c.name} ${c.type} notnull=${c.notnull} default=${c.dflt_value} pk=${c.pk}`,
      ),
      ...(db.prepare(`PRAGMA foreign_key_list("${name}")`).all() as Array<Record<string, unknown>>).map(
        (f) => `${name} fk ${f.from} -> ${f.table}.${f.to} on delete ${f.on_delete}`,
      ),
      ...(db.prepare(`PRAGMA index_list("${name}")`).all() as Array<{ name: string; unique: number }>)
        .filter((i) => !i.name.startsWith("sqlite_autoindex"))
        .map(
          (i) =>
            `${name} index ${i.name} unique=${i.unique} (${(db.prepare(`PRAGMA index_info("${i.name}")`).all() as Array<{ name: string }>).map((c) => c.name).join(", ")})`,
        ),
    ]);
  } finally {
    db.close();
  }
}

async function postgresCatalog(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    );
    const indexes = await client.query(
      `SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    );
    const constraints = await client.query(
      `SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'`,
    );
    return [
      ...columns.rows.map(
        (c) => `${c.table_name}.${c.column_name} ${c.data_type} nullable=${c.is_nullable} default=${c.column_default}`,
      ),
      ...indexes.rows.map((i) => `${i.tablename} ${i.indexdef}`),
      ...constraints.rows.map((c) => `${c.t} ${c.conname} ${c.def}`),
    ];
  } finally {
    await client.end();
  }
}

/**
 * The search index's objects, which the migrations add beyond what Prisma can describe (an FTS5 table and
 * its shadow tables on SQLite; an expression index on PostgreSQL): compared apart.
 */
const isSearchObject = (line: string) =>
  SEARCH_OBJECTS[TEST_ENGINE].some(
    (name) =>
      line.startsWith(`${name}.`) ||
      line.startsWith(`${name}_`) ||
      line.startsWith(`${name} `) ||
      line.includes(` index ${name} `) ||
      line.includes(`"${name}"`),
  );

/** The names of a SQLite file's tables and triggers. */
function sqliteObjects(file: string): string[] {
  const db = new Sqlite(file, { readonly: true });
  try {
    return (db.prepare("SELECT name FROM sqlite_master").all() as Array<{ name: string }>).map((row) => row.name);
  } finally {
    db.close();
  }
}

test(`the ${TEST_ENGINE} migrations build exactly the schema prisma describes`, async () => {
  const url = env.url;
  const script = freshScript();
  if (TEST_ENGINE === "sqlite") {
    const fresh = path.join(env.tmp.dir, "fresh.db");
    const db = new Sqlite(fresh);
    db.exec(script);
    db.close();
    const migrated = await sqliteCatalog(url.slice("file:".length));
    expect(migrated.filter((line) => !isSearchObject(line)).sort()).toEqual((await sqliteCatalog(fresh)).sort());
    expect(sqliteObjects(url.slice("file:".length))).toEqual(expect.arrayContaining([...SEARCH_OBJECTS.sqlite]));
  } else {
    const other = await openTempDatabase();
    const otherUrl = other.url;
    await other.db.$disconnect();
    const client = new pg.Client({ connectionString: otherUrl });
    await client.connect();
    await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
    await client.query(script);
    await client.end();
    try {
      const migrated = await postgresCatalog(url);
      expect(migrated.filter((line) => !isSearchObject(line)).sort()).toEqual((await postgresCatalog(otherUrl)).sort());
      expect(migrated.filter(isSearchObject)).toHaveLength(SEARCH_OBJECTS.postgres.length);
    } finally {
      await other.close();
    }
  }
});
