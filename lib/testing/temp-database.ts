import path from "node:path";
import { type Database, openDatabase } from "../server/db";
import { makeTempDir } from "./fixtures";

/** A real SQLite database file, fresh for the test, migrated like any other. */
export async function openTempDatabase() {
  const tmp = makeTempDir("hintscope-db-");
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
