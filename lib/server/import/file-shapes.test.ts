/**
 * Issue 24's shapes, imported into a real database: SWE-smith task instances (one pretty-printed object per
 * file, no test patch), SWE-smith's aggregate report, and the harness's per-instance report.json (with an
 * id wrapper, and SWE-smith's bare variant whose id is its folder's name). The records follow the shapes
 * the projects document (SWE-smith's task instances and report; SWE-bench's run_evaluation report.json).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTempDatabase } from "../../testing/temp-database";
import { loadResearchData, runInstances } from "../research/research";
import { resolveRateRows } from "../research/research-report";
import { importFiles } from "./import-files";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
});
afterAll(() => env.close());

const smithInstance = (n: number) => ({
  instance_id: `getmoto__moto.694ce1f4.func_pm_remove_cond__${n}`,
  repo: "swesmith/getmoto__moto.694ce1f4",
  patch: `diff --git a/moto/core.py b/moto/core.py\n--- a/moto/core.py\n+++ b/moto/core.py\n@@ -1,2 +1,3 @@\n x = 1\n+def helper_${n}():\n+    return ${n}\n`,
  FAIL_TO_PASS: [`tests/test_core.py::test_helper_${n}`],
  PASS_TO_PASS: ["tests/test_core.py::test_other"],
  created_at: "2025-03-14T21:05:12.611209",
  image_name: "jyangballin/swesmith.x86_64.getmoto_1776_moto.694ce1f4",
  base_commit: "a".repeat(40),
  problem_statement: `helper_${n} is gone`,
});

const write = (relative: string, text: string) => {
  const file = path.join(env.tmp.dir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};

test("a SWE-smith task instance, one pretty-printed object per file: imported with no test patch", async () => {
  const files = [1, 2].map((n) => write(`smith/task-${n}.json`, JSON.stringify(smithInstance(n), null, 2)));
  const summary = await importFiles(env.db, files);
  expect(summary.files.map((f) => [f.format, f.benchmark, f.added])).toEqual([
    ["swe-smith", "SWE-smith", 1],
    ["swe-smith", "SWE-smith", 1],
  ]);
  const stored = await env.db.instance.findFirstOrThrow({ where: { externalId: smithInstance(1).instance_id } });
  expect(stored).toMatchObject({ testPatch: "", repo: "swesmith/getmoto__moto.694ce1f4", language: "python" });
  expect(JSON.parse(stored.failToPass)).toEqual(["tests/test_core.py::test_helper_1"]);
});

test("SWE-smith's aggregate report: counts as numbers, ids in lists (it no longer clashes with an alias)", async () => {
  const report = {
    resolved: 1,
    unresolved: 1,
    total: 2,
    ids_resolved: [smithInstance(1).instance_id],
    ids_unresolved: [smithInstance(2).instance_id],
  };
  const summary = await importFiles(env.db, [write("smith-run.report.json", JSON.stringify(report, null, 2))]);
  expect(summary.files[0]).toMatchObject({ format: "swe-smith-report", benchmark: "SWE-smith", added: 2 });
  const row = resolveRateRows(await loadResearchData(env.db), "SWE-smith").find((r) => r.model === "smith-run");
  expect(row).toMatchObject({ resolved: 1, n: 2, mismatch: null });
});

test("report.json with ids: results with their per-test counts, shown in the run's drill-down", async () => {
  const report = {
    [smithInstance(1).instance_id]: {
      patch_is_None: false,
      patch_exists: true,
      patch_successfully_applied: true,
      resolved: true,
      tests_status: {
        FAIL_TO_PASS: { success: ["a", "b"], failure: [] },
        PASS_TO_PASS: { success: ["c", "d", "e"], failure: ["f"] },
      },
    },
    [smithInstance(2).instance_id]: {
      patch_is_None: true,
      patch_exists: false,
      patch_successfully_applied: false,
      resolved: false,
      tests_status: {},
    },
  };
  const file = write("run_evaluation/my-run/model-x/report.json", JSON.stringify(report, null, 2));
  const summary = await importFiles(env.db, [file], { benchmark: "SWE-smith" });
  expect(summary.files[0]).toMatchObject({ format: "instance-report", added: 2, warnings: [] });
  const run = await env.db.run.findFirstOrThrow({ where: { model: "model-x" } });
  const instances = await runInstances(env.db, run.id);
  expect(instances?.map((i) => [i.status, i.tests])).toEqual([
    ["resolved", { FAIL_TO_PASS: { passed: 2, failed: 0 }, PASS_TO_PASS: { passed: 3, failed: 1 } }],
    ["empty_patch", {}],
  ]);
});

test("a harness report.json in its instance's folder names the run by the folder above", async () => {
  const id = smithInstance(1).instance_id;
  const report = { [id]: { patch_successfully_applied: true, resolved: false, tests_status: {} } };
  const file = write(`run_evaluation/run-2/some-model/${id}/report.json`, JSON.stringify(report));
  await importFiles(env.db, [file], { benchmark: "SWE-smith" });
  const run = await env.db.run.findFirstOrThrow({ where: { model: "some-model" } });
  expect((await runInstances(env.db, run.id))?.map((i) => [i.externalId, i.status])).toEqual([[id, "unresolved"]]);
});

test("SWE-smith's bare report.json: the id is its folder's name, and the import says so", async () => {
  const id = smithInstance(2).instance_id;
  const report = {
    patch_is_None: false,
    patch_exists: true,
    patch_successfully_applied: true,
    resolved: true,
    tests_status: { FAIL_TO_PASS: { success: ["t"], failure: [] } },
  };
  const file = write(`logs/smith-agent/${id}/report.json`, JSON.stringify(report, null, 2));
  const summary = await importFiles(env.db, [file], { benchmark: "SWE-smith" });
  expect(summary.files[0]).toMatchObject({
    format: "instance-report",
    added: 1,
    warnings: [`the instance id "${id}" was read from the name of the folder holding the report`],
  });
  const run = await env.db.run.findFirstOrThrow({ where: { model: "smith-agent" } });
  expect((await runInstances(env.db, run.id))?.map((i) => i.externalId)).toEqual([id]);
});

const agentPatch = (n: number) =>
  `diff --git a/moto/core.py b/moto/core.py\n--- a/moto/core.py\n+++ b/moto/core.py\n@@ -1,2 +1,3 @@\n x = 1\n+def helper_${n}_v2():\n+    return ${n}\n`;

test.each([
  [
    "SWE-bench predictions as JSON Lines",
    "preds-a.jsonl",
    (ids: string[]) =>
      ids
        .map((id, i) =>
          JSON.stringify({
            instance_id: id,
            model_name_or_path: "agent-a",
            model_patch: i === 0 ? agentPatch(1) : null,
          }),
        )
        .join("\n"),
    "predictions",
    "agent-a",
  ],
  [
    "SWE-bench predictions as a JSON array",
    "preds-b.json",
    (ids: string[]) =>
      JSON.stringify(
        ids.map((id, i) => ({
          instance_id: id,
          model_name_or_path: "agent-b",
          model_patch: i === 0 ? agentPatch(1) : "",
        })),
      ),
    "predictions",
    "agent-b",
  ],
  [
    "mini-swe-agent's preds.json (id → prediction)",
    "agent-c/preds.json",
    (ids: string[]) =>
      JSON.stringify(
        Object.fromEntries(
          ids.map((id, i) => [
            id,
            { instance_id: id, model_name_or_path: "agent-c", model_patch: i === 0 ? agentPatch(1) : "" },
          ]),
        ),
        null,
        2,
      ),
    "predictions-map",
    "agent-c",
  ],
])(
  "%s: each prediction is the run's agent patch for its instance; none is an empty patch",
  async (_what, name, text, format, model) => {
    const ids = [1, 2].map((n) => smithInstance(n).instance_id);
    const summary = await importFiles(env.db, [write(name, text(ids))], { benchmark: "SWE-smith" });
    expect(summary.files[0]).toMatchObject({ format, added: 2, unmatched_ids: [] });
    const run = await env.db.run.findFirstOrThrow({ where: { model } });
    const patches = await env.db.agentPatch.findMany({
      where: { runId: run.id },
      orderBy: { instanceExternalId: "asc" },
    });
    expect(patches.map((p) => [p.instanceExternalId, p.patch])).toEqual([
      [ids[0], agentPatch(1)],
      [ids[1], ""],
    ]);
    // The same file again changes nothing.
    expect((await importFiles(env.db, [write(name, text(ids))], { benchmark: "SWE-smith" })).files[0]).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 2,
    });
  },
);

test("OpenHands' output.jsonl: the agent patch from test_result, the result from its report, the model from metadata", async () => {
  const id = smithInstance(1).instance_id;
  const record = {
    instance_id: id,
    instance: { ...smithInstance(1) },
    instruction: "…",
    metadata: { agent_class: "CodeActAgent", llm_config: { model: "openhands-llm" } },
    history: [],
    metrics: { accumulated_cost: 0.42 },
    error: null,
    test_result: { git_patch: agentPatch(1), report: { empty_generation: false, resolved: true } },
  };
  const summary = await importFiles(env.db, [write("output.jsonl", JSON.stringify(record))], {
    benchmark: "SWE-smith",
  });
  expect(summary.files[0]).toMatchObject({ format: "openhands-output", added: 2 });
  const run = await env.db.run.findFirstOrThrow({ where: { model: "openhands-llm" } });
  expect(await env.db.agentPatch.findFirstOrThrow({ where: { runId: run.id } })).toMatchObject({
    patch: agentPatch(1),
  });
  expect(await env.db.runResult.findFirstOrThrow({ where: { runId: run.id } })).toMatchObject({ resolved: true });
});

test("observed guesswork per run: failed instances whose agent named the tests' function differently", async () => {
  const { analyzePendingInstances } = await import("../analysis/analyze-stored-instances");
  const { guessworkRows } = await import("../research/guesswork");
  const gold = (name: string) =>
    `diff --git a/lib/locale.py b/lib/locale.py\n--- a/lib/locale.py\n+++ b/lib/locale.py\n@@ -1 +1,3 @@\n x = 1\n+def ${name}(module):\n+    return module\n`;
  const tests = `diff --git a/tests/test_locale.py b/tests/test_locale.py\n--- a/tests/test_locale.py\n+++ b/tests/test_locale.py\n@@ -1 +1,3 @@\n from lib.locale import *\n+def test_it():\n+    assert get_best_parsable_locale(None) is None\n`;
  const instance = (n: number) => ({
    instance_id: `guess__work-${n}`,
    repo: "guess/work",
    base_commit: "a".repeat(40),
    patch: gold("get_best_parsable_locale"),
    test_patch: tests,
    problem_statement: "Pick the best parsable locale.",
    FAIL_TO_PASS: "[]",
  });
  await importFiles(env.db, [write("guess.jsonl", [1, 2, 3].map((n) => JSON.stringify(instance(n))).join("\n"))], {
    benchmark: "Guess",
  });
  await analyzePendingInstances(env.db);
  // Instance 1: the agent named it get_locale and failed; 2: it used the tests' name and failed; 3: resolved.
  const preds = [
    { instance_id: "guess__work-1", model_name_or_path: "guesser", model_patch: gold("get_locale") },
    { instance_id: "guess__work-2", model_name_or_path: "guesser", model_patch: gold("get_best_parsable_locale") },
    { instance_id: "guess__work-3", model_name_or_path: "guesser", model_patch: gold("get_locale") },
  ];
  await importFiles(env.db, [write("guesser.jsonl", preds.map((p) => JSON.stringify(p)).join("\n"))], {
    benchmark: "Guess",
  });
  const results = [1, 2, 3].map((n) => ({
    instance_id: `guess__work-${n}`,
    model: "guesser",
    selection: "official",
    projection: "official",
    resolved: n === 3,
  }));
  await importFiles(env.db, [write("guesser-results.jsonl", results.map((r) => JSON.stringify(r)).join("\n"))], {
    benchmark: "Guess",
  });
  const [row] = await guessworkRows(env.db, "Guess");
  expect(row).toMatchObject({
    model: "guesser",
    failed_with_patch: 2,
    named_differently: 1,
    share: 0.5,
    examples: "guess__work-1: get_best_parsable_locale → get_locale",
  });
});

test("Multi-SWE-bench predictions (org, repo, number, fix_patch): agent patches under the benchmark's ids", async () => {
  const preds = [
    { org: "fasterxml", repo: "jackson-core", number: 1016, fix_patch: agentPatch(1) },
    { org: "fasterxml", repo: "jackson-core", number: 1017, fix_patch: "" },
  ];
  const summary = await importFiles(
    env.db,
    [write("msb-agent/preds.jsonl", preds.map((p) => JSON.stringify(p)).join("\n"))],
    {
      benchmark: "Multi-SWE-bench Java",
    },
  );
  expect(summary.files[0]).toMatchObject({ format: "multi-swe-bench-predictions", added: 2 });
  const patches = await env.db.agentPatch.findMany({
    // preds.jsonl names no run: its folder does.
    where: { run: { model: "msb-agent" } },
    orderBy: { instanceExternalId: "asc" },
  });
  expect(patches.map((p) => p.instanceExternalId)).toEqual([
    "fasterxml__jackson-core-1016",
    "fasterxml__jackson-core-1017",
  ]);
});

test.each([
  [
    "SWE-agent's ID.traj",
    "swe-agent-run/ID.traj",
    { trajectory: [], history: [], info: { exit_status: "submitted" } },
    "swe-agent-run",
  ],
  [
    "mini-swe-agent's RUN/ID/ID.traj.json",
    "mini-run/ID/ID.traj.json",
    { messages: [], trajectory_format: "mini-swe-agent-1", info: { exit_status: "Submitted" } },
    "mini-run",
  ],
])(
  "%s: the submission is the run's agent patch, the id read from the file name (and said)",
  async (_what, where, shape, model) => {
    const id = smithInstance(1).instance_id;
    const record = { ...shape, info: { ...shape.info, submission: agentPatch(7) } };
    const summary = await importFiles(env.db, [write(where.replaceAll("ID", id), JSON.stringify(record, null, 2))], {
      benchmark: "SWE-smith",
    });
    expect(summary.files[0]).toMatchObject({
      format: "agent-trajectory",
      added: 1,
      warnings: [`the instance id "${id}" was read from the trajectory's file name`],
    });
    const run = await env.db.run.findFirstOrThrow({ where: { model } });
    expect(await env.db.agentPatch.findFirstOrThrow({ where: { runId: run.id } })).toMatchObject({
      instanceExternalId: id,
      patch: agentPatch(7),
    });
  },
);
