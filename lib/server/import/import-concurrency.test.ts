// Imports run while curators work: an import's transaction is its own, never the curators'.

import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ImportError } from "../../ingest/import-error";
import { acceptDecision, jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { writeGeneration } from "../db/client";
import { createHintSet } from "../hints/hint-sets";
import { recordDecision } from "../hints/record-decision";
import { importFiles } from "./import-files";
import { STAGING_ROOT } from "./import-staging";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
let instanceId = 0;
const startedAt = Date.now();
beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("swebench-lite-seed.jsonl", jsonl([swebenchRecord(1)]))]);
  // Analysed, so its hint can be decided (an instance not analysed yet cannot be).
  await analyzePendingInstances(env.db);
  instanceId = (await env.db.instance.findFirstOrThrow()).id;
});
afterAll(() => env.close());

/** 1,200 new instances (three write batches), then, if `broken`, a line that fails the whole import. */
const bigFile = (name: string, broken: boolean, from = 1000) =>
  env.tmp.write(
    name,
    jsonl(Array.from({ length: 1200 }, (_, i) => swebenchRecord(from + i))) + (broken ? '{"instance_id": \n' : ""),
  );

/** A rating of an instance nobody imported: fails its import inside the transaction, after earlier files are written. */
const badRating = (name: string) =>
  env.tmp.write(
    name,
    jsonl([
      {
        instance_id: "ghost-1",
        identifier: "x",
        attribute: "name",
        curator: "ada",
        necessity: 1,
        disclosure: 0,
        guidance: 0,
      },
    ]),
  );

test("a write made during an import that fails survives it, and readers never see the import's rows", async () => {
  const during: Array<Promise<unknown>> = [];
  const failed = importFiles(env.db, [bigFile("swebench-lite-many.jsonl", false), badRating("ratings.jsonl")], {
    benchmark: "SWE-bench Lite",
    // Staged: its 1,200 instances are written inside the transaction before the rating fails.
    readAheadBytes: 0,
    onWritten: (file) => {
      if (!file.endsWith("swebench-lite-many.jsonl")) return;
      // Written, not committed: a curator creates a hint set, another counts instances.
      during.push(
        createHintSet(env.db, {
          name: "made-during",
          benchmark: "SWE-bench Lite",
          selection: "defuse",
          projection: "name",
        }),
      );
      during.push(env.db.instance.count());
    },
  });
  await expect(failed).rejects.toThrow(/ratings\.jsonl:1: curator scores rate imported instances: "ghost-1"/);
  const [set, count] = await Promise.all(during);
  expect(set).toMatchObject({ name: "made-during" });
  expect(count).toBe(1);
  expect(await env.db.hintSet.findUnique({ where: { name: "made-during" } })).not.toBeNull();
  expect(await env.db.instance.count()).toBe(1);
});

test("a curator's save during an import succeeds, and the import commits too", async () => {
  let saved: Promise<Awaited<ReturnType<typeof recordDecision>>> | null = null;
  const summary = await importFiles(env.db, [bigFile("swebench-lite-good.jsonl", false)], {
    readAheadBytes: 0,
    onWritten: () => {
      saved = recordDecision(env.db, acceptDecision(instanceId), "ada");
    },
  });
  expect(saved).not.toBeNull();
  expect(summary.files[0]?.added).toBe(1200);
  expect(await saved).toMatchObject({ ok: true, status: "accepted" });
  expect(await env.db.decision.count()).toBe(1);
});

test("a bad file fails before taking its write turn, read into memory or staged, and leaves no stage behind", async () => {
  const turns = writeGeneration();
  await expect(importFiles(env.db, [bigFile("swebench-lite-bad-ahead.jsonl", true)])).rejects.toBeInstanceOf(
    ImportError,
  );
  // Read whole before the write lock: its last line failed it, and no write turn was taken (nobody waited).
  expect(writeGeneration()).toBe(turns);
  await expect(
    importFiles(env.db, [bigFile("swebench-lite-bad-large.jsonl", true)], { readAheadBytes: 0 }),
  ).rejects.toBeInstanceOf(ImportError);
  // Staged in a temporary database before the write lock: no turn taken either, and the stage is gone.
  expect(writeGeneration()).toBe(turns);
  const stages = readdirSync(STAGING_ROOT).filter(
    (f) => f.endsWith(".db") && statSync(path.join(STAGING_ROOT, f)).mtimeMs > startedAt,
  );
  expect(stages).toEqual([]);
});

test.skipIf(process.env.HINTSCOPE_TEST_ENGINE !== "postgres")(
  "on PostgreSQL a curator's save and a new hint set are written while an import's transaction is still open",
  async () => {
    const decided = await env.db.decision.count();
    const summary = await importFiles(env.db, [bigFile("swebench-lite-open.jsonl", false, 5000)], {
      readAheadBytes: 0,
      // The import waits for this save before it commits: a save that waited for the import never would.
      onWritten: async () => {
        const saved = await recordDecision(env.db, acceptDecision(instanceId, { projection: "name" }), "grace");
        expect(saved).toMatchObject({ ok: true });
        // Writes other than decisions too (they queue behind this process's other writes, not behind imports).
        await createHintSet(env.db, {
          name: "made-while-open",
          benchmark: "SWE-bench Lite",
          selection: "defuse",
          projection: "name",
        });
      },
    });
    expect(summary.files[0]?.added).toBe(1200);
    expect(await env.db.decision.count()).toBe(decided + 1);
    expect(await env.db.hintSet.findUnique({ where: { name: "made-while-open" } })).not.toBeNull();
  },
);
