// Runs of different endpoints never wait behind one another: an endpoint that hangs (its answer trickling in
// a byte at a time, under a long deadline) holds its own run, while another endpoint's run is taken and
// finishes. Two local OpenAI-compatible servers (lib/testing/fake-chat-server.ts), the real client over real
// HTTP, the job queue of the engine under test (pg-boss's on PostgreSQL, the process's own on SQLite).
import { afterAll, beforeAll, expect, test } from "vitest";
import { type FakeChatServer, startFakeChatServer } from "../../testing/fake-chat-server";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import type { Database } from "../db/client";
import { stopJobQueues } from "../db/job-queue";
import { importFiles } from "../import/import-files";
import { requestJudgeRun } from "./judge-queue";
import { createRun, runStatus, saveEndpoint } from "./judge-runs";

const tmp = makeTempDir("hintscope-judge-queue-");
let stuck: FakeChatServer;
let healthy: FakeChatServer;
let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  stuck = await startFakeChatServer();
  healthy = await startFakeChatServer();
  ({ db, close } = await openTempDatabase());
  await importFiles(db, [tmp.write("swebench-lite-queue.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)]))]);
  await analyzePendingInstances(db, undefined, { store: null });
});
afterAll(async () => {
  await stopJobQueues(30_000);
  await close();
  await stuck.close();
  await healthy.close();
  tmp.cleanup();
});

const until = async (what: () => Promise<boolean> | boolean) => {
  // Bounded by the test's own timeout, not by a clock of its own.
  while (!(await what())) await new Promise((resolve) => setTimeout(resolve, 50));
};

test("a run of an endpoint that hangs does not hold back another endpoint's run: that one finishes while the first is in flight", async () => {
  const endpoint = (name: string, server: FakeChatServer, timeoutMs: number) =>
    saveEndpoint(db, {
      name,
      baseUrl: server.url,
      model: `${name}-model`,
      supportsN: true,
      supportsJsonSchema: true,
      concurrency: 1,
      inputPrice: 1,
      outputPrice: 4,
      timeoutMs,
    });
  // A body of one byte every 200 ms, under a ten-minute deadline: its call is in flight until the test ends it.
  stuck.always = { kind: "trickle", everyMs: 200 };
  await endpoint("stuck", stuck, 600_000);
  await endpoint("healthy", healthy, 60_000);
  const run = (name: string) => createRun(db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: name });
  const stuckRun = await run("stuck");
  const healthyRun = await run("healthy");

  await requestJudgeRun(db, stuckRun);
  // The stuck endpoint has its first request: its run holds a job of the queue.
  await until(() => stuck.requests.length > 0);
  await requestJudgeRun(db, healthyRun);
  await until(async () => (await runStatus(db, healthyRun)).state !== "running");

  const done = await runStatus(db, healthyRun);
  expect(done).toMatchObject({ state: "done", calls: { pending: 0, failed: 0 } });
  expect(done.calls.done).toBeGreaterThan(0);
  // Meanwhile the stuck run is still on its first call: running, nothing answered, its one request still open.
  expect(await runStatus(db, stuckRun)).toMatchObject({ state: "running", calls: { done: 0, failed: 0 } });
  expect(stuck.requests).toHaveLength(1);

  // The test ends the stuck run: stopped, and its server's connections closed (the call fails, the job ends).
  await db.judgeRun.update({ where: { id: stuckRun }, data: { state: "stopped", reason: "ended by the test" } });
  stuck.always = null;
  await stuck.close();
});
