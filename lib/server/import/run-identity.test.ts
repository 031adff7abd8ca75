/**
 * Issue 42, "In": a run's identity is never a folder or file name many systems share, and an import never
 * silently replaces another import's results. The files are real cuts of the Multi-SWE-bench experiments
 * repository, kept at their real paths (lib/testing/real-data/README.md): two SWE-agent systems' harness
 * reports (`<system>/results/results.json`) and trajectories (`<system>/trajs/<id>.traj`).
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "./import-files";

const VERIFIED = path.join(REAL_DATA, "multi-swe-bench-experiments", "evaluation", "java", "verified");
const GPT4O = "20240825_SWE-agent_gpt-4o-2024-05-13";
const MINI = "20240825_SWE-agent_gpt-4o-mini-2024-07-18";
const results = (system: string) => path.join(VERIFIED, system, "results", "results.json");
const traj = (system: string) => path.join(VERIFIED, system, "trajs", "fasterxml__jackson-core-1142.traj");
const BENCHMARK = "SWE-bench-java Verified";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  env = await openTempDatabase();
});
afterEach(() => env.close());

const resolvedOf = async (model: string) => env.db.runResult.count({ where: { resolved: true, run: { model } } });
const runModels = async () => (await env.db.run.findMany({ select: { model: true } })).map((r) => r.model).sort();

test("two systems' results/results.json in one command: two runs named after their systems, 6 and 1 resolved", async () => {
  const summary = await importFiles(env.db, [results(GPT4O), results(MINI)], { benchmark: BENCHMARK });
  expect(await runModels()).toEqual([GPT4O, MINI]);
  // The cut keeps gpt-4o's 6 resolved ids, each of which mini's report lists as incomplete.
  expect(await resolvedOf(GPT4O)).toBe(6);
  expect(await resolvedOf(MINI)).toBe(1);
  expect(summary.files.map((f) => [f.added, f.updated])).toEqual([
    [13, 0],
    [9, 0],
  ]);
  expect(summary.files[0]?.warnings).toContain(
    `the run is named after its system's folder "${GPT4O}" (the folder above results/); its metadata.yaml calls it "SWE-agent + gpt-4o-2024-05-13"; --model NAME names it otherwise`,
  );
});

test("the same two files in two commands: two runs, neither touched by the other", async () => {
  await importFiles(env.db, [results(GPT4O)], { benchmark: BENCHMARK });
  const second = await importFiles(env.db, [results(MINI)], { benchmark: BENCHMARK });
  expect(second.files[0]).toMatchObject({ added: 9, updated: 0 });
  expect(await runModels()).toEqual([GPT4O, MINI]);
  expect(await resolvedOf(GPT4O)).toBe(6);
  expect(await resolvedOf(MINI)).toBe(1);
});

/** A second report of gpt-4o's system beside its real one (`<system>/report.json`): one outcome changed. */
function conflictingCopy(): { real: string; second: string } {
  const system = path.join(env.tmp.dir, "verified", GPT4O);
  cpSync(path.join(VERIFIED, GPT4O), system, { recursive: true });
  const report = JSON.parse(readFileSync(results(GPT4O), "utf8")) as Record<string, unknown>;
  const resolved = report.resolved as string[];
  const second = path.join(system, "report.json");
  writeFileSync(
    second,
    JSON.stringify({
      ...report,
      resolved: resolved.slice(1),
      unresolved_ids: [...(report.unresolved_ids as string[]), resolved[0]],
    }),
  );
  return { real: path.join(system, "results", "results.json"), second };
}

const conflictWords = (other: string) =>
  `this file would replace what another import gave: 1 row: the result of "fasterxml__jackson-core-1142" for ${GPT4O} (official × official): ${other} gave resolved, this file not resolved; import it with --replace to replace them, or with --model NAME to keep it as a run of its own`;

test("a second file giving another outcome in the same command is refused, naming both imports", async () => {
  const { real, second } = conflictingCopy();
  await expect(importFiles(env.db, [real, second], { benchmark: BENCHMARK })).rejects.toThrow(
    conflictWords(`import 1 (${real}, earlier in this command)`),
  );
  expect(await env.db.runResult.count()).toBe(0);
});

test("in two commands: refused naming the earlier import; --replace replaces and says what", async () => {
  const { real, second } = conflictingCopy();
  const first = await importFiles(env.db, [real], { benchmark: BENCHMARK });
  const id = first.files[0]?.import_id;
  const log = await env.db.importLog.findUniqueOrThrow({ where: { id } });
  const when = `${log.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  await expect(importFiles(env.db, [second], { benchmark: BENCHMARK })).rejects.toThrow(
    conflictWords(`import ${id} (results.json, ${when})`),
  );
  expect(await resolvedOf(GPT4O)).toBe(6);
  const replaced = await importFiles(env.db, [second], { benchmark: BENCHMARK, replace: true });
  expect(replaced.files[0]?.updated).toBe(1);
  expect(replaced.files[0]?.warnings.join("\n")).toContain(
    `replaced (--replace) what another import gave: 1 row: the result of "fasterxml__jackson-core-1142"`,
  );
  expect(await resolvedOf(GPT4O)).toBe(5);
});

test("an id repeated in one file with the same values is counted once and said", async () => {
  const file = path.join(env.tmp.dir, GPT4O, "results", "results.json");
  mkdirSync(path.dirname(file), { recursive: true });
  const report = JSON.parse(readFileSync(results(GPT4O), "utf8")) as { unresolved_ids: string[] };
  const unresolved = report.unresolved_ids;
  writeFileSync(file, JSON.stringify({ ...report, unresolved_ids: [...unresolved, unresolved[0]] }));
  const summary = await importFiles(env.db, [file], { benchmark: BENCHMARK });
  expect(summary.files[0]?.added).toBe(13);
  expect(summary.files[0]?.warnings).toContain(
    `1 id is listed again with the same outcome, each counted once (the first: "apache__dubbo-10638", twice in unresolved_ids)`,
  );
});

test("a line repeated in a predictions file with the same values is counted once and said, naming both lines", async () => {
  const file = path.join(env.tmp.dir, "preds.jsonl");
  const line = JSON.stringify({ instance_id: "apache__dubbo-10638", model_name_or_path: "m", model_patch: "" });
  writeFileSync(file, `${line}\n${line}\n`);
  const summary = await importFiles(env.db, [file], { benchmark: BENCHMARK });
  expect(summary.files[0]?.added).toBe(1);
  expect(summary.files[0]?.warnings).toContain(
    `1 record is given again with the same values, each counted once (the first: the prediction for "apache__dubbo-10638" by m, on lines 1 and 2)`,
  );
});

test("trajectories under <system>/trajs/: one run per system, neither patch replacing the other", async () => {
  const summary = await importFiles(env.db, [traj(GPT4O), traj(MINI)], { benchmark: BENCHMARK });
  expect(summary.files.map((f) => [f.format, f.added, f.updated])).toEqual([
    ["agent-trajectory", 1, 0],
    ["agent-trajectory", 1, 0],
  ]);
  const patches = await env.db.agentPatch.findMany({ select: { patch: true, run: { select: { model: true } } } });
  const submitted = (system: string) =>
    (JSON.parse(readFileSync(traj(system), "utf8")) as { info: { submission: string } }).info.submission;
  expect(Object.fromEntries(patches.map((p) => [p.run.model, p.patch]))).toEqual({
    [GPT4O]: submitted(GPT4O),
    [MINI]: submitted(MINI),
  });
});

test("--model, --selection and --projection name the run of a file that does not say it, and say so", async () => {
  const summary = await importFiles(env.db, [results(MINI)], {
    benchmark: BENCHMARK,
    run: { model: "gpt-4o-mini", selection: "defuse", projection: "declaration" },
  });
  const runs = await env.db.run.findMany({ select: { model: true, selection: true, projection: true } });
  expect(runs).toEqual([{ model: "gpt-4o-mini", selection: "defuse", projection: "declaration" }]);
  expect(summary.files[0]?.warnings).toContain(`filed under the model "gpt-4o-mini" (--model); read alone, "${MINI}"`);
});

const KODAH = path.join(REAL_DATA, "swe-polybench", "evaluation", "PBVerified", "20260430_kodah_gpt-5-mini");
const KODAH_RUN = "20260430_kodah_gpt-5-mini";

test("SWE-PolyBench's submission: all_preds.jsonl naming its model on some lines, and logs/<id>_result.json, are one run", async () => {
  const logs = ["Significant-Gravitas__AutoGPT-4652", "huggingface__transformers-3716", "microsoft__vscode-106767"].map(
    (id) => path.join(KODAH, "logs", `${id}_result.json`),
  );
  const summary = await importFiles(env.db, [path.join(KODAH, "all_preds.jsonl"), ...logs], {
    benchmark: "SWE-PolyBench Verified",
  });
  expect(summary.files.map((f) => [f.format, f.added])).toEqual([
    ["predictions", 5],
    ["polybench-result", 1],
    ["polybench-result", 1],
    ["polybench-result", 1],
  ]);
  expect(summary.files[0]?.warnings).toEqual([
    `2 of 5 lines name the model "Kodah (gpt-5-mini)" (model_name_or_path): all are one run, the system's`,
    `the run is named after its system's folder "${KODAH_RUN}" (the submission's folder); its metadata.yaml calls it "Kodah"; --model NAME names it otherwise`,
  ]);
  expect(await runModels()).toEqual([KODAH_RUN]);
  const run = await env.db.run.findFirstOrThrow({ include: { results: true, patches: true } });
  expect(run.patches).toHaveLength(5);
  // The real results: 4652 not resolved (one F2P test failed), transformers-3716 resolved, vscode-106767 not.
  expect(Object.fromEntries(run.results.map((r) => [r.instanceExternalId, [r.resolved, r.patchApplied]]))).toEqual({
    "Significant-Gravitas__AutoGPT-4652": [false, true],
    "huggingface__transformers-3716": [true, true],
    "microsoft__vscode-106767": [false, true],
  });
});

test("the same predictions outside a submission's folder: one run, the model its lines name, said", async () => {
  const file = path.join(env.tmp.dir, "kodah-preds.jsonl");
  cpSync(path.join(KODAH, "all_preds.jsonl"), file);
  const summary = await importFiles(env.db, [file], { benchmark: "SWE-PolyBench Verified" });
  expect(await runModels()).toEqual(["Kodah (gpt-5-mini)"]);
  expect(summary.files[0]?.warnings).toEqual([
    `2 of 5 lines name the model "Kodah (gpt-5-mini)" (model_name_or_path) and 3 name none: all are one run, "Kodah (gpt-5-mini)" (--model NAME names it otherwise)`,
  ]);
});

test("lines naming two models beside lines naming none are refused, saying what would make the file importable", async () => {
  const file = path.join(env.tmp.dir, "mixed-preds.jsonl");
  const lines = readFileSync(path.join(KODAH, "all_preds.jsonl"), "utf8").trimEnd().split("\n");
  const second = JSON.stringify({ ...JSON.parse(lines[1] as string), model_name_or_path: "other" });
  writeFileSync(file, [lines[0], second, ...lines.slice(2)].join("\n"));
  await expect(importFiles(env.db, [file], { benchmark: "SWE-PolyBench Verified" })).rejects.toThrow(
    `${file}:3: 2 lines name 2 models ("Kodah (gpt-5-mini)", "other") and 3 name none (this line the first): say which run those are with --model NAME, or name the model on every line`,
  );
  const summary = await importFiles(env.db, [file], { benchmark: "SWE-PolyBench Verified", run: { model: "kodah" } });
  expect(summary.files[0]?.added).toBe(5);
  expect(await runModels()).toEqual(["kodah"]);
});

test("the leaderboard's <system>/logs/<id>/report.json: a run per system, named after it", async () => {
  // The harness's per-instance report.json (the shape file-shapes.test.ts imports), at the leaderboard's place.
  const report = (id: string, resolved: boolean) => ({
    [id]: {
      patch_is_None: false,
      patch_exists: true,
      patch_successfully_applied: true,
      resolved,
      tests_status: { FAIL_TO_PASS: { success: resolved ? ["t"] : [], failure: resolved ? [] : ["t"] } },
    },
  });
  const files = [
    [GPT4O, true],
    [MINI, false],
  ].map(([system, resolved]) => {
    const file = path.join(
      env.tmp.dir,
      "verified",
      system as string,
      "logs",
      "fasterxml__jackson-core-1142",
      "report.json",
    );
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(report("fasterxml__jackson-core-1142", resolved as boolean)));
    return file;
  });
  const summary = await importFiles(env.db, files, { benchmark: BENCHMARK });
  expect(summary.files.map((f) => [f.format, f.added, f.updated])).toEqual([
    ["instance-report", 1, 0],
    ["instance-report", 1, 0],
  ]);
  expect(await runModels()).toEqual([GPT4O, MINI]);
  expect(await resolvedOf(GPT4O)).toBe(1);
  expect(await resolvedOf(MINI)).toBe(0);
});
