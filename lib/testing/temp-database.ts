import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../server/db";
import { makeTempDir } from "./fixtures";

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
    const db = await openDatabase(`file:${path.join(tmp.dir, "test.db")}`);
    return {
      db,
      tmp,
      async close() {
        await db.$disconnect();
        tmp.cleanup();
      },
    };
  }
  const name = `test_${process.pid}_${++databases}_${Date.now()}`;
  await adminQuery(server, `CREATE DATABASE "${name}"`);
  const db = await openDatabase(server.replace(/\/[^/]*$/, `/${name}`));
  return {
    db,
    tmp,
    async close() {
      await db.$disconnect();
      await adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      tmp.cleanup();
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Every row of every table, for "the database is exactly as it was" comparisons. */
export async function snapshotDatabase(db: Database): Promise<string> {
  const tables = await Promise.all([
    db.benchmark.findMany({ orderBy: { id: "asc" } }),
    db.instance.findMany({ orderBy: { id: "asc" } }),
    db.run.findMany({ orderBy: { id: "asc" } }),
    db.runResult.findMany({ orderBy: { id: "asc" } }),
    db.judgeScore.findMany({ orderBy: { id: "asc" } }),
    db.importLog.findMany({ orderBy: { id: "asc" } }),
    db.designVerdict.findMany({ orderBy: { id: "asc" } }),
    db.curatorScore.findMany({ orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify(tables);
}
