import { ownValue, setOwn } from "../../domain/own-keys";
import { normalisePolicyName, OFFICIAL_POLICY } from "../../domain/run-policy";
import { pick, type RawRecord, RecordError, requireId, requireString, toBoolean } from "../field-values";
import { fieldsOf } from "../format-fields";
import type { FileContext, ImportItem, InputFormat, RunKey } from "../import-items";
import { runNameFromPath } from "../run-layout";
import { swebenchBenchmarkFromPath } from "./swebench";

/*
 * Results of runs in the shapes whose records carry their own outcome (a map, a summary, a harness report, a
 * plain list, a per-instance result). The reports of an evaluation (2024's model report, final reports,
 * NoCode-bench's, per-instance folders) are in evaluation-reports.ts.
 */

/** The model (run) name a results file implies: its leaderboard system, its base name, or its folder's. */
export const modelFromPath = (filePath: string): string => runNameFromPath(filePath);

export const officialRun = (context: FileContext): RunKey => ({
  model: modelFromPath(context.path),
  selection: OFFICIAL_POLICY,
  projection: OFFICIAL_POLICY,
});

/**
 * A summary with the literal text of its numbers where it differs from the parsed number (`75.0`, `1.0`): the
 * precision the file stated, which the cross-check of stated figures needs (lib/stats/resolve-rates.ts).
 */
function withStatedLiterals(summary: Record<string, unknown>, context: FileContext): Record<string, unknown> {
  const literals: Record<string, string> = {};
  for (const [key, text] of Object.entries(context.numberLiterals ?? {})) {
    if (typeof ownValue(summary, key) === "number" && String(summary[key]) !== text) setOwn(literals, key, text);
  }
  return Object.keys(literals).length > 0 ? { ...summary, stated_literals: literals } : summary;
}

export const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** SWE-bench Pro's eval_results.json: `{instance_id: true|false}`. */
export const evalResultsMapFormat: InputFormat = {
  id: "eval-results-map",
  label: "per-instance results map (instance_id → resolved)",
  shape: "document",
  detect: (r) => {
    const values = Object.values(r);
    return values.length > 0 && values.every((v) => typeof v === "boolean");
  },
  convert: (r, context) => {
    const run = officialRun(context);
    return Object.entries(r).map(([id, resolved]) => ({
      kind: "result",
      data: { ...run, instanceExternalId: id, resolved: resolved === true, status: null, patchApplied: null },
    }));
  },
  // Only SWE-bench Pro publishes this shape, so it is the default unless the path names another benchmark.
  defaultBenchmark: (context) => {
    const named = swebenchBenchmarkFromPath(context.path);
    return named === "SWE-bench" ? "SWE-bench Pro" : named;
  },
};

/** A results summary: `{total, passed, failed, pass_rate, instances: [{instance_id, resolved, patch_applied}]}`. */
export const resultsSummaryFormat: InputFormat = {
  id: "results-summary",
  label: "results summary with per-instance list",
  shape: "document",
  detect: (r) => Array.isArray(r.instances) && ("pass_rate" in r || "passed" in r || "total" in r),
  fields: fieldsOf("results-summary"),
  convert: (r, context) => {
    const run = officialRun(context);
    const items: ImportItem[] = (r.instances as unknown[]).map((entry, index) => {
      if (typeof entry !== "object" || entry === null) throw new RecordError(`instances[${index}] is not an object`);
      const row = entry as RawRecord;
      const applied = row.patch_applied;
      return {
        kind: "result",
        data: {
          ...run,
          instanceExternalId: requireId(row, "instance_id"),
          resolved: toBoolean(row.resolved, `instances[${index}].resolved`),
          status: null,
          patchApplied: typeof applied === "boolean" ? applied : null,
        },
      };
    });
    const { instances: _rows, ...summary } = r;
    items.push({ kind: "run-summary", data: { ...run, summary: withStatedLiterals(summary, context) } });
    return items;
  },
  defaultBenchmark: (context) => swebenchBenchmarkFromPath(context.path),
};

const REPORT_OUTCOMES: Array<[field: string, resolved: boolean, status: string]> = [
  ["resolved_ids", true, "resolved"],
  ["resolved", true, "resolved"],
  ["unresolved_ids", false, "unresolved"],
  ["empty_patch_ids", false, "empty_patch"],
  ["error_ids", false, "error"],
  // Instances with no prediction submitted: the run never attempted them (not a failure; result-status.ts).
  ["incomplete_ids", false, "not_run"],
];

/** The SWE-bench harness report: resolved_ids (or resolved), unresolved_ids, empty_patch_ids, error_ids, incomplete_ids. */
export const harnessReportFormat: InputFormat = {
  id: "harness-report",
  label: "SWE-bench evaluation harness report",
  shape: "document",
  detect: (r) =>
    (isStringArray(r.resolved_ids) || isStringArray(r.resolved)) && ("unresolved_ids" in r || "completed_ids" in r),
  fields: fieldsOf("harness-report"),
  convert: (r, context) => {
    const run = officialRun(context);
    const seen = new Map<string, { field: string; status: string }>();
    const items: ImportItem[] = [];
    const repeated: Array<{ id: string; field: string }> = [];
    for (const [field, resolved, status] of REPORT_OUTCOMES) {
      const ids = r[field] ?? [];
      if (!isStringArray(ids)) throw new RecordError(`field "${field}" should be a list of instance ids`);
      for (const id of ids) {
        // Listed twice with one outcome (`resolved` and `resolved_ids`, or a repeat): once. With two outcomes
        // the report contradicts itself: refused, naming both lists, rather than one silently winning.
        const earlier = seen.get(id);
        if (earlier) {
          // `resolved` beside `resolved_ids` is the same list twice; one list naming an id twice is said.
          if (earlier.status === status) {
            if (earlier.field === field) repeated.push({ id, field });
            continue;
          }
          throw new RecordError(
            `"${id}" is listed as ${earlier.status} (${earlier.field}) and as ${status} (${field}): which is it?`,
          );
        }
        seen.set(id, { field, status });
        items.push({ kind: "result", data: { ...run, instanceExternalId: id, resolved, status, patchApplied: null } });
      }
    }
    const summary: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(r)) if (!Array.isArray(value)) setOwn(summary, key, value);
    const [first] = repeated;
    items.push({
      kind: "run-summary",
      ...(first
        ? {
            note: `${repeated.length} ${repeated.length === 1 ? "id is" : "ids are"} listed again with the same outcome, each counted once (the first: "${first.id}", twice in ${first.field})`,
          }
        : {}),
      data: { ...run, summary: withStatedLiterals(summary, context) },
    });
    return items;
  },
  defaultBenchmark: (context) => swebenchBenchmarkFromPath(context.path),
};

/** A plain table (CSV or JSONL): instance_id, model, selection, projection, resolved [, benchmark]. */
export const plainResultsFormat: InputFormat = {
  id: "plain-results",
  label: "plain results (instance_id, model, selection, projection, resolved)",
  shape: "records",
  detect: (r) => "instance_id" in r && "model" in r && "resolved" in r && "selection" in r && "projection" in r,
  fields: fieldsOf("plain-results"),
  convert: (r) => {
    const benchmark = pick(r, "benchmark");
    return [
      {
        ...(typeof benchmark === "string" && benchmark !== "" ? { benchmark } : {}),
        kind: "result",
        data: {
          model: requireString(r, "model"),
          selection: normalisePolicyName(requireString(r, "selection")),
          projection: normalisePolicyName(requireString(r, "projection")),
          instanceExternalId: requireId(r, "instance_id"),
          resolved: toBoolean(r.resolved, "resolved"),
          status: null,
          patchApplied: null,
        },
      },
    ];
  },
  defaultBenchmark: () => null,
};

/**
 * SWE-PolyBench's per-instance result (`logs/<id>_result.json`): `{instance_id, patch_applied, generation,
 * with_logs, all_f2p_passed, no_p2p_failed, resolved, passed_tests, failed_tests}`. The run is the
 * submission's folder (the folder above logs/).
 */
export const polybenchResultFormat: InputFormat = {
  id: "polybench-result",
  label: "SWE-PolyBench per-instance result (instance_id, resolved, all_f2p_passed)",
  shape: "document",
  detect: (r) =>
    typeof r.instance_id === "string" &&
    typeof r.resolved === "boolean" &&
    "all_f2p_passed" in r &&
    "patch_applied" in r,
  fields: ["instance_id", "resolved", "all_f2p_passed", "no_p2p_failed", "failed_tests"],
  convert: (r, context) => {
    const resolved = r.resolved === true;
    const generated = r.generation !== false;
    const passed = Array.isArray(r.passed_tests) ? r.passed_tests.length : null;
    const failed = Array.isArray(r.failed_tests) ? r.failed_tests.length : null;
    return [
      {
        kind: "result",
        data: {
          ...officialRun(context),
          instanceExternalId: requireId(r, "instance_id"),
          resolved,
          status: resolved ? "resolved" : generated ? "unresolved" : "empty_patch",
          patchApplied: typeof r.patch_applied === "boolean" ? r.patch_applied : null,
          tests: passed === null || failed === null ? null : { tests: { passed, failed } },
        },
      },
    ];
  },
  defaultBenchmark: () => "SWE-PolyBench",
};
