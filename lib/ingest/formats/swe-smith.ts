import path from "node:path";
import { inferLanguage } from "../../analysis/languages/infer-language";
import { OFFICIAL_POLICY } from "../../domain/run-policy";
import { decodeText, pick, type RawRecord, RecordError, requireId, requireString, toStringList } from "../field-values";
import type { FileContext, ImportItem, InputFormat, RunKey } from "../import-items";
import { leaderboardSystem } from "../run-layout";
import { modelFromPath } from "./run-results";

/**
 * SWE-smith task instances: the SWE-bench schema without a test patch (the tests live in the repository
 * at the instance's commit; FAIL_TO_PASS names them), lists as lists, and the image the task runs in. One
 * instance per file (pretty-printed JSON) or many (JSON Lines).
 */
export const sweSmithFormat: InputFormat = {
  id: "swe-smith",
  label: "SWE-smith task instances",
  shape: "records",
  detect: (r) =>
    "instance_id" in r && "patch" in r && !("test_patch" in r) && ("image_name" in r || Array.isArray(r.FAIL_TO_PASS)),
  fields: ["instance_id", "repo", "patch", "FAIL_TO_PASS", "image_name"],
  convert: (r) => {
    const goldPatch = requireString(r, "patch");
    const text = (value: unknown) => {
      const t = decodeText(value).trim();
      return t === "" ? null : t;
    };
    return [
      {
        kind: "instance",
        data: {
          externalId: requireId(r, "instance_id"),
          repo: requireString(r, "repo"),
          baseCommit: typeof r.base_commit === "string" ? r.base_commit : "",
          language: inferLanguage(goldPatch),
          problemStatement: decodeText(pick(r, "problem_statement") ?? ""),
          goldPatch,
          // Not in the record: the instance page says so.
          testPatch: "",
          failToPass: toStringList(pick(r, "FAIL_TO_PASS"), "FAIL_TO_PASS"),
          passToPass: toStringList(pick(r, "PASS_TO_PASS") ?? [], "PASS_TO_PASS"),
          requirements: null,
          interfaceText: null,
          hintsText: null,
          sourceCreatedAt: text(r.created_at),
          sourceVersion: null,
          original: r,
        },
      },
    ];
  },
  defaultBenchmark: () => "SWE-smith",
};

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

const officialRun = (context: FileContext): RunKey => ({
  model: modelFromPath(context.path),
  selection: OFFICIAL_POLICY,
  projection: OFFICIAL_POLICY,
});

/**
 * SWE-smith's aggregate report: `{resolved: 3, unresolved: 50, total: 53, ids_resolved, ids_unresolved}`
 * (counts where the harness report has lists). The counts are kept as the run's stated summary.
 */
export const sweSmithReportFormat: InputFormat = {
  id: "swe-smith-report",
  label: "SWE-smith evaluation report (ids_resolved, ids_unresolved)",
  shape: "document",
  detect: (r) => isStringArray(r.ids_resolved) && isStringArray(r.ids_unresolved),
  fields: ["ids_resolved", "ids_unresolved", "resolved", "total"],
  convert: (r, context) => {
    const run = officialRun(context);
    const items: ImportItem[] = [];
    const seen = new Map<string, boolean>();
    for (const [field, resolved] of [
      ["ids_resolved", true],
      ["ids_unresolved", false],
    ] as const) {
      for (const id of r[field] as string[]) {
        const earlier = seen.get(id);
        if (earlier === resolved) continue;
        if (earlier !== undefined)
          throw new RecordError(`"${id}" is listed in both ids_resolved and ids_unresolved: which is it?`);
        seen.set(id, resolved);
        items.push({
          kind: "result",
          data: {
            ...run,
            instanceExternalId: id,
            resolved,
            status: resolved ? "resolved" : "unresolved",
            patchApplied: null,
          },
        });
      }
    }
    const summary: Record<string, unknown> = {};
    for (const key of ["resolved", "unresolved", "total"]) if (typeof r[key] === "number") summary[key] = r[key];
    items.push({ kind: "run-summary", data: { ...run, summary } });
    return items;
  },
  defaultBenchmark: () => "SWE-smith",
};

/**
 * The SWE-bench harness's per-instance `report.json`: `{ID: {patch_successfully_applied, resolved,
 * tests_status: {FAIL_TO_PASS: {success, failure}, PASS_TO_PASS: …}}}`, one or more ids; and SWE-smith's
 * variant without the id wrapper, whose id is the name of the folder holding the file (said so in the
 * import, as the folder is all that names it). The run is named by the folder above the instance's.
 */
export const instanceReportFormat: InputFormat = {
  id: "instance-report",
  label: "per-instance harness report (report.json)",
  shape: "document",
  detect: (r) => isInstanceReport(r) || (Object.keys(r).length > 0 && Object.values(r).every(isInstanceReport)),
  fields: ["resolved", "patch_successfully_applied", "tests_status"],
  convert: (r, context) => {
    const bare = isInstanceReport(r);
    const folder = path.basename(path.dirname(context.path));
    const entries: Array<[string, RawRecord]> = bare
      ? [[folder, r]]
      : Object.entries(r).map(([id, value]) => [id, value as RawRecord]);
    // The harness writes logs/run_evaluation/RUN/MODEL/INSTANCE/report.json: a report in its instance's
    // folder is named by the folder above (the model); one that holds several ids, by its own folder.
    const inInstanceFolder = bare || (entries.length === 1 && entries[0]?.[0] === folder);
    const run: RunKey = {
      // A leaderboard's <system>/logs/ID/report.json: the system's (the folder above logs/).
      model:
        leaderboardSystem(context.path)?.system ??
        ((inInstanceFolder ? path.basename(path.dirname(path.dirname(context.path))) : folder) || "report"),
      selection: OFFICIAL_POLICY,
      projection: OFFICIAL_POLICY,
    };
    return entries.map(([id, report]) => ({
      kind: "result",
      ...(bare ? { note: `the instance id "${id}" was read from the name of the folder holding the report` } : {}),
      data: {
        ...run,
        instanceExternalId: id,
        resolved: report.resolved === true,
        status: report.patch_is_None === true ? "empty_patch" : report.resolved === true ? "resolved" : "unresolved",
        patchApplied: typeof report.patch_successfully_applied === "boolean" ? report.patch_successfully_applied : null,
        tests: testCounts(report.tests_status),
      },
    }));
  },
  defaultBenchmark: () => null,
};

function isInstanceReport(value: unknown): value is RawRecord {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as RawRecord).resolved === "boolean" &&
    ("tests_status" in value || "patch_successfully_applied" in value)
  );
}

/** Per-test outcome counts from `tests_status`: `{FAIL_TO_PASS: {passed, failed}, PASS_TO_PASS: …}`. */
function testCounts(status: unknown): Record<string, { passed: number; failed: number }> | null {
  if (typeof status !== "object" || status === null) return null;
  const out: Record<string, { passed: number; failed: number }> = {};
  for (const [kind, lists] of Object.entries(status as Record<string, unknown>)) {
    if (typeof lists !== "object" || lists === null) continue;
    const { success, failure } = lists as { success?: unknown; failure?: unknown };
    out[kind] = {
      passed: Array.isArray(success) ? success.length : 0,
      failed: Array.isArray(failure) ? failure.length : 0,
    };
  }
  return out;
}
