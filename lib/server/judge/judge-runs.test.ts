// The judge runner against a local OpenAI-compatible HTTP server (lib/testing/fake-chat-server.ts): the real
// client over real HTTP, a real database; no LLM endpoint runs here.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { JUDGE_TEMPLATE_VERSION } from "../../judge/prompts";
import { type FakeChatServer, startFakeChatServer } from "../../testing/fake-chat-server";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import type { Database } from "../db/client";
import { importFiles } from "../import/import-files";
import { executeRun } from "./judge-execute";
import { createRun, listEndpoints, planRun, resumeRun, runStatus, saveEndpoint } from "./judge-runs";

const tmp = makeTempDir("hintscope-judge-");
let server: FakeChatServer;
let db: Database;
let close: () => Promise<void>;
let url: string;

// Two instances, each with one DefUse identifier (`widget_N`, a new function the test calls): name, kind,
// path, new_file and signature to rate, each N and D/G, three samples.
const VALUES = 2 * 5;

beforeAll(async () => {
  server = await startFakeChatServer({ requireKey: "sk-test" });
  ({ db, close, url } = await openTempDatabase());
  await importFiles(db, [tmp.write("swebench-lite-judge.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)]))]);
  await analyzePendingInstances(db, undefined, { store: null });
});
afterAll(async () => {
  await close();
  await server.close();
  tmp.cleanup();
});
beforeEach(() => {
  server.requests.length = 0;
  server.script = [];
  server.always = null;
});

const endpoint = (name: string, extra: Record<string, unknown> = {}) =>
  saveEndpoint(db, {
    name,
    baseUrl: server.url,
    apiKey: "sk-test",
    model: "judge-model",
    supportsN: true,
    supportsJsonSchema: true,
    concurrency: 2,
    inputPrice: 1,
    outputPrice: 4,
    ...extra,
  });
const run = (name: string, extra: Record<string, unknown> = {}) =>
  createRun(db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: name, ...extra });

test("a run rates every value N and D/G three times, through n, and its scores join the judge-score store", async () => {
  await endpoint("fake");
  // The key is never shown.
  expect((await listEndpoints(db)).find((e) => e.name === "fake")).toMatchObject({ hasKey: true });
  expect(JSON.stringify(await listEndpoints(db))).not.toContain("sk-test");

  const plan = await planRun(db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: "fake" });
  expect(plan).toMatchObject({
    values: VALUES,
    identifiers: 2,
    instances: 2,
    calls: VALUES * 2 * 3,
    withoutRepositoryFact: 2,
  });
  // Through n, a call's prompt is sent (and billed) once for its three samples.
  expect(plan).toMatchObject({ requests: VALUES * 2, takesN: true });
  expect(plan.promptTokens).toBeGreaterThan(VALUES * 2 * 300);
  expect(plan.cost).toBeCloseTo((plan.promptTokens * 1 + plan.completionTokens * 4) / 1e6, 6);

  const id = await run("fake");
  const status = await executeRun(db, id, { backoffMs: 1 });
  expect(status).toMatchObject({ state: "done", calls: { pending: 0, done: VALUES * 6, failed: 0, cached: 0 } });
  // One request per value and call, each asking three samples, at temperature 1, with a strict JSON schema;
  // nothing the user did not set (no seed).
  expect(server.requests).toHaveLength(VALUES * 2);
  for (const body of server.requests) {
    expect(body).toMatchObject({
      model: "judge-model",
      n: 3,
      temperature: 1,
      response_format: { type: "json_schema" },
    });
    expect(body).not.toHaveProperty("seed");
  }
  const scores = await db.judgeScore.findMany({ where: { judge: `fake/judge-model@${JUDGE_TEMPLATE_VERSION}` } });
  expect(scores).toHaveLength(VALUES * 3);
  const name = scores.find((s) => s.attribute === "name" && s.sample === 1);
  // Without a repository store the N call says the fact was not measured, and the score records it.
  expect(JSON.parse(name?.detail ?? "{}")).toMatchObject({
    repository_fact: "not measured",
    template: JUDGE_TEMPLATE_VERSION,
  });
  expect(name).toMatchObject({ necessity: 1, disclosure: 0, guidance: 0 });
  expect(scores.find((s) => s.attribute === "signature")).toMatchObject({ disclosure: 1 });
  // Usage is summed on the run.
  expect(status.usage.completion).toBe(VALUES * 2 * 120);
  expect(status.cost).toBeGreaterThan(0);

  // The same run again costs nothing: every sample comes from the cache.
  const again = await executeRun(db, await run("fake"));
  expect(again).toMatchObject({ state: "done", cost: 0, calls: { done: VALUES * 6, cached: VALUES * 6 } });
  expect(server.requests).toHaveLength(VALUES * 2);
});

test("429 and 5xx are retried (Retry-After honoured); an endpoint without n gets one request per sample", async () => {
  await endpoint("plain", { supportsN: false, supportsJsonSchema: false, model: "plain-model" });
  server.script = [
    { kind: "status", status: 429, retryAfter: "0", body: { error: { message: "Rate limit reached" } } },
    { kind: "status", status: 503 },
  ];
  const status = await executeRun(db, await run("plain", { limit: 1 }), { backoffMs: 1 });
  expect(status).toMatchObject({ state: "done", calls: { done: 6, failed: 0 } });
  // Two refused, then six: one per sample of each of the two calls; no n, no response_format.
  expect(server.requests).toHaveLength(8);
  expect(server.requests.at(-1)).not.toHaveProperty("n");
  expect(server.requests.at(-1)).not.toHaveProperty("response_format");
});

test("an answer that does not parse is asked again once, then recorded as failed with its text", async () => {
  await endpoint("flaky", { supportsN: false, model: "flaky-model", concurrency: 1 });
  // The N call's two samples both come back malformed; asked again, the first answers and the second is
  // malformed again: one failed sample, the D/G call's two fine.
  server.script = [{ kind: "malformed" }, { kind: "malformed" }, { kind: "answer" }, { kind: "malformed" }];
  const status = await executeRun(db, await run("flaky", { limit: 1, samples: 2 }), { backoffMs: 1 });
  expect(status.calls).toMatchObject({ failed: 1, done: 3 });
  const failed = await db.judgeCall.findFirst({ where: { state: "failed" } });
  expect(failed?.error).toMatch(/does not parse|no JSON object|not the rating/);
  expect(failed?.raw).toContain('"label"');
});

test("a refusing endpoint pauses the run with the reason; resumed, it finishes; a budget stops it", async () => {
  await endpoint("keyless", { apiKey: "sk-wrong", model: "keyless-model" });
  const id = await run("keyless", { limit: 2 });
  const paused = await executeRun(db, id, { backoffMs: 1 });
  expect(paused.state).toBe("paused");
  expect(paused.reason).toMatch(/^the endpoint refused: 401 Incorrect API key provided/);
  // Nothing burned on retries: one request per worker at most.
  expect(server.requests.length).toBeLessThanOrEqual(2);
  expect(paused.calls.pending).toBe(2 * 2 * 3);

  await endpoint("keyless", { apiKey: "sk-test", model: "keyless-model" });
  await resumeRun(db, id);
  expect(await executeRun(db, id, { backoffMs: 1 })).toMatchObject({ state: "done", calls: { pending: 0 } });

  // A budget smaller than one request: the run stops after it, the rest left pending for a resume.
  await endpoint("dear", { model: "dear-model", concurrency: 1, inputPrice: 1000, outputPrice: 1000 });
  const costly = await run("dear", { budget: 0.01 });
  const stopped = await executeRun(db, costly, { backoffMs: 1 });
  expect(stopped.state).toBe("stopped");
  expect(stopped.reason).toMatch(/^budget reached: \$/);
  expect(stopped.calls.pending).toBeGreaterThan(0);
  await resumeRun(db, costly, 1000);
  expect(await executeRun(db, costly)).toMatchObject({ state: "done" });
  expect((await runStatus(db, costly)).calls.pending).toBe(0);
});

test("a run whose process is killed mid-way resumes where it stopped (the command line, then a resume)", async () => {
  await endpoint("slow", { model: "slow-model", concurrency: 1, supportsN: false });
  server.always = { kind: "slow", ms: 100 };
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "lib/cli/hints.ts",
      "judge",
      "run",
      "--benchmark",
      "SWE-bench Lite",
      "--selection",
      "defuse",
      "--endpoint",
      "slow",
    ],
    { env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // Killed once some calls are recorded.
  for (let i = 0; i < 600 && !/judge run \d+: [3-9]\d* done/.test(stderr); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  const id = Number(/judge run (\d+) created/.exec(stderr)?.[1]);
  const midway = await runStatus(db, id);
  expect(midway.state).toBe("running");
  expect(midway.calls.done).toBeGreaterThanOrEqual(3);
  expect(midway.calls.pending).toBeGreaterThan(0);
  server.always = null;
  const resumed = await executeRun(db, id, { backoffMs: 1 });
  expect(resumed).toMatchObject({ state: "done", calls: { pending: 0, failed: 0, done: VALUES * 6 } });
  // What was answered before the kill was not asked again: at most the one request in flight is repeated.
  expect(server.requests.length).toBeLessThanOrEqual(VALUES * 6 + 1);
  expect(await db.judgeScore.count({ where: { judge: resumed.judge } })).toBe(VALUES * 3);
});

// Two servers starting at once on one PostgreSQL database, each finding the run left running, and the command
// line resuming it meanwhile: it is a job of the queue, keyed by the run, so one process at a time runs it and
// the endpoint is never asked twice for a call.
test.skipIf(TEST_ENGINE !== "postgres")(
  "a run left running, asked for by two servers starting at once and resumed from the command line, is run one process at a time: no call asked twice",
  async () => {
    await endpoint("shared", { model: "shared-model", concurrency: 1, supportsN: false });
    server.always = { kind: "slow", ms: 20 };
    const id = await run("shared");
    const script = tmp.write(
      "server-start.mts",
      `import { openDatabase } from ${JSON.stringify(path.resolve("lib/server/db/client.ts"))};
import { stopJobQueues } from ${JSON.stringify(path.resolve("lib/server/db/job-queue.ts"))};
import { requestJudgeRun } from ${JSON.stringify(path.resolve("lib/server/judge/judge-queue.ts"))};
const db = await openDatabase(process.argv[2]);
await requestJudgeRun(db, Number(process.argv[3]));
for (;;) {
  const run = await db.judgeRun.findUniqueOrThrow({ where: { id: Number(process.argv[3]) } });
  if (run.state !== "running") break;
  await new Promise((r) => setTimeout(r, 100));
}
await stopJobQueues();
await db.$disconnect();
`,
    );
    // Two servers starting, and a curator's `hints judge resume` of the same run, all at once.
    const started = [
      [script, url, String(id)],
      [script, url, String(id)],
      ["lib/cli/hints.ts", "judge", "resume", String(id)],
    ].map((args) => {
      const child = spawn(process.execPath, ["--import", "tsx", ...args], {
        env: { ...process.env, DATABASE_URL: url },
        stdio: ["ignore", "ignore", "inherit"],
      });
      return new Promise<number | null>((resolve) => child.once("exit", resolve));
    });
    expect(await Promise.all(started)).toEqual([0, 0, 0]);
    server.always = null;
    expect(await runStatus(db, id)).toMatchObject({
      state: "done",
      calls: { pending: 0, failed: 0, done: VALUES * 6 },
    });
    expect(server.requests).toHaveLength(VALUES * 6);
  },
);
