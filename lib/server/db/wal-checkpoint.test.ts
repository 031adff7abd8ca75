// The checkpoint an import leaves to a worker thread: the log copied back into the database file.
import { statSync } from "node:fs";
import path from "node:path";
import BetterSqlite from "better-sqlite3";
import { afterAll, expect, test } from "vitest";
import { makeTempDir } from "../../testing/fixtures";
import { startCheckpointer } from "./wal-checkpoint";

const tmp = makeTempDir("hintscope-checkpoint-");
afterAll(() => tmp.cleanup());

/** A database in WAL mode whose commits leave the log alone, and a commit of `rows` 4 KB rows. */
function walDatabase(name: string) {
  const file = path.join(tmp.dir, name);
  const db = new BetterSqlite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("wal_autocheckpoint = 0");
  db.exec("CREATE TABLE t (text TEXT)");
  const insert = db.prepare("INSERT INTO t VALUES (?)");
  const commit = (rows: number) =>
    db.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run("x".repeat(4_000));
    })();
  return { file, db, commit };
}

test("a worker thread copies a large write-ahead log back, which the committing connection left", async () => {
  const { file, db, commit } = walDatabase("wal.db");
  const checkpointer = startCheckpointer(file);
  commit(2_000);
  // Nothing copied back by the commit: every page is still in the log.
  expect(statSync(`${file}-wal`).size).toBeGreaterThan(2_000 * 4_096);
  expect(await checkpointer.run()).toBeGreaterThan(2_000);
  expect(db.prepare("SELECT COUNT(*) AS n FROM t").get()).toEqual({ n: 2_000 });
  await checkpointer.stop();
  db.close();
});

test("one worker checkpoints after each of several commits; a nudge while one runs starts no second", async () => {
  const { file, db, commit } = walDatabase("again.db");
  const checkpointer = startCheckpointer(file);
  const thread = checkpointer.threadId;
  expect(thread).not.toBeNull();
  commit(500);
  checkpointer.nudge();
  checkpointer.nudge();
  // Follows the nudged checkpoint: every frame of the log is copied back (SQLite counts them all).
  expect(await checkpointer.run()).toBeGreaterThan(500);
  // The second nudge came while the first checkpoint ran: it started none. The run() after it made two.
  expect(checkpointer.checkpoints).toBe(2);
  commit(500);
  expect(await checkpointer.run()).toBeGreaterThan(500);
  expect(checkpointer.checkpoints).toBe(3);
  // All of them on the one worker it started with.
  expect(checkpointer.threadId).toBe(thread);
  await checkpointer.stop();
  db.close();
});

test("a checkpointer stopped unused ends its worker", async () => {
  const file = path.join(tmp.dir, "unused.db");
  new BetterSqlite(file).close();
  const checkpointer = startCheckpointer(file);
  await checkpointer.stop();
  expect(await checkpointer.run()).toBeNull();
});
