// What an endpoint really does, and the runner following it (issue 44): the real client over real HTTP to a
// local server that speaks the chat-completions protocol (lib/testing/fake-chat-server.ts) in the ways servers
// other than OpenAI's do (n ignored as by Ollama, a JSON schema refused, no usage, a body too large, trickling
// or not JSON); a real database. No LLM endpoint runs here.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { JUDGE_TEMPLATE_VERSION } from "../../judge/prompts";
import { type FakeChatServer, startFakeChatServer } from "../../testing/fake-chat-server";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { hintsCommand } from "../../testing/hints-command";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import type { Database } from "../db/client";
import { importFiles } from "../import/import-files";
import { executeRun } from "./judge-execute";
import { createRun, listEndpoints, planRun, resumeRun, runStatus, saveEndpoint, testEndpoint } from "./judge-runs";

const tmp = makeTempDir("hintscope-judge-endpoints-");
let server: FakeChatServer;
let db: Database;
let close: () => Promise<void>;
let url: string;

// Two instances, each with one DefUse identifier: five values each (name, kind, path, new_file, signature).
const VALUES = 2 * 5;

beforeAll(async () => {
  server = await startFakeChatServer();
  ({ db, close, url } = await openTempDatabase());
  await importFiles(db, [tmp.write("swebench-lite-endpoints.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)]))]);
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
  server.mode = {};
  server.billed = { prompt: 0, completion: 0, requests: 0 };
});

const endpoint = (name: string, extra: Record<string, unknown> = {}) =>
  saveEndpoint(db, {
    name,
    baseUrl: server.url,
    model: `${name}-model`,
    supportsN: true,
    supportsJsonSchema: true,
    concurrency: 2,
    inputPrice: 1,
    outputPrice: 4,
    ...extra,
  });
const run = (name: string, extra: Record<string, unknown> = {}) =>
  createRun(db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: name, ...extra });

/** The rationales of a run's answers, by value × call: each sample's own. */
async function answersByGroup(runId: number) {
  const calls = await db.judgeCall.findMany({ where: { runId, state: "done" } });
  const groups = new Map<string, string[]>();
  for (const call of calls) {
    const key = `${call.instanceId} ${call.identifier} ${call.attribute} ${call.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), call.answer ?? ""]);
  }
  return [...groups.values()];
}

test("an endpoint that ignores n (as Ollama's does): each sample is its own request's answer, never a copy, and the run and the endpoint say so", async () => {
  // Saved by hand as taking n; the server answers one choice whatever n asks.
  await endpoint("ollama-like");
  server.mode = { ignoreN: true };
  const id = await run("ollama-like", { limit: 2 });
  const status = await executeRun(db, id, { backoffMs: 1 });
  expect(status).toMatchObject({ state: "done", calls: { done: 2 * 2 * 3, failed: 0, pending: 0 } });
  // Every value × call group holds three distinct answers: none copied from another sample.
  const groups = await answersByGroup(id);
  expect(groups).toHaveLength(2 * 2);
  for (const answers of groups) expect(new Set(answers).size).toBe(3);
  // The first request asked n = 3 and got one choice; from then on, one request per sample, without n.
  expect(server.requests[0]).toMatchObject({ n: 3 });
  const withN = server.requests.filter((r) => "n" in r);
  expect(withN.length).toBeLessThanOrEqual(2); // at most the two workers' first requests
  // One answer per request: twelve requests for twelve samples.
  expect(server.requests).toHaveLength(2 * 2 * 3);
  expect(status.notes).toMatch(/returned 1 of 3 choices asked through n: each sample was asked in its own request/);
  // The endpoint remembers it: the next run plans and asks one request per sample.
  expect((await listEndpoints(db)).find((e) => e.name === "ollama-like")).toMatchObject({ supportsN: false });
  const plan = await planRun(db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: "ollama-like" });
  expect(plan).toMatchObject({ takesN: false, requests: VALUES * 2 * 3 });
});

test("the endpoint test asks one tiny question and records what the endpoint does; the runner follows it over the flags", async () => {
  // A faithful OpenAI-like server: n honoured, the schema kept, usage reported.
  await endpoint("openai-like", { supportsN: false, supportsJsonSchema: false });
  const honest = await testEndpoint(db, "openai-like");
  expect(honest).toMatchObject({ nAsked: 2, nReturned: 2, takesN: true, jsonSchema: true, usageReported: true });
  expect(server.requests).toHaveLength(1);
  expect(server.requests[0]).toMatchObject({ n: 2, response_format: { type: "json_schema" } });

  // A server that ignores n, refuses a JSON schema and reports no usage, though saved as taking both.
  await endpoint("local", { supportsN: true, supportsJsonSchema: true, inputPrice: null, outputPrice: null });
  server.mode = { ignoreN: true, refuseSchema: true, noUsage: true };
  server.requests.length = 0;
  const measured = await testEndpoint(db, "local");
  expect(measured).toMatchObject({
    nReturned: 1,
    takesN: false,
    jsonSchema: false,
    usageReported: false,
    priced: false,
  });
  expect(measured.notes.join("\n")).toMatch(/JSON schema was refused \(400 response_format type json_schema/);
  // Asked with the schema, refused (400), asked again without it.
  expect(server.requests).toHaveLength(2);
  expect(server.requests[1]).not.toHaveProperty("response_format");
  expect((await listEndpoints(db)).find((e) => e.name === "local")?.measured).toMatchObject({ takesN: false });

  // The run follows the measure: one request per sample, no n, no response_format; usage estimated, said so.
  server.requests.length = 0;
  const status = await executeRun(db, await run("local", { limit: 1 }), { backoffMs: 1 });
  expect(status).toMatchObject({ state: "done", calls: { done: 6, failed: 0 } });
  expect(server.requests).toHaveLength(6);
  for (const body of server.requests) {
    expect(body).not.toHaveProperty("n");
    expect(body).not.toHaveProperty("response_format");
  }
  expect(status.notes).toMatch(/reported no usage: tokens and cost are estimated/);
  expect(status.usage.prompt).toBeGreaterThan(0);

  // Saving the endpoint with another model forgets the measure (it measured another thing).
  await endpoint("local", { model: "other-model" });
  expect((await listEndpoints(db)).find((e) => e.name === "local")?.measured).toBeNull();
});

test("a failed answer is never cached: a new run over the same values asks again; a run with failed calls is not done, and resume asks them again", async () => {
  await endpoint("flaky", { supportsN: false, concurrency: 1 });
  // Every answer malformed: each sample asked, asked again once, then failed.
  server.always = { kind: "malformed" };
  const first = await run("flaky", { limit: 1, samples: 1 });
  const failed = await executeRun(db, first, { backoffMs: 1 });
  expect(failed.calls).toMatchObject({ done: 0, failed: 2, pending: 0 });
  expect(failed.state).toBe("stopped");
  expect(failed.reason).toMatch(/^2 calls failed \(last: the answer.*\); resuming asks them again$/);
  expect(server.requests).toHaveLength(4);

  // A new run over the same values sends the requests again (no failure came from the cache).
  server.always = null;
  server.requests.length = 0;
  const second = await executeRun(db, await run("flaky", { limit: 1, samples: 1 }), { backoffMs: 1 });
  expect(second).toMatchObject({ state: "done", calls: { done: 2, failed: 0, cached: 0 } });
  expect(server.requests).toHaveLength(2);

  // A 500 outage: the calls fail after their retries; the run stops (not done); resume asks them again.
  await endpoint("outage", { supportsN: false, concurrency: 1 });
  server.always = { kind: "status", status: 500 };
  const third = await run("outage", { limit: 1, samples: 1 });
  const down = await executeRun(db, third, { backoffMs: 1 });
  expect(down).toMatchObject({ state: "stopped", calls: { failed: 2, done: 0, pending: 0 } });
  expect(down.reason).toMatch(/2 calls failed \(last: .*500 status 500/);
  server.always = null;
  server.requests.length = 0;
  expect(await resumeRun(db, third)).toBe(2);
  expect(await executeRun(db, third, { backoffMs: 1 })).toMatchObject({
    state: "done",
    calls: { done: 2, failed: 0, pending: 0 },
  });
  expect(server.requests).toHaveLength(2);
  // The first run too.
  server.requests.length = 0;
  await resumeRun(db, first);
  expect(await executeRun(db, first, { backoffMs: 1 })).toMatchObject({ state: "done", calls: { failed: 0 } });
  // Its answers parsed for the new run are cached now: taken from there.
  expect(server.requests).toHaveLength(0);
});

test("two endpoint names with the same URL and model are two judges: neither takes the other's answers", async () => {
  await endpoint("twin-a", { model: "shared-model" });
  await endpoint("twin-b", { model: "shared-model" });
  const a = await executeRun(db, await run("twin-a", { limit: 1 }), { backoffMs: 1 });
  const b = await executeRun(db, await run("twin-b", { limit: 1 }), { backoffMs: 1 });
  expect(a.judge).toBe(`twin-a/shared-model@${JUDGE_TEMPLATE_VERSION}`);
  expect(b.judge).toBe(`twin-b/shared-model@${JUDGE_TEMPLATE_VERSION}`);
  expect(b.calls).toMatchObject({ done: 6, cached: 0 });
  expect(server.requests).toHaveLength(4);
  // Their scores are each judge's own answers (each rationale carries the server's serial).
  const rationales = async (judge: string) =>
    (await db.judgeScore.findMany({ where: { judge } })).map((s) => JSON.parse(s.detail ?? "{}").necessity.rationale);
  const mine = new Set(await rationales(a.judge));
  for (const r of await rationales(b.judge)) expect(mine.has(r)).toBe(false);
});

test("endpoint parameters are data: sent with every request, naming the judge, cached apart; clashes and non-http URLs refused", async () => {
  await endpoint("reasoning", { model: "o-model", parameters: { reasoning_effort: "medium", top_p: 0.9 } });
  const status = await executeRun(db, await run("reasoning", { limit: 1 }), { backoffMs: 1 });
  expect(status.judge).toBe(`reasoning/o-model[reasoning_effort=medium,top_p=0.9]@${JUDGE_TEMPLATE_VERSION}`);
  for (const body of server.requests) expect(body).toMatchObject({ reasoning_effort: "medium", top_p: 0.9, n: 3 });
  // Another effort is another judge: nothing from the first one's cache.
  await endpoint("reasoning", { model: "o-model", parameters: '{"reasoning_effort": "high"}' });
  const high = await executeRun(db, await run("reasoning", { limit: 1 }), { backoffMs: 1 });
  expect(high.judge).toBe(`reasoning/o-model[reasoning_effort=high]@${JUDGE_TEMPLATE_VERSION}`);
  expect(high.calls.cached).toBe(0);
  // A run begun under one set of parameters is not carried on under others (its scores name the first).
  const begun = await run("reasoning", { limit: 1 });
  await endpoint("reasoning", { model: "o-model", parameters: { reasoning_effort: "low" } });
  const changed = await executeRun(db, begun, { backoffMs: 1 });
  expect(changed.state).toBe("paused");
  expect(changed.reason).toBe(
    `the endpoint changed since the run began: its judge was reasoning/o-model[reasoning_effort=high]@${JUDGE_TEMPLATE_VERSION}, it is now reasoning/o-model[reasoning_effort=low]@${JUDGE_TEMPLATE_VERSION}; start a new run (or set the endpoint back)`,
  );
  expect(changed.calls.pending).toBe(6);

  await expect(endpoint("bad", { parameters: { n: 5 } })).rejects.toThrow(/may not set n: the runner sets them/);
  await expect(endpoint("bad", { parameters: "[1]" })).rejects.toThrow(/must be a JSON object of body fields/);
  await expect(endpoint("bad", { parameters: "{reasoning" })).rejects.toThrow(/parameters are not JSON/);
  for (const url of ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.org/v1"])
    await expect(endpoint("bad", { baseUrl: url })).rejects.toThrow(/must be http or https/);
  await expect(endpoint("bad", { baseUrl: "not a url" })).rejects.toThrow(/is not a URL/);
  expect((await listEndpoints(db)).find((e) => e.name === "bad")).toBeUndefined();
  // Each is the vocabulary's invalid input (an admin's action says it), and a name that is not there not-found.
  await expect(endpoint("bad", { parameters: "[1]" })).rejects.toMatchObject({ code: "invalid-input" });
  await expect(endpoint("bad", { baseUrl: "ftp://example.org/v1" })).rejects.toMatchObject({ code: "invalid-input" });
  await expect(endpoint("bad", { timeoutMs: 1.5 })).rejects.toMatchObject({ code: "invalid-input" });
  await expect(testEndpoint(db, "nowhere")).rejects.toMatchObject({ code: "not-found", message: /no judge endpoint/ });
  await expect(runStatus(db, 999_999)).rejects.toMatchObject({ code: "not-found", message: "no judge run 999999" });
});

test("the plan counts a prompt once per request where the endpoint takes n, as it is billed", async () => {
  await endpoint("billed", { model: "billed-model" });
  await endpoint("billed-single", { model: "billed-model", supportsN: false });
  const withN = await planRun(db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: "billed" });
  const without = await planRun(db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: "billed-single" });
  expect(withN).toMatchObject({ calls: VALUES * 2 * 3, requests: VALUES * 2, takesN: true, abilities: "as set" });
  expect(without).toMatchObject({ calls: VALUES * 2 * 3, requests: VALUES * 2 * 3, takesN: false });
  expect(without.promptTokens).toBe(3 * withN.promptTokens);
  // Against what the server bills for the whole run: within a few percent (the plan estimates tokens).
  const status = await executeRun(db, await run("billed"), { backoffMs: 1 });
  expect(status.state).toBe("done");
  expect(server.billed.requests).toBe(VALUES * 2);
  expect(status.usage.prompt).toBe(server.billed.prompt);
  expect(withN.promptTokens / server.billed.prompt).toBeGreaterThan(0.9);
  expect(withN.promptTokens / server.billed.prompt).toBeLessThan(1.1);
});

test("a $0.01 budget with four workers and no n stops within one request's cost of it; totals are what the server billed", async () => {
  // About $0.002 a request: a budget of five, with four in flight at a time.
  await endpoint("budgeted", { supportsN: false, concurrency: 4, inputPrice: 1.5, outputPrice: 4 });
  server.always = { kind: "slow", ms: 30 };
  const status = await executeRun(db, await run("budgeted", { budget: 0.01 }), { backoffMs: 1 });
  expect(status.state).toBe("stopped");
  expect(status.reason).toMatch(/^budget reached/);
  const calls = await db.judgeCall.findMany({ where: { runId: status.id, state: "done" } });
  const dearest = Math.max(...calls.map((c) => (1.5 * c.promptTokens + 4 * c.completionTokens) / 1e6));
  // Not stopped early: what was spent and in flight when it stopped reached the budget.
  expect(status.cost).toBeGreaterThanOrEqual(0.01 - dearest);
  expect(status.cost).toBeLessThanOrEqual(0.01 + dearest);
  // Every request the server answered is in the run's totals.
  expect(status.usage.prompt).toBe(server.billed.prompt);
  expect(status.usage.completion).toBe(server.billed.completion);
});

test("a hostile or broken endpoint fails a call in bounded memory and time: an answer too large, not JSON (never echoed), or trickling", async () => {
  await endpoint("hostile", { supportsN: false, concurrency: 1, timeoutMs: 500 });
  // 1.5 GB inside one JSON string: the client stops reading at its limit.
  server.script = [{ kind: "huge", bytes: 1.5e9 }];
  const before = process.memoryUsage().rss;
  const id = await run("hostile", { limit: 1, samples: 1 });
  const status = await executeRun(db, id, { backoffMs: 1, maxAnswerBytes: 1024 * 1024 });
  expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  const failed = await db.judgeCall.findMany({ where: { runId: id, state: "failed" } });
  expect(failed).toHaveLength(1);
  expect(failed[0]?.error).toMatch(/answered an answer over the 1048576-byte limit/);
  expect(status.calls).toMatchObject({ done: 1, failed: 1 });
  // Not retried: one request for the large answer, one for the other call.
  expect(server.requests).toHaveLength(2);

  // A body that is not the protocol is named, never shown.
  server.requests.length = 0;
  server.script = [{ kind: "text", body: "<html>internal proxy secret-token-123</html>" }];
  const text = await run("hostile", { limit: 1, samples: 1 });
  await executeRun(db, text, { backoffMs: 1 });
  const notJson = await db.judgeCall.findFirst({ where: { runId: text, state: "failed" } });
  expect(notJson?.error).toMatch(/answered an answer that is not JSON \(44 bytes\)/);
  expect(JSON.stringify(await runStatus(db, text))).not.toContain("secret-token");

  // One byte every 50 ms, never ending: the deadline counts the whole body; after its one retry the run pauses.
  server.requests.length = 0;
  server.always = { kind: "trickle", everyMs: 50 };
  const slow = await run("hostile", { limit: 1, samples: 1 });
  const paused = await executeRun(db, slow, { backoffMs: 1 });
  expect(paused.state).toBe("paused");
  expect(paused.reason).toMatch(/^the endpoint timed out: .*timed out after 500 ms \(after 2 attempts\)/);
  expect(paused.calls.pending).toBe(2);
  expect(server.requests).toHaveLength(2);
});

/** `hints ARGS…` on the test's database, as a process (the fake server answers it meanwhile). */
function hints(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [program, argv] = hintsCommand(args);
  const child = spawn(program, argv, { env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

test("the command line: endpoint test, endpoint set, the plan's requests, retry-failed", async () => {
  await endpoint("cli-local", { supportsN: true, supportsJsonSchema: true });
  server.mode = { ignoreN: true, refuseSchema: true };
  const tested = await hints(["judge", "endpoint", "test", "cli-local"]);
  expect(tested.stderr).toBe("");
  expect(tested.code).toBe(0);
  expect(tested.stdout).toContain(
    "Endpoint cli-local: n ignored (1 of 2 choices), JSON schema not honoured, usage reported, prices set.",
  );
  const set = await hints(["judge", "endpoint", "set", "cli-local", "reasoning_effort=medium", "timeout_ms=300000"]);
  expect(set.code).toBe(0);
  expect(set.stdout).toContain('parameters {"reasoning_effort":"medium"}, 300000 ms a request');
  // New parameters are a new thing to measure.
  const listed = await hints(["judge", "endpoint", "list"]);
  expect(listed.stdout).toMatch(
    /cli-local {2}cli-local-model .* parameters \{"reasoning_effort":"medium"\} {2}not tested/,
  );
  await hints(["judge", "endpoint", "test", "cli-local"]);
  const plan = await hints([
    "judge",
    "plan",
    "--benchmark",
    "SWE-bench Lite",
    "--selection",
    "defuse",
    "--endpoint",
    "cli-local",
  ]);
  expect(plan.stdout).toContain(
    `${VALUES * 2 * 3} calls in ${VALUES * 2 * 3} requests (one per sample, as the endpoint test measured)`,
  );
  expect(await hints(["judge", "endpoint", "set", "cli-local", "n=4"])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining("may not set n"),
  });

  // A run whose calls failed: retry-failed asks them again.
  server.mode = {};
  server.always = { kind: "status", status: 500 };
  const id = await run("cli-local", { limit: 1, samples: 1 });
  await executeRun(db, id, { backoffMs: 1 });
  server.always = null;
  const retried = await hints(["judge", "retry-failed", String(id)]);
  expect(retried.stderr).toContain(`judge run ${id}: 2 failed calls asked again`);
  expect(retried.code).toBe(0);
  expect(await runStatus(db, id)).toMatchObject({ state: "done", calls: { done: 2, failed: 0 } });
});

test("requests in flight when the process is killed are in the run's totals, with those sent again on resume", async () => {
  await endpoint("killed", { supportsN: false, concurrency: 4 });
  server.always = { kind: "slow", ms: 150 };
  const [program, argv] = hintsCommand([
    "judge",
    "run",
    "--benchmark",
    "SWE-bench Lite",
    "--selection",
    "defuse",
    "--endpoint",
    "killed",
  ]);
  const child = spawn(program, argv, {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // Killed once some calls are recorded, with four requests in flight.
  while (!/judge run \d+: [1-9]\d+ done/.test(stderr) && child.exitCode === null)
    await new Promise((resolve) => setTimeout(resolve, 20));
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  const id = Number(/judge run (\d+) created/.exec(stderr)?.[1]);
  // The killed requests' answers come to nobody, but the server bills them.
  while (server.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  server.always = null;
  const resumed = await executeRun(db, id, { backoffMs: 1 });
  expect(resumed).toMatchObject({ state: "done", calls: { pending: 0, failed: 0, done: VALUES * 6 } });
  expect(server.billed.requests).toBeGreaterThan(VALUES * 6);
  // Every request the server billed is in the run's prompt tokens (those lost at the kill as estimated).
  expect(resumed.usage.prompt / server.billed.prompt).toBeGreaterThan(0.99);
  // And no more than that, but for requests reserved against the budget at the kill that had not reached the
  // server yet (a reservation is recorded before its request is sent): at most the endpoint's concurrency.
  const perRequest = server.billed.prompt / server.billed.requests;
  expect(resumed.usage.prompt - server.billed.prompt).toBeLessThanOrEqual(4 * perRequest * 1.01);
});

test("a run may leave the measured repository fact out: another judge, its N prompt without the fact, its scores saying so", async () => {
  // The repository store measured the names: in no file at the base commit.
  for (const instance of await db.instance.findMany({ select: { id: true, evidence: true } })) {
    const evidence = JSON.parse(instance.evidence ?? "null");
    if (!evidence) continue;
    for (const identifier of evidence.identifiers) identifier.repo_files = 0;
    await db.instance.update({ where: { id: instance.id }, data: { evidence: JSON.stringify(evidence) } });
  }
  await endpoint("fact", { concurrency: 1 });
  const plan = await planRun(db, {
    benchmark: "SWE-bench Lite",
    selection: "defuse",
    endpoint: "fact",
    repositoryFact: false,
  });
  expect(plan.withoutRepositoryFact).toBe(2);
  const withFact = await executeRun(db, await run("fact"), { backoffMs: 1 });
  const nameCalls = () =>
    server.requests
      .map((r) => (r.messages as Array<{ content: string }>)[1]?.content ?? "")
      .filter((text) => text.includes("Rate NECESSITY.") && text.includes("attribute: `name`"));
  expect(nameCalls()).toHaveLength(2);
  for (const text of nameCalls()) expect(text).toContain("## Measured repository fact\nThe identifier `widget_");
  server.requests.length = 0;
  const without = await executeRun(db, await run("fact", { repositoryFact: false }), { backoffMs: 1 });
  expect(without.judge).toBe(`fact/fact-model@${JUDGE_TEMPLATE_VERSION}-no-repository-fact`);
  // Another judge: none of its answers comes from the first one's cache.
  expect(without.calls).toMatchObject({ done: VALUES * 6, cached: 0 });
  expect(nameCalls()).toHaveLength(2);
  for (const text of nameCalls()) expect(text).not.toContain("Measured repository fact");
  // The two judges' names, side by side: told the name is in no file, the judge calls it load-bearing.
  const names = async (judge: string) =>
    db.judgeScore.findMany({
      where: { judge, attribute: "name" },
      orderBy: [{ identifier: "asc" }, { sample: "asc" }],
    });
  const told = await names(withFact.judge);
  const notTold = await names(without.judge);
  expect(told.map((s) => s.necessity)).toEqual([3, 3, 3, 3, 3, 3]);
  expect(notTold.map((s) => s.necessity)).toEqual([1, 1, 1, 1, 1, 1]);
  expect(JSON.parse(told[0]?.detail ?? "{}").repository_fact).toBe(0);
  expect(JSON.parse(notTold[0]?.detail ?? "{}").repository_fact).toBe("left out");

  // From the command line: the same judge again, so its answers come from its cache.
  const cli = await hints([
    "judge",
    "run",
    "--benchmark",
    "SWE-bench Lite",
    "--selection",
    "defuse",
    "--endpoint",
    "fact",
    "--limit",
    "1",
    "--without-repository-fact",
    "--json",
  ]);
  expect(cli.code).toBe(0);
  expect(JSON.parse(cli.stdout)).toMatchObject({ judge: without.judge, state: "done", calls: { done: 6, cached: 6 } });
});
