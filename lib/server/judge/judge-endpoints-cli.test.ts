// The judge endpoints (split from judge-endpoints.test.ts, same harness): the command line, a killed process, a run
// without the measured repository fact.
import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { JUDGE_TEMPLATE_VERSION } from "../../judge/prompts";
import { hintsCommand } from "../../testing/hints-command";
import { judgeHarness, VALUES } from "../../testing/judge-harness";
import { executeRun } from "./judge-execute";
import { planRun, runStatus } from "./judge-runs";

const h = judgeHarness("hintscope-judge-endpoints-cli-");

/** `hints ARGS…` on the test's database, as a process (the fake server answers it meanwhile). */
function hints(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [program, argv] = hintsCommand(args);
  const child = spawn(program, argv, {
    env: { ...process.env, DATABASE_URL: h.url },
    stdio: ["ignore", "pipe", "pipe"],
  });
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
  await h.endpoint("cli-local", { supportsN: true, supportsJsonSchema: true });
  h.server.mode = { ignoreN: true, refuseSchema: true };
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
  h.server.mode = {};
  h.server.always = { kind: "status", status: 500 };
  const id = await h.run("cli-local", { limit: 1, samples: 1 });
  await executeRun(h.db, id, { backoffMs: 1 });
  h.server.always = null;
  const retried = await hints(["judge", "retry-failed", String(id)]);
  expect(retried.stderr).toContain(`judge run ${id}: 2 failed calls asked again`);
  expect(retried.code).toBe(0);
  expect(await runStatus(h.db, id)).toMatchObject({ state: "done", calls: { done: 2, failed: 0 } });
});

test("requests in flight when the process is killed are in the run's totals, with those sent again on resume", async () => {
  await h.endpoint("killed", { supportsN: false, concurrency: 4 });
  h.server.always = { kind: "slow", ms: 150 };
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
    env: { ...process.env, DATABASE_URL: h.url },
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
  while (h.server.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  h.server.always = null;
  const resumed = await executeRun(h.db, id, { backoffMs: 1 });
  expect(resumed).toMatchObject({ state: "done", calls: { pending: 0, failed: 0, done: VALUES * 6 } });
  expect(h.server.billed.requests).toBeGreaterThan(VALUES * 6);
  // Every request the server billed is in the run's prompt tokens (those lost at the kill as estimated).
  expect(resumed.usage.prompt / h.server.billed.prompt).toBeGreaterThan(0.99);
  // And no more than that, but for requests reserved against the budget at the kill that had not reached the
  // server yet (a reservation is recorded before its request is sent): at most the endpoint's concurrency.
  const perRequest = h.server.billed.prompt / h.server.billed.requests;
  expect(resumed.usage.prompt - h.server.billed.prompt).toBeLessThanOrEqual(4 * perRequest * 1.01);
});

test("a run may leave the measured repository fact out: another judge, its N prompt without the fact, its scores saying so", async () => {
  // The repository store measured the names: in no file at the base commit.
  for (const instance of await h.db.instance.findMany({ select: { id: true, evidence: true } })) {
    const evidence = JSON.parse(instance.evidence ?? "null");
    if (!evidence) continue;
    for (const identifier of evidence.identifiers) identifier.repo_files = 0;
    await h.db.instance.update({ where: { id: instance.id }, data: { evidence: JSON.stringify(evidence) } });
  }
  await h.endpoint("fact", { concurrency: 1 });
  const plan = await planRun(h.db, {
    benchmark: "SWE-bench Lite",
    selection: "defuse",
    endpoint: "fact",
    repositoryFact: false,
  });
  expect(plan.withoutRepositoryFact).toBe(2);
  const withFact = await executeRun(h.db, await h.run("fact"), { backoffMs: 1 });
  const nameCalls = () =>
    h.server.requests
      .map((r) => (r.messages as Array<{ content: string }>)[1]?.content ?? "")
      .filter((text) => text.includes("Rate NECESSITY.") && text.includes("attribute: `name`"));
  expect(nameCalls()).toHaveLength(2);
  for (const text of nameCalls()) expect(text).toContain("## Measured repository fact\nThe identifier `widget_");
  h.server.requests.length = 0;
  const without = await executeRun(h.db, await h.run("fact", { repositoryFact: false }), { backoffMs: 1 });
  expect(without.judge).toBe(`fact/fact-model@${JUDGE_TEMPLATE_VERSION}-no-repository-fact`);
  // Another judge: none of its answers comes from the first one's cache.
  expect(without.calls).toMatchObject({ done: VALUES * 6, cached: 0 });
  expect(nameCalls()).toHaveLength(2);
  for (const text of nameCalls()) expect(text).not.toContain("Measured repository fact");
  // The two judges' names, side by side: told the name is in no file, the judge calls it load-bearing.
  const names = async (judge: string) =>
    h.db.judgeScore.findMany({
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
