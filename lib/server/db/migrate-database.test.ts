/**
 * A migration runs as long as its statements take on the database being upgraded: one longer than Prisma's
 * default transaction time (5 s) is applied and recorded, not ended half-way (a real statement that takes six
 * seconds or more: PostgreSQL's pg_sleep, or on SQLite a recursive count). Both engines.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { applyMigrations } from "./migrate-database";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
});
afterAll(() => env.close());

test("a migration that takes longer than five seconds is applied and recorded", async () => {
  const dir = path.join(env.tmp.dir, "slow-migrations");
  mkdirSync(path.join(dir, "20990101000000_slow"), { recursive: true });
  const count = (n: number) =>
    `WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < ${Math.round(n)}) SELECT COUNT(*) FROM c`;
  let slow = "SELECT pg_sleep(6)";
  if (TEST_ENGINE === "sqlite") {
    // SQLite has no sleep: a count whose speed is measured here first (after a warm-up), to take about nine seconds.
    await env.db.$queryRawUnsafe(count(500_000));
    const started = Date.now();
    await env.db.$queryRawUnsafe(count(2_000_000));
    slow = count((2_000_000 * 9_000) / Math.max(1, Date.now() - started));
  }
  writeFileSync(
    path.join(dir, "20990101000000_slow", "migration.sql"),
    `CREATE TABLE "SlowMigration" ("id" INTEGER PRIMARY KEY);\n${slow};\nINSERT INTO "SlowMigration" ("id") VALUES (1);\n`,
  );
  const started = Date.now();
  expect(await applyMigrations(env.db, TEST_ENGINE, dir)).toEqual(["20990101000000_slow"]);
  expect(Date.now() - started).toBeGreaterThan(5_500);
  expect(await env.db.$queryRawUnsafe(`SELECT "id" FROM "SlowMigration"`)).toEqual([{ id: 1 }]);
  // Recorded: applying again does nothing.
  expect(await applyMigrations(env.db, TEST_ENGINE, dir)).toEqual([]);
});
