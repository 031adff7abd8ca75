import { afterAll, beforeAll, expect, test } from "vitest";
import { openTempDatabase } from "../../testing/temp-database";
import { type Database, openDatabase } from "../db/client";
import { clearSignInFailures, recordSignInFailure, signInWait } from "./sign-in-limit";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
let other: Database;
beforeAll(async () => {
  env = await openTempDatabase();
  // A second client on the same database: what a second server process would hold.
  other = await openDatabase(env.url);
});
afterAll(async () => {
  await other.$disconnect();
  await env.close();
});

test("five failures spread over two servers lock the name on both", async () => {
  const t0 = Date.now();
  for (let i = 0; i < 5; i++) {
    const server = i % 2 === 0 ? env.db : other;
    expect(await signInWait(server, "Ana", null, t0 + i)).toBe(0);
    await recordSignInFailure(server, "ana", null, t0 + i);
  }
  // Locked on either, for the name however it is cased, until the first failure is fifteen minutes old.
  expect(await signInWait(env.db, "ana", null, t0 + 10)).toBe(15 * 60_000 - 10);
  expect(await signInWait(other, "ANA", null, t0 + 10)).toBe(15 * 60_000 - 10);
  expect(await signInWait(other, "bo", null, t0 + 10)).toBe(0);
  expect(await signInWait(env.db, "ana", null, t0 + 15 * 60_000 + 1)).toBe(0);
  await clearSignInFailures(other, "ana");
  expect(await signInWait(env.db, "ana", null, t0 + 10)).toBe(0);
});

test("behind a trusted proxy, thirty failures from one address lock it whatever names are tried", async () => {
  const t0 = Date.now();
  for (let i = 0; i < 30; i++) await recordSignInFailure(i % 2 ? env.db : other, `guess-${i}`, "203.0.113.9", t0);
  expect(await signInWait(env.db, "someone-new", "203.0.113.9", t0 + 1)).toBeGreaterThan(0);
  expect(await signInWait(env.db, "someone-new", "198.51.100.7", t0 + 1)).toBe(0);
});
