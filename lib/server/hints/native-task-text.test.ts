// The curated hint reaches the agent: every benchmark family's native export, read through that benchmark's own
// loading code path (lib/testing/benchmark-loaders.ts), puts the hint in the agent's task text, with no placeholder
// meant for the curator, under every selection × projection; the record restores to the benchmark's own; a renamed
// export imported back into its own database changes nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hasPlaceholder } from "../../analysis/render-hint";
import { PROJECTIONS, SELECTIONS } from "../../domain/hint-vocabulary";
import { HintLineSchema } from "../../export/hint-lines";
import { NATIVE_MARKER, originalOfNative, TASK_HINT_HEADING } from "../../export/native-records";
import {
  multiSweBenchAgentTask,
  multiSweBenchDatasetFromJson,
  sweBenchProAgentTask,
  swebenchAgentTask,
  swebenchLoad,
} from "../../testing/benchmark-loaders";
import { jsonl, multiSwebenchRecord, swebenchRecord } from "../../testing/fixtures";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { readRecord, WITH_SELECTIONS, withPolicies } from "../stored-json";
import { createHintSet, publishHintSet } from "./hint-sets";
import { recordDecision } from "./record-decision";
import { assembleVersionExport } from "./version-export";

let env: Awaited<ReturnType<typeof openTempDatabase>>;

/** A Multi-SWE-bench record's three test results, as Python-repr text (the shape the shared sample has). */
const RESULT =
  "{'passed_count': 1, 'failed_count': 0, 'skipped_count': 0, 'passed_tests': ['GizmoTest#other'], 'failed_tests': [], 'skipped_tests': []}";
const RESULTS = { run_result: RESULT, test_patch_result: RESULT, fix_patch_result: RESULT };

/** Each family: its benchmark, and how its agent's task text is read from one native line. */
const FAMILIES = [
  {
    benchmark: "SWE-bench Pro",
    task: (line: string) => sweBenchProAgentTask(JSON.parse(line)),
  },
  {
    benchmark: "SWE-bench Lite",
    task: (line: string) => swebenchAgentTask(swebenchLoad(`${line}\n`)[0] as Record<string, unknown>),
  },
  {
    benchmark: "SWE-bench Multilingual",
    task: (line: string) => swebenchAgentTask(swebenchLoad(`${line}\n`)[0] as Record<string, unknown>),
  },
  {
    benchmark: "Multi-SWE-bench Java",
    task: (line: string) => multiSweBenchAgentTask(multiSweBenchDatasetFromJson(line)),
  },
  {
    benchmark: "SWE-smith",
    task: (line: string) => swebenchAgentTask(swebenchLoad(`${line}\n`)[0] as Record<string, unknown>),
  },
] as const;

/** Accepts every instance's hint of a benchmark under one policy, as shown. */
async function acceptAll(benchmark: string, selection: string, projection: string) {
  const instances = await env.db.instance.findMany({
    where: { benchmark: { name: benchmark } },
    include: { identifiers: { include: WITH_SELECTIONS } },
    orderBy: { id: "asc" },
  });
  for (const instance of instances) {
    const result = await recordDecision(
      env.db,
      {
        instanceId: instance.id,
        selection,
        projection,
        action: "accept",
        expectedVersion: 0,
        sourceHash: instance.hintSource,
      },
      "ada",
    );
    expect(result).toMatchObject({ ok: true });
  }
  return instances.map((i) => ({ ...i, identifiers: i.identifiers.map(withPolicies) }));
}

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-pro-sample.jsonl")]);
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-lite.jsonl")]);
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-multilingual.jsonl")]);
  // The real Multi-SWE-bench record as the benchmark writes it, and one with its lists as Python-repr text (the
  // shape the shared sample has).
  const real = readFileSync(path.join(REAL_DATA, "multi-swe-bench-java-sample.jsonl"), "utf8");
  await importFiles(env.db, [
    env.tmp.write(
      "multi-swe-bench-java.jsonl",
      `${real.trim()}\n${jsonl([{ ...multiSwebenchRecord(7), ...RESULTS }])}`,
    ),
  ]);
  // A SWE-smith task instance (no test patch; the problem statement is the task).
  const smith = {
    instance_id: "acme__widgets.abc123.func_pm_remove_assign__x1",
    repo: "swesmith/acme__widgets.abc123",
    patch:
      "diff --git a/widgets/core.py b/widgets/core.py\n--- a/widgets/core.py\n+++ b/widgets/core.py\n@@ -1 +1,2 @@\n x = 1\n+def make_widget(size): return size\n",
    FAIL_TO_PASS: ["tests/test_core.py::test_make_widget"],
    PASS_TO_PASS: [],
    image_name: "swesmith.x86_64.acme__widgets.abc123",
    problem_statement: "make_widget is gone",
  };
  await importFiles(env.db, [env.tmp.write("swe-smith-tasks.jsonl", jsonl([smith]))]);
  await analyzePendingInstances(env.db);
});
afterAll(() => env.close());

describe.each(FAMILIES)("$benchmark", ({ benchmark, task }) => {
  test("every selection × projection: the hint is in the agent's task text, nothing for the curator is, the record restores", async () => {
    const stored = new Map(
      (await env.db.instance.findMany({ where: { benchmark: { name: benchmark } } })).map((i) => [i.externalId, i]),
    );
    expect(stored.size).toBeGreaterThan(0);
    let hinted = 0;
    for (const selection of SELECTIONS)
      for (const projection of PROJECTIONS) {
        await acceptAll(benchmark, selection, projection);
        const name = `${benchmark} ${selection} ${projection}`;
        await createHintSet(env.db, { name, benchmark, selection, projection });
        await publishHintSet(env.db, name, "ada");
        const exported = await assembleVersionExport(env.db, name, undefined, {
          includeFlagged: false,
          native: true,
          parquet: true,
        });
        const lines = exported.jsonl
          .trim()
          .split("\n")
          .map((l) => HintLineSchema.parse(JSON.parse(l)));
        expect(lines).toHaveLength(stored.size);
        const hintOf = new Map(lines.map((l) => [l.instance_id, l.hint]));
        // No format carries a placeholder or the project's machinery.
        for (const text of [exported.jsonl, exported.csv, exported.native?.text ?? ""]) {
          expect(text).not.toMatch(/none available/);
          expect(text).not.toMatch(/__hintscope__/);
        }
        const records = (exported.native?.text ?? "").trim().split("\n");
        expect(records).toHaveLength(stored.size);
        for (const line of records) {
          const record = JSON.parse(line) as Record<string, unknown>;
          const id = (record.instance_id as string) ?? "";
          const hint = hintOf.get(id) ?? "";
          const agentReads = task(line);
          expect(hasPlaceholder(agentReads), `${name}: ${id}`).toBe(false);
          if (hint !== "") {
            expect(agentReads, `${name}: ${id}`).toContain(hint);
            hinted++;
          }
          // The record is the benchmark's own again once the marker is read, and it names its benchmark.
          const before = stored.get(id);
          expect(before, id).toBeDefined();
          expect(originalOfNative(record)).toEqual(readRecord(before?.original as string));
          expect((record[NATIVE_MARKER] as { benchmark: string }).benchmark).toBe(benchmark);
        }
      }
    expect(hinted).toBeGreaterThan(0);
  });

  test("exported natively, renamed and imported back (no option given): nothing added, nothing changed", async () => {
    const name = `${benchmark} defuse declaration`;
    const exported = await assembleVersionExport(env.db, name, undefined, { includeFlagged: false, native: true });
    const renamed = env.tmp.write(`curated-v1-${benchmark.length}.native.jsonl`, exported.native?.text ?? "");
    const count = await env.db.instance.count();
    const again = await importFiles(env.db, [renamed]);
    expect(again.files[0]).toMatchObject({ added: 0, updated: 0, unchanged: exported.native?.records });
    expect(await env.db.instance.count()).toBe(count);
    expect(await env.db.instance.count({ where: { analysisStatus: "pending" } })).toBe(0);
  });
});

test("a SWE-bench task text gains one `## Hints` section at its end; --hint-field keeps the task as it was", async () => {
  const name = "SWE-bench Lite defuse declaration";
  const task = await assembleVersionExport(env.db, name, undefined, { includeFlagged: false, native: true });
  const field = await assembleVersionExport(env.db, name, undefined, {
    includeFlagged: false,
    native: true,
    hintField: "hints_for_agent",
  });
  const lite = new Map(
    (await env.db.instance.findMany({ where: { benchmark: { name: "SWE-bench Lite" } } })).map((i) => [
      i.externalId,
      readRecord(i.original),
    ]),
  );
  const lines = task.jsonl
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { instance_id: string; hint: string });
  const withHint = lines.find((l) => l.hint !== "");
  expect(withHint).toBeDefined();
  const record = task.native?.text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .find((r) => r.instance_id === withHint?.instance_id);
  const original = lite.get(withHint?.instance_id as string) as { problem_statement: string };
  expect(record.problem_statement).toBe(
    `${original.problem_statement.trimEnd()}\n\n${TASK_HINT_HEADING}\n\n${withHint?.hint}\n`,
  );
  expect(task.manifest.native?.hint_fields).toEqual(["problem_statement"]);
  const other = field.native?.text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .find((r) => r.instance_id === withHint?.instance_id);
  expect(other.problem_statement).toBe(original.problem_statement);
  expect(other.hints_for_agent).toBe(withHint?.hint);
  expect(field.manifest.native?.hint_fields).toEqual(["hints_for_agent"]);
  // A field the record already has is refused, naming it.
  await expect(
    assembleVersionExport(env.db, name, undefined, { includeFlagged: false, native: true, hintField: "hints_text" }),
  ).rejects.toThrow(/already has a field "hints_text"/);
});

/** A FEA-Bench task text, built as `feabench/get_dataset.py` (lines 386–399, commit cb5f4ac) builds it. */
const feaTask = (request: string, definitions: string) =>
  [
    "This is a feature request which requires a new feature to add in the code repository.",
    "<<NEW FEATURE REQUEST>>",
    request,
    "\n",
    "There are several new functions or classes that need to be implemented, using the definitions below: ",
    "<<NEW DEFINITIONS>>",
    definitions,
    "\n",
    "Please note that in addition to the newly added components mentioned above, you also need to make other code changes to ensure that the new feature can be executed properly.",
    "<<END>>",
  ].join("\n");

test("FEA-Bench: the curated hint takes the place of the benchmark's own definitions in the task text", async () => {
  const own = "class: Widget\nfunction widget_41(): makes widget 41 from the registry and returns its size";
  const record = swebenchRecord(41, { problem_statement: feaTask("Add widget 41.", own) });
  await importFiles(env.db, [env.tmp.write("fea-bench.jsonl", jsonl([record]))], { benchmark: "FEA-Bench" });
  await analyzePendingInstances(env.db);
  const [line] = (await acceptAll("FEA-Bench", "defuse", "declaration")).map((i) => i.externalId);
  await createHintSet(env.db, { name: "fea", benchmark: "FEA-Bench", selection: "defuse", projection: "declaration" });
  await publishHintSet(env.db, "fea", "ada");
  const exported = await assembleVersionExport(env.db, "fea", undefined, { includeFlagged: false, native: true });
  const hint = (JSON.parse(exported.jsonl) as { hint: string }).hint;
  expect(hint).toContain("widget_41");
  const task = swebenchAgentTask(swebenchLoad(exported.native?.text ?? "")[0] as Record<string, unknown>);
  expect(task).toBe(feaTask("Add widget 41.", hint));
  expect(task).not.toContain("from the registry");
  expect(line).toBe("acme__widgets-41");
});

test("a record imported with --map exports natively under its own field names and reads back with no option", async () => {
  // NoCode-bench names its gold patch `feature_patch` and its task `doc_changes` here: imported with --map.
  const { patch, problem_statement, ...rest } = swebenchRecord(42);
  const record = { ...rest, feature_patch: patch, doc_changes: problem_statement };
  const fieldMap = { patch: "feature_patch", problem_statement: "doc_changes" };
  await importFiles(env.db, [env.tmp.write("nocode.jsonl", jsonl([record]))], { benchmark: "NoCode-bench", fieldMap });
  await analyzePendingInstances(env.db);
  await acceptAll("NoCode-bench", "defuse", "declaration");
  await createHintSet(env.db, {
    name: "nocode",
    benchmark: "NoCode-bench",
    selection: "defuse",
    projection: "declaration",
  });
  await publishHintSet(env.db, "nocode", "ada");
  const exported = await assembleVersionExport(env.db, "nocode", undefined, { includeFlagged: false, native: true });
  const hint = (JSON.parse(exported.jsonl) as { hint: string }).hint;
  const native = JSON.parse(exported.native?.text ?? "") as Record<string, unknown>;
  expect(Object.keys(native)).not.toContain("problem_statement");
  expect(native.doc_changes).toBe(`${problem_statement}\n\n${TASK_HINT_HEADING}\n\n${hint}\n`);
  expect(exported.manifest.native?.hint_fields).toEqual(["doc_changes"]);
  const again = await importFiles(env.db, [env.tmp.write("renamed-export.jsonl", exported.native?.text ?? "")]);
  expect(again.files[0]).toMatchObject({ benchmark: "NoCode-bench", added: 0, updated: 0, unchanged: 1 });
});
