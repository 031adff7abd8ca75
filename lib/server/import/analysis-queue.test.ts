import { expect, test } from "vitest";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { openDatabase } from "../db/client";
import { jobQueueFor } from "../db/job-queue";
import { importFiles } from "./import-files";

test("two analyses of the same pending instances at once (a lapsed lease's slice taken up while it still runs) write each instance once", async () => {
  const { db, url, close } = await openTempDatabase();
  const tmp = makeTempDir("hintscope-claim-");
  const [a, b] = [await openDatabase(url), await openDatabase(url)];
  try {
    const count = 600;
    await importFiles(db, [
      tmp.write("swebench-lite-claim.jsonl", jsonl(Array.from({ length: count }, (_, n) => swebenchRecord(n + 1)))),
    ]);
    const [first, second] = await Promise.all([
      analyzePendingInstances(a, undefined, { store: null }),
      analyzePendingInstances(b, undefined, { store: null }),
    ]);
    // Between them every instance once: what one wrote, the other found no longer pending.
    expect(first.analysed + second.analysed).toBe(count);
    expect(await db.instance.count({ where: { analysisStatus: "done" } })).toBe(count);
    const twice = await db.$queryRawUnsafe<unknown[]>(
      `SELECT "instanceId", "name", "side", "path", "position" FROM "Identifier"
       GROUP BY "instanceId", "name", "side", "path", "position" HAVING COUNT(*) > 1`,
    );
    expect(twice).toEqual([]);
  } finally {
    await a.$disconnect();
    await b.$disconnect();
    await close();
    tmp.cleanup();
  }
});

test("a queue of this process: asked before anyone works it, it runs once work begins; asked while running, once more after", async () => {
  const queue = jobQueueFor(`file:/nonexistent/queue-${process.pid}.db`, "sqlite", 60);
  expect(queue.shared).toBe(false);
  let runs = 0;
  let release: () => void = () => {};
  const gate = () => new Promise<void>((resolve) => (release = resolve));
  let running = gate();
  await queue.request("q");
  expect(runs).toBe(0);
  await queue.work("q", async () => {
    runs++;
    await running;
  });
  expect(runs).toBe(1);
  // Three asks while one runs: one more run, not three.
  await queue.request("q");
  await queue.request("q");
  await queue.request("q");
  const first = release;
  running = gate();
  first();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(runs).toBe(2);
  release();
  await queue.stop();
  expect(runs).toBe(2);
});
