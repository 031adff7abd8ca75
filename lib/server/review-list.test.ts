import { afterAll, beforeAll, expect, test } from "vitest";
import { jsonl, swebenchProRecord, swebenchRecord } from "../testing/fixtures";
import { openTempDatabase } from "../testing/temp-database";
import { analyzePendingInstances } from "./analyze-stored-instances";
import type { Database } from "./db";
import { importFiles } from "./import-files";
import { listInstanceRows } from "./queries/review-list";
import { recordDecision } from "./record-decision";

// The list's rows come from SQL written for each engine (JSON functions differ): checked on the engine of the run.
let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
  (globalThis as unknown as { hintscopeDb?: Promise<Database> }).hintscopeDb = Promise.resolve(env.db);
  await importFiles(env.db, [
    env.tmp.write("swebench-lite-list.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)])),
    // A Pro id embedding a commit other than its base commit: one leak channel.
    env.tmp.write(
      "swebench-pro-list.jsonl",
      jsonl([swebenchProRecord(3, { instance_id: `instance_acme__gadgets-${"e".repeat(40)}` })]),
    ),
  ]);
  await analyzePendingInstances(env.db);
});
afterAll(async () => {
  (globalThis as unknown as { hintscopeDb?: Promise<Database> }).hintscopeDb = undefined;
  await env.close();
});

test("list rows: identifiers per selection, review status per policy, flags, leaks and outcomes", async () => {
  const first = await env.db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-1" } });
  await recordDecision(
    env.db,
    {
      instanceId: first.id,
      selection: "defuse",
      projection: "declaration",
      action: "flag",
      reason: "spoiler",
      expectedVersion: 0,
    },
    "ada",
  );
  const rows = await listInstanceRows();
  expect(rows.map((r) => r.externalId)).toEqual([
    "acme__widgets-1",
    "acme__widgets-2",
    `instance_acme__gadgets-${"e".repeat(40)}`,
  ]);
  const [one, two, pro] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
  // widget_1 is defined by the gold patch and called by the test: DefUse picks it.
  expect(one.counts.defuse).toBe(1);
  expect(one).toMatchObject({
    benchmark: "SWE-bench Lite",
    reviews: { "defuse.declaration": "flagged" },
    flags: 1,
    leaks: 0,
  });
  expect(two).toMatchObject({ reviews: {}, flags: 0, leaks: 0, runs: 0 });
  expect(pro.leaks).toBe(1);
});

test("instances analysed before the list's figures were stored are counted from their identifiers", async () => {
  const stored = await listInstanceRows();
  await env.db.instance.updateMany({ data: { selectionCounts: null, leakCount: null } });
  const counted = await listInstanceRows();
  expect(counted.map((r) => [r.externalId, r.counts, r.leaks])).toEqual(
    stored.map((r) => [r.externalId, r.counts, r.leaks]),
  );
  expect(stored[0]?.counts).toMatchObject({ defuse: 1 });
});
