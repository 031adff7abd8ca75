import { readFileSync } from "node:fs";
import path from "node:path";
import { type Database, dialectOfDb, openDatabase } from "../server/db/client";
import { stopJobQueue } from "../server/db/job-queue";
import { MIGRATIONS_DIRS, statementsOf } from "../server/db/migrate-database";
import { runAdminStatement } from "../server/db/postgres-admin";
import { NAME_INDEX_TABLE, SEARCH_INDEX_TABLE } from "../server/db/search-index";
import { importFiles } from "../server/import/import-files";
import { jsonl, makeTempDir, swebenchRecord } from "./fixtures";

/** The engine the tests run on: SQLite files by default, PostgreSQL under `npm run test:postgres`. */
export const TEST_ENGINE = process.env.HINTSCOPE_TEST_POSTGRES_URL ? "postgres" : "sqlite";

let databases = 0;

/**
 * A real database, fresh for the test and migrated like any other: a SQLite file, or (under
 * `npm run test:postgres`) a new database in the run's throwaway PostgreSQL cluster.
 */
export async function openTempDatabase() {
  const tmp = makeTempDir("hintscope-db-");
  const server = process.env.HINTSCOPE_TEST_POSTGRES_URL;
  if (!server) {
    const url = `file:${path.join(tmp.dir, "test.db")}`;
    const db = await openDatabase(url);
    return {
      db,
      tmp,
      /** the database's URL, for a second client (another server process, say) */
      url,
      async close() {
        await db.$disconnect();
        tmp.cleanup();
      },
    };
  }
  const name = `test_${process.pid}_${++databases}_${Date.now()}`;
  await runAdminStatement(server, `CREATE DATABASE "${name}"`);
  const url = server.replace(/\/[^/]*$/, `/${name}`);
  const db = await openDatabase(url);
  return {
    db,
    tmp,
    url,
    async close() {
      await stopJobQueue(url);
      await db.$disconnect();
      await runAdminStatement(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      tmp.cleanup();
    },
  };
}

/**
 * Every row of every table, for "the database is exactly as it was" comparisons: the tables are listed from
 * the database itself (all of them but the migrations' own bookkeeping), so a table added later is covered.
 */
export async function snapshotDatabase(db: Database): Promise<string> {
  const dialect = dialectOfDb(db);
  const tables = (
    dialect === "sqlite"
      ? await db.$queryRawUnsafe<Array<{ name: string }>>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
      : await db.$queryRawUnsafe<Array<{ name: string }>>(
          "SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
        )
  )
    .map((t) => t.name)
    // The search index is derived from the instances by triggers (instance-search.test.ts checks it follows
    // them); its tables hold binary segments Prisma cannot read back.
    .filter(
      (name) =>
        name !== "_prisma_migrations" && !name.startsWith(SEARCH_INDEX_TABLE) && !name.startsWith(NAME_INDEX_TABLE),
    );
  const snapshot: Record<string, unknown> = {};
  for (const table of tables) {
    // PostgreSQL: each row as JSON text, so columns Prisma cannot read (the search index's tsvector) are kept.
    snapshot[table] = await db.$queryRawUnsafe(
      dialect === "postgres"
        ? `SELECT row_to_json(t)::text AS "row" FROM "${table}" t ORDER BY 1`
        : `SELECT * FROM "${table}" ORDER BY 1`,
    );
  }
  return JSON.stringify(snapshot, (_key, value) => (typeof value === "bigint" ? value.toString() : value));
}

/** The statements of one committed migration of the run's engine, split as the migrator splits them. */
export function migrationStatements(name: string): string[] {
  return statementsOf(
    readFileSync(
      path.join(MIGRATIONS_DIRS[TEST_ENGINE === "postgres" ? "postgres" : "sqlite"], name, "migration.sql"),
      "utf8",
    ),
  );
}

/** A fresh database (openTempDatabase) holding `count` SWE-bench records, acme__widgets-1 to -count, as `benchmark`. */
export async function openWidgetsDatabase(count: number, benchmark: string) {
  const env = await openTempDatabase();
  const records = Array.from({ length: count }, (_, k) => swebenchRecord(k + 1));
  await importFiles(env.db, [env.tmp.write(`${benchmark}.jsonl`, jsonl(records))], { benchmark });
  return env;
}
