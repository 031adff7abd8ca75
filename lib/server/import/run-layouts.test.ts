/**
 * Issue 42, "In", item 5: every layout a run comes in imports as the run it is, or is refused naming what is
 * missing and what would make it importable. The files are real cuts kept at their real paths
 * (lib/testing/real-data/README.md): NoCode-bench's evaluation_details.jsonl, AutoCodeRover's SWE-bench report of
 * 2024 (the shape of the SWE-bench leaderboard's results/results.json then) and its final_report.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "./import-files";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  env = await openTempDatabase();
});
afterEach(() => env.close());

const outcomes = async () =>
  Object.fromEntries(
    (
      await env.db.runResult.findMany({
        select: { instanceExternalId: true, resolved: true, status: true, patchApplied: true, testCounts: true },
      })
    ).map((r) => [r.instanceExternalId, r]),
  );
const runModels = async () => (await env.db.run.findMany({ select: { model: true } })).map((r) => r.model).sort();

const NOCODE_SYSTEM = "20250722_agentless_deepseek_r1_0528";
const NOCODE = path.join(REAL_DATA, "nocode-bench-experiments", "evaluation", "verified", NOCODE_SYSTEM);

test("NoCode-bench's evaluation_details.jsonl: one run with its results, per-test counts and agent patches", async () => {
  const file = path.join(NOCODE, "evaluation_details.jsonl");
  const summary = await importFiles(env.db, [file], { benchmark: "NoCode-bench Verified" });
  expect(summary.files[0]?.format).toBe("nocode-bench-evaluation");
  expect(await runModels()).toEqual([NOCODE_SYSTEM]);
  expect(summary.files[0]?.warnings).toContain(
    `the run is named after its system's folder "${NOCODE_SYSTEM}" (the submission's folder); its metadata.yaml calls it "Agentless-1.5"; --model NAME names it otherwise`,
  );
  const rows = await outcomes();
  // Line 5 of the cut (pydata__xarray-4248): resolved, its 1 F2P and 18 P2P tests passing.
  expect(rows["pydata__xarray-4248"]).toMatchObject({ resolved: true, status: "resolved", patchApplied: true });
  expect(JSON.parse(rows["pydata__xarray-4248"]?.testCounts ?? "null")).toEqual({
    FAIL_TO_PASS: { passed: 0 + 1, failed: 0 },
    PASS_TO_PASS: { passed: 18, failed: 0 },
  });
  // Line 8 (pylint-dev__pylint-5372): F2P 1 of 2 passing, not resolved.
  expect(rows["pylint-dev__pylint-5372"]).toMatchObject({ resolved: false, status: "unresolved", patchApplied: true });
  expect(JSON.parse(rows["pylint-dev__pylint-5372"]?.testCounts ?? "null")).toEqual({
    FAIL_TO_PASS: { passed: 1, failed: 1 },
    PASS_TO_PASS: { passed: 7, failed: 0 },
  });
  // Line 3 (matplotlib__matplotlib-25904): an empty model_patch, "applied", tests run, not resolved.
  expect(rows["matplotlib__matplotlib-25904"]).toMatchObject({ resolved: false, status: "empty_patch" });
  // Line 1 (matplotlib__matplotlib-25779): "Instance not attempted or report was empty." — no model_patch,
  // no `applied`: not run, and no test ran (the harness lists every test under "fail" without running it).
  expect(rows["matplotlib__matplotlib-25779"]).toMatchObject({
    resolved: false,
    status: "not_run",
    patchApplied: null,
    testCounts: null,
  });
  expect(Object.keys(rows)).toHaveLength(7);
  // The agent's patches: one per line that has one (not the line never attempted).
  const lines = readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as { instance_id: string; model_patch?: string });
  const patches = await env.db.agentPatch.findMany({ select: { instanceExternalId: true, patch: true } });
  expect(Object.fromEntries(patches.map((p) => [p.instanceExternalId, p.patch]))).toEqual(
    Object.fromEntries(lines.filter((l) => "model_patch" in l).map((l) => [l.instance_id, l.model_patch])),
  );
  expect(patches).toHaveLength(6);
});

const ACR = path.join(REAL_DATA, "auto-code-rover", "results", "acr-run-1");

test("the SWE-bench report of 2024 (no_generation … resolved): resolved, and unresolved = generated minus resolved", async () => {
  const file = path.join(ACR, "new_eval_results", "report.json");
  const summary = await importFiles(env.db, [file], { benchmark: "SWE-bench Lite" });
  expect(summary.files[0]).toMatchObject({ format: "swebench-model-report", added: 8 });
  // AutoCodeRover keeps a run's evaluations in <run>/new_eval_results/: the run is the folder above.
  expect(await runModels()).toEqual(["acr-run-1"]);
  const rows = await outcomes();
  const of = (id: string) => [rows[id]?.resolved, rows[id]?.status, rows[id]?.patchApplied];
  expect(of("django__django-16139")).toEqual([true, "resolved", true]);
  // applied, not resolved: the agent's patch ran and failed.
  expect(of("django__django-14608")).toEqual([false, "unresolved", true]);
  // no_apply: the agent's patch does not apply to the code: its failure, attempted.
  expect(of("django__django-13757")).toEqual([false, "unresolved", false]);
  const run = await env.db.run.findFirst();
  expect(JSON.parse(run?.summary ?? "{}")).toMatchObject({ generated: 8, applied: 6, resolved: 3, no_apply: 2 });
});

test("the 2024 report's harness failures (install_fail, no log) are errors, not the agent's; no_generation an empty patch", async () => {
  const file = path.join(env.tmp.dir, "my-run", "results", "results.json");
  mkdirSync(path.dirname(file), { recursive: true });
  const real = JSON.parse(readFileSync(path.join(ACR, "new_eval_results", "report.json"), "utf8")) as Record<
    string,
    string[]
  >;
  writeFileSync(
    file,
    JSON.stringify({
      ...real,
      no_generation: ["astropy__astropy-12907"],
      generated: [...(real.generated ?? []), "astropy__astropy-14182", "astropy__astropy-14365"],
      with_logs: [...(real.with_logs ?? []), "astropy__astropy-14182"],
      install_fail: ["astropy__astropy-14182"],
    }),
  );
  await importFiles(env.db, [file], { benchmark: "SWE-bench Lite" });
  expect(await runModels()).toEqual(["my-run"]);
  const rows = await outcomes();
  expect(rows["astropy__astropy-12907"]).toMatchObject({ resolved: false, status: "empty_patch" });
  expect(rows["astropy__astropy-14182"]).toMatchObject({ resolved: false, status: "error" });
  expect(rows["astropy__astropy-14365"]).toMatchObject({ resolved: false, status: "error" });
});

test("final_report.json (stats, resolved, resolved_per_project) is refused: it names the resolved, not the attempted", async () => {
  const file = path.join(ACR, "old_eval_results", "final_report.json");
  await expect(importFiles(env.db, [file], { benchmark: "SWE-bench Lite" })).rejects.toThrow(
    `${file}:1: this report names its 48 resolved instances but not which others were attempted (its stats count 249 generated, 245 applied): a run from it would count only successes. What would make it importable: the same run's per-instance outcomes — the harness's report that lists generated and applied ids (AutoCodeRover keeps it as new_eval_results/report.json), its logs/<id>/report.json files, or a CSV of instance_id,resolved for every attempted instance with --model NAME`,
  );
  expect(await env.db.runResult.count()).toBe(0);
});

/**
 * A per-instance results_summary.csv (`instance_id,resolved,patch_applied`, no model), made from the committed
 * real results summary (gemini-3-pro with mini-swe-agent on SWE-bench Verified, its 8 instances) as pandas'
 * `DataFrame(instances).to_csv(index=False)` writes it: booleans as True/False.
 */
function resultsSummaryCsv(): string {
  const real = JSON.parse(
    readFileSync(
      path.join(REAL_DATA, "results", "swebench-verified", "gemini-3-pro_mini-swe-agent_20251118.results_summary.json"),
      "utf8",
    ),
  ) as { instances: Array<{ instance_id: string; resolved: boolean; patch_applied: boolean }> };
  const file = path.join(env.tmp.dir, "gemini-3-pro", "results_summary.csv");
  mkdirSync(path.dirname(file), { recursive: true });
  const cell = (b: boolean) => (b ? "True" : "False");
  writeFileSync(
    file,
    `instance_id,resolved,patch_applied\n${real.instances.map((i) => `${i.instance_id},${cell(i.resolved)},${cell(i.patch_applied)}`).join("\n")}\n`,
  );
  return file;
}

test("a per-instance results_summary.csv without a model is refused saying --model NAME would import it", async () => {
  const file = resultsSummaryCsv();
  await expect(importFiles(env.db, [file], { benchmark: "SWE-bench Verified" })).rejects.toThrow(
    `${file}:2: per-instance results (instance_id, resolved) with no column naming the model: say whose run it is with --model NAME (and --selection S --projection P where it ran under a hint policy)`,
  );
  expect(await env.db.runResult.count()).toBe(0);
});

test("the same results_summary.csv with --model NAME imports as that model's run, 5 of 8 resolved", async () => {
  const file = resultsSummaryCsv();
  const summary = await importFiles(env.db, [file], {
    benchmark: "SWE-bench Verified",
    run: { model: "gemini-3-pro" },
  });
  expect(summary.files[0]).toMatchObject({ format: "instance-results", added: 8 });
  expect(await runModels()).toEqual(["gemini-3-pro"]);
  expect(await env.db.runResult.count({ where: { resolved: true } })).toBe(5);
  expect(await env.db.runResult.count({ where: { patchApplied: true } })).toBe(8);
});

/** A trace viewer's export flattened as pandas' json_normalize writes it: columns literally named with dots. */
function flatCsv(): string {
  const file = path.join(env.tmp.dir, "traces.csv");
  writeFileSync(
    file,
    "metadata.instance_id,result.resolved\nastropy__astropy-12907,True\nastropy__astropy-13033,False\n",
  );
  return file;
}

test("--map instance_id=metadata.instance_id on a column literally so named reads that column, and says so", async () => {
  const summary = await importFiles(env.db, [flatCsv()], {
    benchmark: "SWE-bench Verified",
    fieldMap: { instance_id: "metadata.instance_id", resolved: "result.resolved" },
    run: { model: "traced" },
  });
  expect(summary.files[0]).toMatchObject({ format: "instance-results", added: 2 });
  expect(summary.files[0]?.warnings).toContain(
    `--map instance_id=metadata.instance_id read the column "metadata.instance_id" as named (a column of that name wins over the path metadata → instance_id)`,
  );
  expect(
    await env.db.runResult.count({ where: { resolved: true, instanceExternalId: "astropy__astropy-12907" } }),
  ).toBe(1);
});

test("a --map source that matches nothing is said in the refusal, not passed over", async () => {
  const file = flatCsv();
  await expect(
    importFiles(env.db, [file], { benchmark: "SWE-bench Verified", fieldMap: { instance_id: "meta.instance_id" } }),
  ).rejects.toThrow(
    `(--map instance_id=meta.instance_id matched nothing: the record has no column "meta.instance_id" and no path meta → instance_id)`,
  );
});

test("results whose model sits in a column of another name (run) are a file for a field map, not results without a model", async () => {
  const file = env.tmp.write(
    "runs.jsonl",
    '{"instance_id":"e2e__mapped-1","run":"m1","selection":"defuse","projection":"name","resolved":true}\n',
  );
  await expect(importFiles(env.db, [file], { benchmark: "E2E Mapped" })).rejects.toThrow(
    /unknown format: a record with fields \(instance_id, run, selection, projection, resolved\); closest: plain results/,
  );
  const mapped = await importFiles(env.db, [file], { benchmark: "E2E Mapped", fieldMap: { model: "run" } });
  expect(mapped.files[0]).toMatchObject({ format: "plain-results", added: 1 });
});
