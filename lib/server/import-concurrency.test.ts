// Imports run while curators work: an import's transaction is its own, never the curators'.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ImportError } from "../ingest/import-error";
import { jsonl, swebenchRecord } from "../testing/fixtures";
import { openTempDatabase } from "../testing/temp-database";
import { createHintSet } from "./hint-sets";
import { importFiles } from "./import-files";
import { recordDecision } from "./record-decision";
import { writeGeneration } from "./write-lock";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
let instanceId = 0;
beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("swebench-lite-seed.jsonl", jsonl([swebenchRecord(1)]))]);
  instanceId = (await env.db.instance.findFirstOrThrow()).id;
});
afterAll(() => env.close());

/** 1,200 new instances (three write batches), then, if `broken`, a line that fails the whole import. */
const bigFile = (name: string, broken: boolean) =>
  env.tmp.write(
    name,
    jsonl(Array.from({ length: 1200 }, (_, i) => swebenchRecord(1000 + i))) + (broken ? '{"instance_id": \n' : ""),
  );

test("a write made during an import that fails survives it, and readers never see the import's rows", async () => {
  const during: Array<Promise<unknown>> = [];
  const failed = importFiles(env.db, [bigFile("swebench-lite-broken.jsonl", true)], {
    // Streamed inside the transaction (no read-ahead), so these run while its first batch is written.
    readAheadBytes: 0,
    onProgress: (_file, records) => {
      if (records !== 400) return;
      // The first batch is written, not committed: a curator creates a hint set, another counts instances.
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
  await expect(failed).rejects.toBeInstanceOf(ImportError);
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
    onProgress: (_file, records) => {
      if (records === 400)
        saved = recordDecision(
          env.db,
          {
            instanceId,
            selection: "defuse",
            projection: "declaration",
            action: "accept",
            expectedVersion: 0,
            trimmed: { identifiers: [], attributes: {} },
            reason: null,
            note: "",
          },
          "ada",
        );
    },
  });
  expect(summary.files[0]?.added).toBe(1200);
  expect(await saved).toMatchObject({ ok: true, status: "accepted" });
  expect(await env.db.decision.count()).toBe(1);
});

test("a file read ahead that turns out bad fails before taking its write turn; streamed, it holds one until it fails", async () => {
  const turns = writeGeneration();
  await expect(importFiles(env.db, [bigFile("swebench-lite-bad-ahead.jsonl", true)])).rejects.toBeInstanceOf(
    ImportError,
  );
  // Read whole before the write lock: its last line failed it, and no write turn was taken (nobody waited).
  expect(writeGeneration()).toBe(turns);
  await expect(
    importFiles(env.db, [bigFile("swebench-lite-bad-streamed.jsonl", true)], { readAheadBytes: 0 }),
  ).rejects.toBeInstanceOf(ImportError);
  // Streamed: it took its turn (its transaction held the write lock from its first batch to the bad line).
  expect(writeGeneration()).toBeGreaterThan(turns);
});
