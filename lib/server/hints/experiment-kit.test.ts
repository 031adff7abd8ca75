// The experiment loop, closed: a kit of three policies goes out as the benchmark's records an agent harness runs;
// each policy's predictions and harness reports come back in the leaderboard layout and are filed, with no
// option given, under their model and the policy whose records they ran.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { KIT_MANIFEST, kitPolicyOfPath, parseKitPolicies } from "../../export/experiment-kit";
import { swebenchAgentTask, swebenchLoad } from "../../testing/benchmark-loaders";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { loadResearchData } from "../research/research";
import { policyRows } from "../research/research-report";
import { writeExperimentKit } from "./experiment-kit";
import { createHintSet, publishHintSet } from "./hint-sets";
import { recordDecision } from "./record-decision";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const BENCH = "SWE-bench Multilingual";
const POLICIES = parseKitPolicies("defuse/declaration, DefUse/Name, no-hint/none", {
  selections: ["defuse", "doc2feat", "fea", "pro"],
  projections: ["name", "declaration", "declaration_doc", "pro"],
});

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-multilingual.jsonl")]);
  await analyzePendingInstances(env.db);
  const instances = await env.db.instance.findMany({ where: { benchmark: { name: BENCH } } });
  for (const policy of POLICIES.filter((p) => p.selection !== "none")) {
    for (const instance of instances) {
      const decided = await recordDecision(
        env.db,
        {
          instanceId: instance.id,
          ...policy,
          action: "accept",
          expectedVersion: 0,
          sourceHash: instance.hintSource,
        },
        "ada",
      );
      expect(decided).toMatchObject({ ok: true });
    }
    const name = `multilingual ${policy.selection} ${policy.projection}`;
    await createHintSet(env.db, { name, benchmark: BENCH, ...policy });
    await publishHintSet(env.db, name, "ada");
  }
});
afterAll(() => env.close());

test("policies are read as runs spell them; a kit's run id names its policy in a path", () => {
  expect(POLICIES).toEqual([
    { selection: "defuse", projection: "declaration" },
    { selection: "defuse", projection: "name" },
    { selection: "none", projection: "none" },
  ]);
  const known = { selections: ["defuse"], projections: ["name"] };
  expect(() => parseKitPolicies("defuse", known)).toThrow(/not SELECTION\/PROJECTION/);
  expect(() => parseKitPolicies("none/name", known)).toThrow(/none goes with itself/);
  expect(() => parseKitPolicies("defuse/name,defuse/name", known)).toThrow(/given twice/);
  expect(() => parseKitPolicies("fea/name", known)).toThrow(/no selection "fea"/);
});

test("a kit of three policies out, the runs back in the leaderboard layout: three rows under the model, no option given", async () => {
  const kitDir = path.join(env.tmp.dir, "kit");
  const manifest = await writeExperimentKit(env.db, { benchmark: BENCH, policies: POLICIES, out: kitDir });
  expect(manifest.policies.map((p) => p.run_id)).toEqual(["defuse-declaration", "defuse-name", "none-none"]);
  expect(manifest.instances).toBe(7);
  const onDisk = JSON.parse(readFileSync(path.join(kitDir, KIT_MANIFEST), "utf8"));
  expect(onDisk).toEqual(manifest);
  // Each policy's file: the benchmark's records, its hint (or none) in the problem statement, its SHA-256 said.
  const tasks = new Map<string, Map<string, string>>();
  for (const policy of manifest.policies) {
    const text = readFileSync(path.join(kitDir, policy.file), "utf8");
    expect(createHash("sha256").update(text).digest("hex")).toBe(policy.sha256);
    const records = swebenchLoad(text);
    expect(records).toHaveLength(7);
    tasks.set(policy.run_id, new Map(records.map((r) => [r.instance_id as string, swebenchAgentTask(r)])));
    expect(policy.hint_set === null).toBe(policy.selection === "none");
  }
  const stored = await env.db.instance.findMany({ where: { benchmark: { name: BENCH } } });
  for (const instance of stored) {
    // No hint: the task as the benchmark wrote it; a hinted policy adds to it, and Declaration says more than Name.
    const none = tasks.get("none-none")?.get(instance.externalId) ?? "";
    expect(none).toBe(JSON.parse(instance.original).problem_statement);
    const name = tasks.get("defuse-name")?.get(instance.externalId) ?? "";
    const declaration = tasks.get("defuse-declaration")?.get(instance.externalId) ?? "";
    expect(name.startsWith(none.trimEnd())).toBe(true);
    expect(declaration.length).toBeGreaterThanOrEqual(name.length);
  }
  expect(
    [...stored].some(
      (i) => tasks.get("defuse-declaration")?.get(i.externalId) !== JSON.parse(i.original).problem_statement,
    ),
  ).toBe(true);

  // The runs come back: per policy, the system's predictions and its per-instance harness reports.
  const ids = stored.map((i) => i.externalId).sort();
  const model = "20261201_agent_gpt-4o";
  const files: string[] = [];
  for (const [index, policy] of manifest.policies.entries()) {
    const system = path.join(kitDir, "runs", policy.run_id, model);
    mkdirSync(system, { recursive: true });
    const preds = path.join(system, "all_preds.jsonl");
    writeFileSync(
      preds,
      ids
        .map((id) =>
          JSON.stringify({ instance_id: id, model_name_or_path: model, model_patch: `diff --git a/x b/x\n# ${id}\n` }),
        )
        .join("\n"),
    );
    files.push(preds);
    for (const [k, id] of ids.entries()) {
      const dir = path.join(system, "logs", id);
      mkdirSync(dir, { recursive: true });
      const report = path.join(dir, "report.json");
      // The first policy resolves the most: 3, 2, 1.
      const resolved = k < 3 - index;
      writeFileSync(
        report,
        JSON.stringify({
          [id]: {
            patch_is_None: false,
            patch_exists: true,
            patch_successfully_applied: true,
            resolved,
            tests_status: {
              FAIL_TO_PASS: { success: resolved ? ["t"] : [], failure: resolved ? [] : ["t"] },
              PASS_TO_PASS: { success: [], failure: [] },
            },
          },
        }),
      );
      files.push(report);
    }
  }
  expect(kitPolicyOfPath(manifest, path.relative(kitDir, files[0] as string))?.run_id).toBe("defuse-declaration");
  const summary = await importFiles(env.db, files, { benchmark: BENCH });
  expect(summary.files.every((f) => f.unmatched_ids.length === 0)).toBe(true);
  const runs = await env.db.run.findMany({ orderBy: { id: "asc" } });
  expect(runs.map((r) => `${r.model}/${r.selection}/${r.projection}`).sort()).toEqual([
    `${model}/defuse/declaration`,
    `${model}/defuse/name`,
    `${model}/none/none`,
  ]);
  const table = policyRows(await loadResearchData(env.db), BENCH).filter((r) => r.model === model);
  expect(table.map((r) => [r.selection, r.projection, r.resolved, r.n])).toEqual(
    expect.arrayContaining([
      ["defuse", "declaration", 3, 7],
      ["defuse", "name", 2, 7],
      ["none", "none", 1, 7],
    ]),
  );
  expect(table).toHaveLength(3);
});

test("a policy with no published set, or with two, is refused saying what to do", async () => {
  await expect(
    writeExperimentKit(env.db, {
      benchmark: BENCH,
      policies: [{ selection: "fea", projection: "name" }],
      out: path.join(env.tmp.dir, "kit-none"),
    }),
  ).rejects.toThrow(/no published hint set of SWE-bench Multilingual under fea × name: create and publish one/);
  await createHintSet(env.db, { name: "second", benchmark: BENCH, selection: "defuse", projection: "name" });
  await publishHintSet(env.db, "second", "ada");
  const policies = [{ selection: "defuse", projection: "name" }];
  await expect(
    writeExperimentKit(env.db, { benchmark: BENCH, policies, out: path.join(env.tmp.dir, "k2") }),
  ).rejects.toThrow(/2 published hint sets .*--sets defuse-name=NAME/);
  const chosen = await writeExperimentKit(env.db, {
    benchmark: BENCH,
    policies,
    out: path.join(env.tmp.dir, "k3"),
    sets: { "defuse-name": "second" },
  });
  expect(chosen.policies[0]?.hint_set?.name).toBe("second");
});
