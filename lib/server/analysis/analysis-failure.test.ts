import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { analysisPool } from "./analysis-pool";
import { analyzePendingInstances } from "./analyze-stored-instances";

// More than one batch of the analysis (50 instances) so that the next batch is on the workers while the
// first is written: the real SWE-bench Pro sample, replicated under new ids.
let temp: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  temp = await openTempDatabase();
  const lines = readFileSync(path.join(REAL_DATA, "swebench-pro-sample.jsonl"), "utf8").trim().split("\n");
  const replicated: string[] = [];
  for (let copy = 0; copy < 9; copy++)
    for (const line of lines) {
      const record = JSON.parse(line) as { instance_id: string };
      replicated.push(JSON.stringify({ ...record, instance_id: `${record.instance_id}-r${copy}` }));
    }
  const file = path.join(temp.tmp.dir, "pro-replicated.jsonl");
  writeFileSync(file, `${replicated.join("\n")}\n`);
  await importFiles(temp.db, [file]);
});
afterAll(async () => {
  await temp.close();
});

test("a batch write that fails ends the analysis with its own error, never a crash of the batches still on the workers", async () => {
  // Seen under load on PostgreSQL (bench:scale, 50k): the write failed, the pool was closed, and the next
  // batch's instances, rejected by the closing pool ("Terminating worker thread"), were nobody's to catch:
  // the process died of an unhandled rejection that hid the write's own error. A stand-in worker on piscina's
  // real pool answers the first batch (50 instances) at once, as patches that do not
  // parse, and the rest after 5 s, so the next batch is on the pool when the first one's write fails. (Were
  // the machine so slow that the first batch's write began after 5 s, the test would pass without catching
  // the defect: it never fails for the machine's speed.)
  const firstBatch = (await temp.db.instance.findMany({ orderBy: { id: "asc" }, take: 50, select: { id: true } })).map(
    (i) => i.id,
  );
  const script = path.join(temp.tmp.dir, "holding-worker.mjs");
  writeFileSync(
    script,
    `import { threadId } from "node:worker_threads";
const first = new Set(${JSON.stringify(firstBatch)});
export default ({ instance }) =>
  first.has(instance.id)
    ? { thread: threadId, record: { patchError: "held back by the test", hintSource: "none" } }
    : new Promise((resolve) =>
        setTimeout(() => resolve({ thread: threadId, record: { patchError: "late", hintSource: "none" } }), 5000),
      );
`,
  );
  const pool = analysisPool(2, pathToFileURL(script));
  if (!pool) throw new Error("the pool did not start");
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", onUnhandled);
  try {
    await expect(
      analyzePendingInstances(temp.db, undefined, {
        pool,
        duringWrite: async () => {
          throw new Error("the disk is full (a made failure)");
        },
      }),
    ).rejects.toThrow("the disk is full (a made failure)");
    // The caller closes its pool: piscina rejects what it still holds.
    await pool.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled.map(String)).toEqual([]);
  } finally {
    process.off("unhandledRejection", onUnhandled);
  }
  // Nothing half-written: every instance is still pending for the next run.
  expect(await temp.db.instance.count({ where: { analysisStatus: "pending" } })).toBe(72);
});
