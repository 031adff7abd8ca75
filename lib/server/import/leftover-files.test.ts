import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { makeTempDir } from "../../testing/fixtures";
import { removeLeftovers } from "./leftover-files";

const tmp = makeTempDir("hintscope-leftovers-");
afterAll(() => tmp.cleanup());

/** A file or folder last changed `agoMs` before now. */
function entry(name: string, agoMs: number, folder = false): string {
  const where = path.join(tmp.dir, name);
  if (folder) mkdirSync(where);
  else writeFileSync(where, "x");
  const when = (Date.now() - agoMs) / 1000;
  utimesSync(where, when, when);
  return where;
}

test("what an earlier process left is removed; what this process made, a live job's folder and a recent stage are kept", async () => {
  const started = process.uptime() * 1000;
  const orphan = entry("orphan.db", started + 2 * 60 * 60 * 1000);
  const orphanFolder = entry("orphan-upload", started + 60_000, true);
  const live = entry("live-job", started + 60_000, true);
  const recent = entry("recent.db", started + 60_000);
  const mine = entry("mine.db", 0);
  await removeLeftovers(tmp.dir, new Set(["live-job"]), 60 * 60 * 1000);
  // Older than an hour: gone. Changed less than an hour ago (another process may be staging it): kept.
  expect([orphan, recent].map(existsSync)).toEqual([false, true]);
  await removeLeftovers(tmp.dir, new Set(["live-job"]));
  expect([orphanFolder, live, recent, mine].map(existsSync)).toEqual([false, true, false, true]);
});
