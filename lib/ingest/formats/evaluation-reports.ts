import path from "node:path";
import { setOwn } from "../../domain/own-keys";
import { OFFICIAL_POLICY } from "../../domain/run-policy";
import { decodeText, type RawRecord, RecordError, requireId, toBoolean } from "../field-values";
import type { FileContext, ImportItem, InputFormat, RunKey } from "../import-items";
import { leaderboardSystem } from "../run-layout";
import { isStringArray, officialRun } from "./run-results";
import { swebenchBenchmarkFromPath } from "./swebench";

/*
 * The reports of an evaluation, each naming its run's instances by outcome: SWE-bench's report of 2024, the
 * final reports, NoCode-bench's evaluation, and a folder of per-instance results. The results whose records
 * carry their own outcome are in run-results.ts.
 */

const isObject = (value: unknown): value is RawRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The run of a report AutoCodeRover keeps in `<run>/new_eval_results/` or `<run>/old_eval_results/` (its
 * repository's results/acr-run-1/…): the folder above, said so. Elsewhere the run its path names.
 */
function evaluationRun(context: FileContext): { run: RunKey; notes?: string[] } {
  const folder = path.basename(path.dirname(context.path));
  const above = path.basename(path.dirname(path.dirname(context.path)));
  if (/^(new|old)_eval_results$/.test(folder) && above !== "" && above !== "." && !leaderboardSystem(context.path))
    return {
      run: { model: above, selection: OFFICIAL_POLICY, projection: OFFICIAL_POLICY },
      notes: [`the run is named after the folder above ${folder}/ ("${above}"); --model NAME names it otherwise`],
    };
  return { run: officialRun(context) };
}

/**
 * The SWE-bench report of 2024 (`get_model_report`, swebench/metrics/report.py at SWE-bench 530bed1, lines
 * 271–377; SWE-agent's evaluation/evaluation.py wrote it as results/results.json, the SWE-bench leaderboard's
 * shape for a year of submissions): one list of ids per stage a prediction reached. What each means, from that
 * code, one prediction at a time:
 * - `no_generation`: the model patch is empty: attempted, an empty patch (as the leaderboard counts it).
 * - `generated`: every prediction with a patch: the attempted ones, with `no_generation`.
 * - `with_logs`: the harness wrote an evaluation log; a generated id without one was never evaluated: an error
 *   of the harness, not the agent's.
 * - `no_apply`: the agent's patch does not apply to the code: its failure (unresolved, not applied).
 * - `install_fail`, `reset_failed`: the environment failed before the patch was tested: errors.
 * - `test_errored`, `test_timeout`: said of the log; the loop's `continue` there goes on to the next status, so
 *   such an id still reaches `applied` where the log has test results. Not a status of its own.
 * - `applied`: the tests ran with the patch; `resolved` those that resolved the instance.
 * So unresolved = applied minus resolved, plus no_apply; a generated id in none of these has no test result
 * (an error). An id no list names is not in the run.
 */
export const swebenchModelReportFormat: InputFormat = {
  id: "swebench-model-report",
  label: "SWE-bench report of 2024 (no_generation, generated, with_logs, …, applied, resolved)",
  shape: "document",
  detect: (r) => isStringArray(r.generated) && isStringArray(r.resolved) && isStringArray(r.applied),
  fields: ["no_generation", "generated", "with_logs", "applied", "resolved"],
  convert: (r, context) => {
    const list = (field: string): Set<string> => {
      const ids = r[field] ?? [];
      if (!isStringArray(ids)) throw new RecordError(`field "${field}" should be a list of instance ids`);
      return new Set(ids);
    };
    const [generated, resolved, applied, noApply] = [
      list("generated"),
      list("resolved"),
      list("applied"),
      list("no_apply"),
    ];
    // Checked as lists of ids: what they say is already in the order above (see the comment).
    for (const field of ["with_logs", "install_fail", "reset_failed", "test_errored", "test_timeout"]) list(field);
    const { run, notes } = evaluationRun(context);
    const items: ImportItem[] = [];
    const result = (id: string, status: string, patchApplied: boolean | null): ImportItem => ({
      kind: "result",
      ...(notes ? { notes: [...notes] } : {}),
      data: { ...run, instanceExternalId: id, resolved: status === "resolved", status, patchApplied },
    });
    for (const id of resolved)
      if (!generated.has(id)) throw new RecordError(`"${id}" is listed as resolved but not as generated`);
    for (const id of list("no_generation")) {
      if (generated.has(id)) throw new RecordError(`"${id}" is listed as no_generation and as generated: which is it?`);
      items.push(result(id, "empty_patch", null));
    }
    for (const id of generated) {
      if (resolved.has(id)) items.push(result(id, "resolved", true));
      else if (applied.has(id)) items.push(result(id, "unresolved", true));
      else if (noApply.has(id)) items.push(result(id, "unresolved", false));
      // install_fail, reset_failed, no log, or a log without test results: the harness's failure.
      else items.push(result(id, "error", null));
    }
    const summary: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(r)) if (Array.isArray(value)) setOwn(summary, key, value.length);
    items.push({ kind: "run-summary", ...(notes ? { notes } : {}), data: { ...run, summary } });
    return items;
  },
  defaultBenchmark: (context) => swebenchBenchmarkFromPath(context.path),
};

/**
 * `final_report.json` (`stats, resolved, resolved_per_project`), as AutoCodeRover's repository keeps one per run
 * (results/<run>/old_eval_results/): counts of generated, applied and resolved, but ids only of the resolved.
 * Which instances were attempted and not resolved it does not say, so it cannot be a run (its rate would count
 * only successes): refused, saying what would make the run importable.
 */
export const finalReportFormat: InputFormat = {
  id: "final-report",
  label: "final_report.json (stats, resolved, resolved_per_project)",
  shape: "document",
  detect: (r) => isObject(r.stats) && isStringArray(r.resolved) && isObject(r.resolved_per_project),
  fields: ["stats", "resolved", "resolved_per_project"],
  convert: (r) => {
    const stats = r.stats as RawRecord;
    const counts = ["generated", "applied"]
      .filter((key) => typeof stats[key] === "number")
      .map((key) => `${stats[key]} ${key}`);
    throw new RecordError(
      `this report names its ${(r.resolved as string[]).length} resolved instances but not which others were attempted${counts.length > 0 ? ` (its stats count ${counts.join(", ")})` : ""}: a run from it would count only successes. What would make it importable: the same run's per-instance outcomes — the harness's report that lists generated and applied ids (AutoCodeRover keeps it as new_eval_results/report.json), its logs/<id>/report.json files, or a CSV of instance_id,resolved for every attempted instance with --model NAME`,
    );
  },
  defaultBenchmark: (context) => swebenchBenchmarkFromPath(context.path),
};

/** A test list of NoCode-bench's evaluation: `{success: […], failure: […]}` (`fail` where never run). */
function testCount(value: unknown, field: string): { passed: number; failed: number } {
  if (!isObject(value)) throw new RecordError(`field "${field}" should be {success: [...], failure: [...]}`);
  const length = (key: string) => (Array.isArray(value[key]) ? (value[key] as unknown[]).length : 0);
  return { passed: length("success"), failed: length("failure") + length("fail") };
}

/**
 * NoCode-bench's `evaluation_details.jsonl` (evaluation/eval.py of NoCode-bench/NoCode-bench, `eval_instances`):
 * per instance `{instance_id, resolved, applied, model_patch, P2P, F2P}`, the tests as `{success, failure}`
 * lists. An instance the harness has no report of is written `{instance_id, resolved: false, notes: "Instance
 * not attempted or report was empty.", P2P: {success: [], fail: [every test]}, …}`: not run (no test ran, no
 * patch). One run: its results, per-test counts and the agent's patches.
 */
export const nocodeEvaluationFormat: InputFormat = {
  id: "nocode-bench-evaluation",
  label: "NoCode-bench evaluation details (instance_id, resolved, applied, model_patch, P2P, F2P)",
  shape: "records",
  detect: (r) => "instance_id" in r && typeof r.resolved === "boolean" && isObject(r.F2P) && isObject(r.P2P),
  fields: ["instance_id", "resolved", "applied", "model_patch", "P2P", "F2P"],
  convert: (r, context) => {
    const run = officialRun(context);
    const id = requireId(r, "instance_id");
    const resolved = toBoolean(r.resolved, "resolved");
    const attempted = "applied" in r || "model_patch" in r;
    const patch = r.model_patch;
    if (patch !== undefined && patch !== null && typeof patch !== "string")
      throw new RecordError(`field "model_patch" must be a patch (text), got ${typeof patch}`);
    const empty = typeof patch !== "string" || patch.trim() === "";
    const items: ImportItem[] = [
      {
        kind: "result",
        data: {
          ...run,
          instanceExternalId: id,
          resolved,
          status: !attempted ? "not_run" : resolved ? "resolved" : empty ? "empty_patch" : "unresolved",
          patchApplied: typeof r.applied === "boolean" ? r.applied : null,
          tests: attempted ? { FAIL_TO_PASS: testCount(r.F2P, "F2P"), PASS_TO_PASS: testCount(r.P2P, "P2P") } : null,
        },
      },
    ];
    if (typeof patch === "string")
      items.push({ kind: "prediction", data: { ...run, instanceExternalId: id, patch: decodeText(patch) } });
    return items;
  },
  defaultBenchmark: () => "NoCode-bench",
};

/**
 * Per-instance results with no model (`results_summary.csv`: `instance_id,resolved,patch_applied`): the run is
 * the one the user names (`--model NAME`, given to the format as the file's model); without it, refused saying
 * so. Last of the formats: a record any other reads is that format's.
 */
/**
 * Columns that make a record another shape than an id and its outcome with no model: one naming the run or its
 * policy under some name (for a field map), or another harness's report.
 */
const NOT_INSTANCE_RESULTS: ReadonlySet<string> = new Set([
  "model",
  "model_name",
  "model_name_or_path",
  "run",
  "run_id",
  "agent",
  "system",
  "selection",
  "projection",
  "tests_status",
  "all_f2p_passed",
]);

export const instanceResultsFormat: InputFormat = {
  id: "instance-results",
  label: "per-instance results (instance_id, resolved [, patch_applied])",
  shape: "records",
  // Only an id and its outcome: a file with more columns (a `run` column naming the model under another name,
  // say) is another shape, for a field map, not a run without a model.
  detect: (r) => "instance_id" in r && "resolved" in r && !Object.keys(r).some((key) => NOT_INSTANCE_RESULTS.has(key)),
  // No `fields`: a near miss of another format is never told it is this one (which any id and outcome are).
  convert: (r, context) => {
    if (!context.fileModel)
      throw new RecordError(
        "per-instance results (instance_id, resolved) with no column naming the model: say whose run it is with --model NAME (and --selection S --projection P where it ran under a hint policy)",
      );
    const resolved = toBoolean(r.resolved, "resolved");
    const applied = r.patch_applied;
    return [
      {
        kind: "result",
        data: {
          model: context.fileModel,
          selection: OFFICIAL_POLICY,
          projection: OFFICIAL_POLICY,
          instanceExternalId: requireId(r, "instance_id"),
          resolved,
          status: null,
          patchApplied:
            applied === undefined || applied === null || applied === "" ? null : toBoolean(applied, "patch_applied"),
        },
      },
    ];
  },
  defaultBenchmark: (context) => swebenchBenchmarkFromPath(context.path),
};
