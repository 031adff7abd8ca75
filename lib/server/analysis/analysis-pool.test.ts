import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { analyzePendingInstances } from "./analyze-stored-instances";

let one: Awaited<ReturnType<typeof openTempDatabase>>;
let two: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  one = await openTempDatabase();
  two = await openTempDatabase();
  const file = path.join(REAL_DATA, "swebench-pro-sample.jsonl");
  await importFiles(one.db, [file]);
  await importFiles(two.db, [file]);
});
afterAll(async () => {
  await one.close();
  await two.close();
});

const stored = (db: typeof one.db) =>
  db.identifier.findMany({
    orderBy: [{ instanceId: "asc" }, { position: "asc" }],
    select: {
      instanceId: true,
      name: true,
      kind: true,
      locations: true,
      position: true,
      selections: { select: { selection: true }, orderBy: { selection: "asc" } },
    },
  });

test("the analysis on two worker threads stores exactly what it stores in one process", async () => {
  // In process: no worker thread answered. On the pool: both threads did (the test fails if the pool quietly
  // fell back to this thread).
  expect(await analyzePendingInstances(one.db)).toMatchObject({ analysed: 8, failed: [], workerThreads: 0 });
  expect(await analyzePendingInstances(two.db, undefined, { workers: 2 })).toMatchObject({
    analysed: 8,
    failed: [],
    workerThreads: 2,
  });
  expect(await stored(two.db)).toEqual(await stored(one.db));
  const evidence = async (db: typeof one.db) =>
    (await db.instance.findMany({ orderBy: { id: "asc" }, select: { evidence: true } })).map((i) => i.evidence);
  expect(await evidence(two.db)).toEqual(await evidence(one.db));
});

test("a worker that fails fails only the instances it holds; the pool goes on with a new worker", async () => {
  const { writeFileSync } = await import("node:fs");
  const { pathToFileURL } = await import("node:url");
  const { analysisPool } = await import("./analysis-pool");
  // A stand-in worker task: it answers each instance after a moment, except that the instance "crash" makes
  // its thread throw outside the task (an uncaught error: the worker dies with what it holds).
  const script = path.join(one.tmp.dir, "flaky-worker.mjs");
  writeFileSync(
    script,
    `import { threadId } from "node:worker_threads";
export default ({ instance }) =>
  new Promise((resolve) =>
    setTimeout(() => {
      if (instance.externalId === "crash") throw new Error("worker blew up");
      resolve({ thread: threadId, record: { externalId: instance.externalId } });
    }, 20),
  );
`,
  );
  const pool = analysisPool(2, pathToFileURL(script));
  if (!pool) throw new Error("the pool did not start");
  try {
    const instance = (externalId: string) => ({ externalId }) as unknown as Parameters<typeof pool.run>[0];
    const ids = ["a", "b", "crash", "c", "d", "e", "f", "g"];
    const results = await Promise.all(ids.map((id) => pool.run(instance(id))));
    const failed = ids.filter((_, i) => "failure" in (results[i] as object));
    // The crashing worker's own requests fail (it held up to four); every other request is answered.
    expect(failed).toContain("crash");
    expect(failed.length).toBeLessThanOrEqual(4);
    expect(failed.length).toBeLessThan(ids.length);
    // After the crash every request is answered, and a new worker (a thread that never answered before) serves
    // some: rounds of more requests at once than one worker takes, until it has started (at most 20 rounds).
    const before = new Set(pool.answeredBy);
    let rounds = 0;
    while (![...pool.answeredBy].some((thread) => !before.has(thread)) && rounds++ < 20) {
      const after = await Promise.all(Array.from({ length: 8 }, (_, n) => pool.run(instance(`after-${rounds}-${n}`))));
      expect(after.every((r) => "record" in r)).toBe(true);
    }
    expect([...pool.answeredBy].filter((thread) => !before.has(thread)).length).toBeGreaterThanOrEqual(1);
  } finally {
    await pool.close();
  }
});
