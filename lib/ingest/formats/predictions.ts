import path from "node:path";
import { OFFICIAL_POLICY } from "../../domain/run-policy";
import { decodeText, type RawRecord, RecordError, requireId } from "../field-values";
import type { FileContext, ImportItem, InputFormat, RunKey } from "../import-items";
import { leaderboardSystem } from "../run-layout";
import { modelFromPath } from "./run-results";

/**
 * What agents wrote: predictions files, stored as each run's agent patch per instance (a run is model ×
 * selection × projection, as results are, so a predictions file and its results join on run and id).
 */

const runOf = (model: unknown, context: FileContext): RunKey => ({
  model:
    typeof model === "string" && model.trim() !== ""
      ? model.trim()
      : (context.fileModel ?? modelFromPath(context.path)),
  selection: OFFICIAL_POLICY,
  projection: OFFICIAL_POLICY,
});

/** A patch as given: text, or nothing (`null`, missing: an empty patch, kept as such). */
function patchText(value: unknown, field: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") throw new RecordError(`field "${field}" must be a patch (text), got ${typeof value}`);
  return decodeText(value);
}

const prediction = (record: RawRecord, context: FileContext, id = requireId(record, "instance_id")): ImportItem => ({
  kind: "prediction",
  data: {
    ...runOf(record.model_name_or_path, context),
    instanceExternalId: id,
    patch: patchText(record.model_patch, "model_patch"),
  },
});

/** SWE-bench predictions: `{instance_id, model_name_or_path, model_patch}` as JSON Lines or a JSON array. */
export const predictionsFormat: InputFormat = {
  id: "predictions",
  label: "SWE-bench predictions (instance_id, model_name_or_path, model_patch)",
  shape: "records",
  detect: (r) => "instance_id" in r && "model_patch" in r,
  fields: ["instance_id", "model_name_or_path", "model_patch"],
  convert: (r, context) => [prediction(r, context)],
  defaultBenchmark: () => null,
};

const isPrediction = (value: unknown): value is RawRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value) && "model_patch" in value;

/** mini-swe-agent's `preds.json`: one JSON object, instance id → prediction. */
export const predictionsMapFormat: InputFormat = {
  id: "predictions-map",
  label: "predictions by instance id (mini-swe-agent preds.json)",
  shape: "document",
  detect: (r) => Object.keys(r).length > 0 && Object.values(r).every(isPrediction),
  convert: (r, context) =>
    Object.entries(r).map(([id, value]) => {
      const record = value as RawRecord;
      const own = typeof record.instance_id === "string" && record.instance_id !== "" ? record.instance_id : id;
      if (own !== id) throw new RecordError(`the prediction under "${id}" says it is for "${own}"`);
      return prediction(record, context, id);
    }),
  defaultBenchmark: () => null,
};

/**
 * OpenHands' evaluation `output.jsonl`: `instance_id`, the patch in `test_result.git_patch`, the instance
 * nested in `instance`, the model in `metadata.llm_config.model`; where `test_result.report` says whether it
 * resolved the instance, that is the run's result too.
 */
export const openHandsOutputFormat: InputFormat = {
  id: "openhands-output",
  label: "OpenHands evaluation output (test_result.git_patch)",
  shape: "records",
  detect: (r) =>
    "instance_id" in r &&
    typeof r.test_result === "object" &&
    r.test_result !== null &&
    "git_patch" in (r.test_result as RawRecord),
  fields: ["instance_id", "test_result", "instance", "metadata"],
  convert: (r, context) => {
    const metadata = (typeof r.metadata === "object" && r.metadata !== null ? r.metadata : {}) as RawRecord;
    const llm = (
      typeof metadata.llm_config === "object" && metadata.llm_config !== null ? metadata.llm_config : {}
    ) as RawRecord;
    const run = runOf(llm.model, context);
    const id = requireId(r, "instance_id");
    const result = r.test_result as RawRecord;
    const items: ImportItem[] = [
      {
        kind: "prediction",
        data: { ...run, instanceExternalId: id, patch: patchText(result.git_patch, "test_result.git_patch") },
      },
    ];
    const report = result.report;
    if (typeof report === "object" && report !== null && typeof (report as RawRecord).resolved === "boolean") {
      const resolved = (report as RawRecord).resolved === true;
      const empty = (report as RawRecord).empty_generation === true;
      items.push({
        kind: "result",
        data: {
          ...run,
          instanceExternalId: id,
          resolved,
          status: resolved ? "resolved" : empty ? "empty_patch" : "unresolved",
          patchApplied: null,
        },
      });
    }
    return items;
  },
  defaultBenchmark: () => null,
};

/**
 * Multi-SWE-bench's predictions: `{org, repo, number, fix_patch}` per line, no test patch or issue (what
 * tells them from its instances). The id is the benchmark's own: `org__repo-number`.
 */
export const multiSwebenchPredictionsFormat: InputFormat = {
  id: "multi-swe-bench-predictions",
  label: "Multi-SWE-bench predictions (org, repo, number, fix_patch)",
  shape: "records",
  detect: (r) =>
    "org" in r && "repo" in r && "number" in r && "fix_patch" in r && !("test_patch" in r) && !("resolved_issues" in r),
  fields: ["org", "repo", "number", "fix_patch"],
  convert: (r, context) => {
    const id =
      typeof r.instance_id === "string" && r.instance_id !== ""
        ? r.instance_id
        : `${requireId(r, "org")}__${requireId(r, "repo")}-${requireId(r, "number")}`;
    return [
      {
        kind: "prediction",
        data: {
          ...runOf(r.model_name_or_path, context),
          instanceExternalId: id,
          patch: patchText(r.fix_patch, "fix_patch"),
        },
      },
    ];
  },
  defaultBenchmark: () => null,
};

const isObject = (value: unknown): value is RawRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * An agent's trajectory (SWE-agent's `ID.traj`, mini-swe-agent's `ID.traj.json`): what it submitted is in
 * `info.submission`. The instance id is the file's name (or `info.instance_id` where it says), the run its
 * folder's: the import says so.
 */
export const trajectoryFormat: InputFormat = {
  id: "agent-trajectory",
  label: "an agent's trajectory (info.submission)",
  shape: "document",
  detect: (r) => isObject(r.info) && "submission" in r.info && ("trajectory" in r || "messages" in r || "history" in r),
  fields: ["info", "trajectory"],
  convert: (r, context) => {
    const info = r.info as RawRecord;
    const base = path.basename(context.path).replace(/(\.traj)?\.json$|\.traj$/i, "");
    const said = typeof info.instance_id === "string" && info.instance_id !== "" ? info.instance_id : null;
    const id = said ?? base;
    const folder = path.basename(path.dirname(context.path));
    // A leaderboard's <system>/trajs/ID.traj is the system's; mini-swe-agent writes RUN/ID/ID.traj.json: the
    // run is the folder above the instance's.
    const model =
      leaderboardSystem(context.path)?.system ??
      (folder === id ? path.basename(path.dirname(path.dirname(context.path))) : folder);
    return [
      {
        kind: "prediction",
        ...(said ? {} : { note: `the instance id "${id}" was read from the trajectory's file name` }),
        data: {
          ...runOf(typeof info.model_name_or_path === "string" ? info.model_name_or_path : model || undefined, context),
          instanceExternalId: id,
          patch: patchText(info.submission, "info.submission"),
        },
      },
    ];
  },
  defaultBenchmark: () => null,
};
