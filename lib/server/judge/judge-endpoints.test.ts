// What an endpoint really does, and the runner following it (issue 44): the real client over real HTTP to a
// local server that speaks the chat-completions protocol (lib/testing/fake-chat-server.ts) in the ways servers
// other than OpenAI's do (n ignored as by Ollama, a JSON schema refused, no usage, a body too large, trickling
// or not JSON); a real database. No LLM endpoint runs here.
import { expect, test } from "vitest";
import { JUDGE_TEMPLATE_VERSION } from "../../judge/prompts";
import { judgeHarness, VALUES } from "../../testing/judge-harness";
import { executeRun } from "./judge-execute";
import { listEndpoints, planRun, resumeRun, runStatus, testEndpoint } from "./judge-runs";

const h = judgeHarness("hintscope-judge-endpoints-");

/** The rationales of a run's answers, by value × call: each sample's own. */
async function answersByGroup(runId: number) {
  const calls = await h.db.judgeCall.findMany({ where: { runId, state: "done" } });
  const groups = new Map<string, string[]>();
  for (const call of calls) {
    const key = `${call.instanceId} ${call.identifier} ${call.attribute} ${call.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), call.answer ?? ""]);
  }
  return [...groups.values()];
}

test("an endpoint that ignores n (as Ollama's does): each sample is its own request's answer, never a copy, and the run and the endpoint say so", async () => {
  // Saved by hand as taking n; the server answers one choice whatever n asks.
  await h.endpoint("ollama-like");
  h.server.mode = { ignoreN: true };
  const id = await h.run("ollama-like", { limit: 2 });
  const status = await executeRun(h.db, id, { backoffMs: 1 });
  expect(status).toMatchObject({ state: "done", calls: { done: 2 * 2 * 3, failed: 0, pending: 0 } });
  // Every value × call group holds three distinct answers: none copied from another sample.
  const groups = await answersByGroup(id);
  expect(groups).toHaveLength(2 * 2);
  for (const answers of groups) expect(new Set(answers).size).toBe(3);
  // The first request asked n = 3 and got one choice; from then on, one request per sample, without n.
  expect(h.server.requests[0]).toMatchObject({ n: 3 });
  const withN = h.server.requests.filter((r) => "n" in r);
  expect(withN.length).toBeLessThanOrEqual(2); // at most the two workers' first requests
  // One answer per request: twelve requests for twelve samples.
  expect(h.server.requests).toHaveLength(2 * 2 * 3);
  expect(status.notes).toMatch(/returned 1 of 3 choices asked through n: each sample was asked in its own request/);
  // The endpoint remembers it: the next run plans and asks one request per sample.
  expect((await listEndpoints(h.db)).find((e) => e.name === "ollama-like")).toMatchObject({ supportsN: false });
  const plan = await planRun(h.db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: "ollama-like" });
  expect(plan).toMatchObject({ takesN: false, requests: VALUES * 2 * 3 });
});

test("the endpoint test asks one tiny question and records what the endpoint does; the runner follows it over the flags", async () => {
  // A faithful OpenAI-like server: n honoured, the schema kept, usage reported.
  await h.endpoint("openai-like", { supportsN: false, supportsJsonSchema: false });
  const honest = await testEndpoint(h.db, "openai-like");
  expect(honest).toMatchObject({ nAsked: 2, nReturned: 2, takesN: true, jsonSchema: true, usageReported: true });
  expect(h.server.requests).toHaveLength(1);
  expect(h.server.requests[0]).toMatchObject({ n: 2, response_format: { type: "json_schema" } });

  // A server that ignores n, refuses a JSON schema and reports no usage, though saved as taking both.
  await h.endpoint("local", { supportsN: true, supportsJsonSchema: true, inputPrice: null, outputPrice: null });
  h.server.mode = { ignoreN: true, refuseSchema: true, noUsage: true };
  h.server.requests.length = 0;
  const measured = await testEndpoint(h.db, "local");
  expect(measured).toMatchObject({
    nReturned: 1,
    takesN: false,
    jsonSchema: false,
    usageReported: false,
    priced: false,
  });
  expect(measured.notes.join("\n")).toMatch(/JSON schema was refused \(400 response_format type json_schema/);
  // Asked with the schema, refused (400), asked again without it.
  expect(h.server.requests).toHaveLength(2);
  expect(h.server.requests[1]).not.toHaveProperty("response_format");
  expect((await listEndpoints(h.db)).find((e) => e.name === "local")?.measured).toMatchObject({ takesN: false });

  // The run follows the measure: one request per sample, no n, no response_format; usage estimated, said so.
  h.server.requests.length = 0;
  const status = await executeRun(h.db, await h.run("local", { limit: 1 }), { backoffMs: 1 });
  expect(status).toMatchObject({ state: "done", calls: { done: 6, failed: 0 } });
  expect(h.server.requests).toHaveLength(6);
  for (const body of h.server.requests) {
    expect(body).not.toHaveProperty("n");
    expect(body).not.toHaveProperty("response_format");
  }
  expect(status.notes).toMatch(/reported no usage: tokens and cost are estimated/);
  expect(status.usage.prompt).toBeGreaterThan(0);

  // Saving the endpoint with another model forgets the measure (it measured another thing).
  await h.endpoint("local", { model: "other-model" });
  expect((await listEndpoints(h.db)).find((e) => e.name === "local")?.measured).toBeNull();
});

test("a failed answer is never cached: a new run over the same values asks again; a run with failed calls is not done, and resume asks them again", async () => {
  await h.endpoint("flaky", { supportsN: false, concurrency: 1 });
  // Every answer malformed: each sample asked, asked again once, then failed.
  h.server.always = { kind: "malformed" };
  const first = await h.run("flaky", { limit: 1, samples: 1 });
  const failed = await executeRun(h.db, first, { backoffMs: 1 });
  expect(failed.calls).toMatchObject({ done: 0, failed: 2, pending: 0 });
  expect(failed.state).toBe("stopped");
  expect(failed.reason).toMatch(/^2 calls failed \(last: the answer.*\); resuming asks them again$/);
  expect(h.server.requests).toHaveLength(4);

  // A new run over the same values sends the requests again (no failure came from the cache).
  h.server.always = null;
  h.server.requests.length = 0;
  const second = await executeRun(h.db, await h.run("flaky", { limit: 1, samples: 1 }), { backoffMs: 1 });
  expect(second).toMatchObject({ state: "done", calls: { done: 2, failed: 0, cached: 0 } });
  expect(h.server.requests).toHaveLength(2);

  // A 500 outage: the calls fail after their retries; the run stops (not done); resume asks them again.
  await h.endpoint("outage", { supportsN: false, concurrency: 1 });
  h.server.always = { kind: "status", status: 500 };
  const third = await h.run("outage", { limit: 1, samples: 1 });
  const down = await executeRun(h.db, third, { backoffMs: 1 });
  expect(down).toMatchObject({ state: "stopped", calls: { failed: 2, done: 0, pending: 0 } });
  expect(down.reason).toMatch(/2 calls failed \(last: .*500 status 500/);
  h.server.always = null;
  h.server.requests.length = 0;
  expect(await resumeRun(h.db, third)).toBe(2);
  expect(await executeRun(h.db, third, { backoffMs: 1 })).toMatchObject({
    state: "done",
    calls: { done: 2, failed: 0, pending: 0 },
  });
  expect(h.server.requests).toHaveLength(2);
  // The first run too.
  h.server.requests.length = 0;
  await resumeRun(h.db, first);
  expect(await executeRun(h.db, first, { backoffMs: 1 })).toMatchObject({ state: "done", calls: { failed: 0 } });
  // Its answers parsed for the new run are cached now: taken from there.
  expect(h.server.requests).toHaveLength(0);
});

test("two endpoint names with the same URL and model are two judges: neither takes the other's answers", async () => {
  await h.endpoint("twin-a", { model: "shared-model" });
  await h.endpoint("twin-b", { model: "shared-model" });
  const a = await executeRun(h.db, await h.run("twin-a", { limit: 1 }), { backoffMs: 1 });
  const b = await executeRun(h.db, await h.run("twin-b", { limit: 1 }), { backoffMs: 1 });
  expect(a.judge).toBe(`twin-a/shared-model@${JUDGE_TEMPLATE_VERSION}`);
  expect(b.judge).toBe(`twin-b/shared-model@${JUDGE_TEMPLATE_VERSION}`);
  expect(b.calls).toMatchObject({ done: 6, cached: 0 });
  expect(h.server.requests).toHaveLength(4);
  // Their scores are each judge's own answers (each rationale carries the server's serial).
  const rationales = async (judge: string) =>
    (await h.db.judgeScore.findMany({ where: { judge } })).map((s) => JSON.parse(s.detail ?? "{}").necessity.rationale);
  const mine = new Set(await rationales(a.judge));
  for (const r of await rationales(b.judge)) expect(mine.has(r)).toBe(false);
});

test("endpoint parameters are data: sent with every request, naming the judge, cached apart; clashes and non-http URLs refused", async () => {
  await h.endpoint("reasoning", { model: "o-model", parameters: { reasoning_effort: "medium", top_p: 0.9 } });
  const status = await executeRun(h.db, await h.run("reasoning", { limit: 1 }), { backoffMs: 1 });
  expect(status.judge).toBe(`reasoning/o-model[reasoning_effort=medium,top_p=0.9]@${JUDGE_TEMPLATE_VERSION}`);
  for (const body of h.server.requests) expect(body).toMatchObject({ reasoning_effort: "medium", top_p: 0.9, n: 3 });
  // Another effort is another judge: nothing from the first one's cache.
  await h.endpoint("reasoning", { model: "o-model", parameters: '{"reasoning_effort": "high"}' });
  const high = await executeRun(h.db, await h.run("reasoning", { limit: 1 }), { backoffMs: 1 });
  expect(high.judge).toBe(`reasoning/o-model[reasoning_effort=high]@${JUDGE_TEMPLATE_VERSION}`);
  expect(high.calls.cached).toBe(0);
  // A run begun under one set of parameters is not carried on under others (its scores name the first).
  const begun = await h.run("reasoning", { limit: 1 });
  await h.endpoint("reasoning", { model: "o-model", parameters: { reasoning_effort: "low" } });
  const changed = await executeRun(h.db, begun, { backoffMs: 1 });
  expect(changed.state).toBe("paused");
  expect(changed.reason).toBe(
    `the endpoint changed since the run began: its judge was reasoning/o-model[reasoning_effort=high]@${JUDGE_TEMPLATE_VERSION}, it is now reasoning/o-model[reasoning_effort=low]@${JUDGE_TEMPLATE_VERSION}; start a new run (or set the endpoint back)`,
  );
  expect(changed.calls.pending).toBe(6);

  await expect(h.endpoint("bad", { parameters: { n: 5 } })).rejects.toThrow(/may not set n: the runner sets them/);
  await expect(h.endpoint("bad", { parameters: "[1]" })).rejects.toThrow(/must be a JSON object of body fields/);
  await expect(h.endpoint("bad", { parameters: "{reasoning" })).rejects.toThrow(/parameters are not JSON/);
  for (const url of ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.org/v1"])
    await expect(h.endpoint("bad", { baseUrl: url })).rejects.toThrow(/must be http or https/);
  await expect(h.endpoint("bad", { baseUrl: "not a url" })).rejects.toThrow(/is not a URL/);
  expect((await listEndpoints(h.db)).find((e) => e.name === "bad")).toBeUndefined();
  // Each is the vocabulary's invalid input (an admin's action says it), and a name that is not there not-found.
  await expect(h.endpoint("bad", { parameters: "[1]" })).rejects.toMatchObject({ code: "invalid-input" });
  await expect(h.endpoint("bad", { baseUrl: "ftp://example.org/v1" })).rejects.toMatchObject({ code: "invalid-input" });
  await expect(h.endpoint("bad", { timeoutMs: 1.5 })).rejects.toMatchObject({ code: "invalid-input" });
  await expect(testEndpoint(h.db, "nowhere")).rejects.toMatchObject({
    code: "not-found",
    message: /no judge endpoint/,
  });
  await expect(runStatus(h.db, 999_999)).rejects.toMatchObject({ code: "not-found", message: "no judge run 999999" });
});

test("the plan counts a prompt once per request where the endpoint takes n, as it is billed", async () => {
  await h.endpoint("billed", { model: "billed-model" });
  await h.endpoint("billed-single", { model: "billed-model", supportsN: false });
  const withN = await planRun(h.db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: "billed" });
  const without = await planRun(h.db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: "billed-single" });
  expect(withN).toMatchObject({ calls: VALUES * 2 * 3, requests: VALUES * 2, takesN: true, abilities: "as set" });
  expect(without).toMatchObject({ calls: VALUES * 2 * 3, requests: VALUES * 2 * 3, takesN: false });
  expect(without.promptTokens).toBe(3 * withN.promptTokens);
  // Against what the server bills for the whole run: within a few percent (the plan estimates tokens).
  const status = await executeRun(h.db, await h.run("billed"), { backoffMs: 1 });
  expect(status.state).toBe("done");
  expect(h.server.billed.requests).toBe(VALUES * 2);
  expect(status.usage.prompt).toBe(h.server.billed.prompt);
  expect(withN.promptTokens / h.server.billed.prompt).toBeGreaterThan(0.9);
  expect(withN.promptTokens / h.server.billed.prompt).toBeLessThan(1.1);
});

test("a $0.01 budget with four workers and no n stops within one request's cost of it; totals are what the server billed", async () => {
  // About $0.002 a request: a budget of five, with four in flight at a time.
  await h.endpoint("budgeted", { supportsN: false, concurrency: 4, inputPrice: 1.5, outputPrice: 4 });
  h.server.always = { kind: "slow", ms: 30 };
  const status = await executeRun(h.db, await h.run("budgeted", { budget: 0.01 }), { backoffMs: 1 });
  expect(status.state).toBe("stopped");
  expect(status.reason).toMatch(/^budget reached/);
  const calls = await h.db.judgeCall.findMany({ where: { runId: status.id, state: "done" } });
  const dearest = Math.max(...calls.map((c) => (1.5 * c.promptTokens + 4 * c.completionTokens) / 1e6));
  // Not stopped early: what was spent and in flight when it stopped reached the budget.
  expect(status.cost).toBeGreaterThanOrEqual(0.01 - dearest);
  expect(status.cost).toBeLessThanOrEqual(0.01 + dearest);
  // Every request the server answered is in the run's totals.
  expect(status.usage.prompt).toBe(h.server.billed.prompt);
  expect(status.usage.completion).toBe(h.server.billed.completion);
});

test("a hostile or broken endpoint fails a call in bounded memory and time: an answer too large, not JSON (never echoed), or trickling", async () => {
  await h.endpoint("hostile", { supportsN: false, concurrency: 1, timeoutMs: 500 });
  // 1.5 GB inside one JSON string: the client stops reading at its limit.
  h.server.script = [{ kind: "huge", bytes: 1.5e9 }];
  const before = process.memoryUsage().rss;
  const id = await h.run("hostile", { limit: 1, samples: 1 });
  const status = await executeRun(h.db, id, { backoffMs: 1, maxAnswerBytes: 1024 * 1024 });
  expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  const failed = await h.db.judgeCall.findMany({ where: { runId: id, state: "failed" } });
  expect(failed).toHaveLength(1);
  expect(failed[0]?.error).toMatch(/answered an answer over the 1048576-byte limit/);
  expect(status.calls).toMatchObject({ done: 1, failed: 1 });
  // Not retried: one request for the large answer, one for the other call.
  expect(h.server.requests).toHaveLength(2);

  // A body that is not the protocol is named, never shown.
  h.server.requests.length = 0;
  h.server.script = [{ kind: "text", body: "<html>internal proxy secret-token-123</html>" }];
  const text = await h.run("hostile", { limit: 1, samples: 1 });
  await executeRun(h.db, text, { backoffMs: 1 });
  const notJson = await h.db.judgeCall.findFirst({ where: { runId: text, state: "failed" } });
  expect(notJson?.error).toMatch(/answered an answer that is not JSON \(44 bytes\)/);
  expect(JSON.stringify(await runStatus(h.db, text))).not.toContain("secret-token");

  // One byte every 50 ms, never ending: the deadline counts the whole body; after its one retry the run pauses.
  h.server.requests.length = 0;
  h.server.always = { kind: "trickle", everyMs: 50 };
  const slow = await h.run("hostile", { limit: 1, samples: 1 });
  const paused = await executeRun(h.db, slow, { backoffMs: 1 });
  expect(paused.state).toBe("paused");
  expect(paused.reason).toMatch(/^the endpoint timed out: .*timed out after 500 ms \(after 2 attempts\)/);
  expect(paused.calls.pending).toBe(2);
  expect(h.server.requests).toHaveLength(2);
});
