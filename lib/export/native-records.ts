// Over 300 lines: each benchmark's own record form, written with the curated hint and read back to the original: writer and reader kept together.
import type { HintLine } from "./hint-lines";

/** The field a native record names itself by: what Hintscope changed, so reading it back restores the original. */
export const NATIVE_MARKER = "hintscope_native";

/** What a native record says of itself: the fields the curated hint replaced (with their values) or added. */
export interface NativeMarker {
  format_version: 1 | 2;
  /** fields whose value the hint replaced, with the value the benchmark's record had (null: it had none) */
  replaced: Record<string, unknown>;
  /** fields the hint added to the record */
  added: string[];
  /** the benchmark the record was exported from (format 2): read back under it, whatever the file is named */
  benchmark?: string;
  /** where the hint went: the text the benchmark's agent reads as its task, or a field of its own (format 2) */
  placement?: "task" | "field";
  /**
   * the record's own names for the fields its format reads, where they differ (it was imported with `--map`):
   * read back with them, so the export imports as the record did
   */
  field_map?: Record<string, string>;
}

/**
 * The heading under which a hint is appended to a task text (SWE-bench's `problem_statement`, a Multi-SWE-bench
 * resolved issue's body): the task as the benchmark wrote it, a blank line, this heading, a blank line, the hint.
 */
export const TASK_HINT_HEADING = "## Hints";

/** A hint appended to a task text as its own section (nothing when the hint is empty). */
export function withHintSection(task: string, hint: string): string {
  if (hint.trim() === "") return task;
  const head = task.replace(/\s+$/, "");
  return `${head === "" ? "" : `${head}\n\n`}${TASK_HINT_HEADING}\n\n${hint}\n`;
}

/**
 * FEA-Bench builds its task text around its own hint: the feature request, then "<<NEW DEFINITIONS>>" and the
 * new components' definitions, then "Please note that in addition …" and "<<END>>" (microsoft/FEA-Bench
 * `feabench/get_dataset.py` lines 386–399, commit cb5f4ac). The curated hint takes the definitions' place.
 */
const FEA_DEFINITIONS =
  /(<<NEW DEFINITIONS>>\n)([\s\S]*?)(\n\n\nPlease note that in addition to the newly added components)/;

/** A task text with the hint in it: in FEA-Bench's definitions section where the text has one, else appended. */
export function taskWithHint(task: string, hint: string): string {
  if (FEA_DEFINITIONS.test(task))
    return task.replace(FEA_DEFINITIONS, (_all, head, _defs, tail) => `${head}${hint}${tail}`);
  return withHintSection(task, hint);
}

/** The benchmark families a native export writes, and the field their agents read the task from. */
export const NATIVE_FORMATS = new Set(["swebench-pro", "swebench", "swe-smith", "multi-swe-bench"]);

export interface NativeOptions {
  /** the benchmark the record belongs to (said in the marker, so a renamed file reads back under it) */
  benchmark: string;
  /**
   * a field of its own for the hint, leaving every task text untouched (the behaviour before hints went where
   * agents read them; `--hint-field NAME`); the record must not have a field of that name
   */
  hintField?: string | null;
  /** the record's own names for its format's fields (imported with `--map`): `{problem_statement: "doc"}` */
  fieldMap?: Record<string, string>;
}

/** Multi-SWE-bench's fields that its `Dataset` dataclass reads as structures (dicts and lists). */
const MULTI_SWE_BENCH_STRUCTURED = [
  "base",
  "fixed_tests",
  "p2p_tests",
  "f2p_tests",
  "s2p_tests",
  "n2p_tests",
  "run_result",
  "test_patch_result",
  "fix_patch_result",
];

/** A record's value as a list of objects, where it is one (Multi-SWE-bench's `resolved_issues`, maybe as text). */
function issuesOf(value: unknown, parse: (text: string) => unknown): Array<Record<string, unknown>> | null {
  let decoded = value;
  if (typeof value === "string") {
    try {
      decoded = parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(decoded) || decoded.length === 0) return null;
  if (!decoded.every((i) => typeof i === "object" && i !== null && !Array.isArray(i))) return null;
  return decoded as Array<Record<string, unknown>>;
}

/**
 * A hint set as the benchmark's own records, ready for its harness: the original record as it was imported,
 * with the curated hint where that benchmark's agent reads its task (README, "Where the hint goes"):
 *
 * - SWE-bench Pro (`swebench-pro`): the agent's task is `problem_statement`, `requirements` and `interface`
 *   joined (SWE-bench Pro's `helper_code/create_problem_statement.py`). `interface` is replaced by the curated
 *   hint; under the Pro projection, whose hint states behaviour too, `requirements` by the hint's behaviour
 *   lines, so nothing beyond the curated hint reaches the agent.
 * - SWE-bench and its splits, FEA-Bench, NoCode-bench (`swebench`) and SWE-smith (`swe-smith`): the agent's task
 *   is `problem_statement` (SWE-bench's harness and its agents read nothing else of the issue): the hint is
 *   appended to it under `## Hints`.
 * - Multi-SWE-bench (`multi-swe-bench`): the agent's task is the first resolved issue's title and body
 *   (MagentLess `agentless/multilang/utils.py`; `Dataset.from_json` keeps only the schema's fields): the hint is
 *   appended to `resolved_issues[0].body` under `## Hints` (the list written as a list).
 *
 * With `hintField`, the hint goes in a field of that name instead and every task text stays as it was.
 * Each record carries `hintscope_native`: the fields it replaced (with the record's own values) and added, and
 * the benchmark, so importing the export back restores the benchmark's record exactly and changes nothing. The
 * record keeps its own key order (a replaced field stays where it was, added ones come last): the same bytes
 * every time.
 */
export function nativeRecord(
  original: Record<string, unknown>,
  sourceFormat: string,
  line: HintLine,
  options: NativeOptions,
  parse: (text: string) => unknown = JSON.parse,
): Record<string, unknown> {
  const own = (key: string) => (Object.hasOwn(original, key) ? original[key] : null);
  const fieldMap = options.fieldMap && Object.keys(options.fieldMap).length > 0 ? options.fieldMap : null;
  const marker = (replaced: Record<string, unknown>, added: string[], placement: "task" | "field"): NativeMarker => ({
    format_version: 2,
    replaced,
    added,
    benchmark: options.benchmark,
    placement,
    ...(fieldMap ? { field_map: fieldMap } : {}),
  });
  if (options.hintField) {
    const field = options.hintField;
    if (Object.hasOwn(original, field))
      throw new Error(`${line.instance_id}: the record already has a field "${field}"; choose another --hint-field`);
    return { ...original, [field]: line.hint, [NATIVE_MARKER]: marker({}, [field], "field") };
  }
  if (sourceFormat === "swebench-pro") {
    const interfaceField = fieldMap?.interface ?? "interface";
    const requirementsField = fieldMap?.requirements ?? "requirements";
    const record: Record<string, unknown> = { ...original, [interfaceField]: line.hint };
    const replaced: Record<string, unknown> = { [interfaceField]: own(interfaceField) };
    if (line.projection === "pro") {
      replaced[requirementsField] = own(requirementsField);
      record[requirementsField] = line.hint
        .split("\n")
        .filter((text) => text.startsWith("Behaviour: "))
        .map((text) => text.slice("Behaviour: ".length))
        .join("\n");
    }
    return { ...record, [NATIVE_MARKER]: marker(replaced, [], "task") };
  }
  if (sourceFormat === "multi-swe-bench") {
    const issues = issuesOf(original.resolved_issues, parse);
    if (!issues)
      throw new Error(
        `${line.instance_id}: the record has no resolved issue to carry the hint (its agents read the first one); export with --hint-field NAME`,
      );
    const [first, ...rest] = issues as [Record<string, unknown>, ...Array<Record<string, unknown>>];
    const body = typeof first.body === "string" ? first.body : "";
    const record: Record<string, unknown> = { ...original };
    const replaced: Record<string, unknown> = {};
    // Fields the harness reads as structures, written as structures where the record held them as text (a
    // Python repr, as some copies of the data have them): `Dataset.from_json` takes nothing else.
    for (const field of MULTI_SWE_BENCH_STRUCTURED) {
      const value = original[field];
      if (typeof value !== "string") continue;
      try {
        record[field] = parse(value);
        replaced[field] = value;
      } catch {
        // left as it is: the record was imported with it, the harness will say what it makes of it
      }
    }
    record.resolved_issues = [{ ...first, body: withHintSection(body, line.hint) }, ...rest];
    replaced.resolved_issues = own("resolved_issues");
    return { ...record, [NATIVE_MARKER]: marker(replaced, [], "task") };
  }
  // The record's own name for its task text, where it was imported with --map.
  const taskField = fieldMap?.problem_statement ?? "problem_statement";
  const task = typeof original[taskField] === "string" ? (original[taskField] as string) : "";
  return {
    ...original,
    [taskField]: taskWithHint(task, line.hint),
    [NATIVE_MARKER]: marker({ [taskField]: own(taskField) }, [], "task"),
  };
}

/**
 * A record for an experiment's policy without a curated hint: `none` (no hint at all: SWE-bench Pro's
 * `interface` and `requirements` emptied, every other task text as the benchmark wrote it) or `official` (the
 * benchmark's own record, its own hints kept). Marked like a native record, so it reads back as the original;
 * Multi-SWE-bench's structured fields are written as structures, as in every native record.
 */
export function policyRecord(
  original: Record<string, unknown>,
  sourceFormat: string,
  instanceId: string,
  policy: "none" | "official",
  benchmark: string,
  parse: (text: string) => unknown = JSON.parse,
  fieldMap?: Record<string, string>,
): Record<string, unknown> {
  const empty: HintLine = {
    instance_id: instanceId,
    benchmark,
    selection: policy,
    projection: "pro",
    status: "accepted",
    flag_reason: null,
    note: null,
    hint: "",
    identifiers: [],
  };
  if (sourceFormat === "multi-swe-bench" || (policy === "none" && sourceFormat === "swebench-pro"))
    return nativeRecord(original, sourceFormat, empty, { benchmark, fieldMap }, parse);
  const marker: NativeMarker = {
    format_version: 2,
    replaced: {},
    added: [],
    benchmark,
    placement: "task",
    ...(fieldMap && Object.keys(fieldMap).length > 0 ? { field_map: fieldMap } : {}),
  };
  return { ...original, [NATIVE_MARKER]: marker };
}

/** The fields a native export puts the curated hint in, for its manifest. */
export function nativeHintFields(
  sourceFormat: string,
  projection: string,
  hintField?: string | null,
  fieldMap?: Record<string, string>,
): string[] {
  if (hintField) return [hintField];
  const named = (field: string) => fieldMap?.[field] ?? field;
  if (sourceFormat === "swebench-pro")
    return projection === "pro" ? [named("interface"), named("requirements")] : [named("interface")];
  if (sourceFormat === "multi-swe-bench") return ["resolved_issues[0].body"];
  return [named("problem_statement")];
}

/**
 * The record's own names for the fields its format reads, where it lacks the format's name for one (it was
 * imported with `--map`): the field whose value is the one the import stored. `{patch: "feature_patch"}`.
 */
export function inferredFieldMap(
  original: Record<string, unknown>,
  stored: Record<string, string | null>,
): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [field, value] of Object.entries(stored)) {
    if (value === null || Object.hasOwn(original, field)) continue;
    const same = Object.keys(original).find((key) => {
      const v = original[key];
      return typeof v === "string" && (v === value || v.trim() === value.trim());
    });
    if (same) map[field] = same;
  }
  return map;
}

/** The field map a native export's record carries (imported with `--map`), or null. */
export function nativeFieldMapOf(record: Record<string, unknown>): Record<string, string> | null {
  const map = markerOf(record)?.field_map;
  if (typeof map !== "object" || map === null || Array.isArray(map)) return null;
  const entries = Object.entries(map).filter((e): e is [string, string] => typeof e[1] === "string");
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

const markerOf = (record: Record<string, unknown>): Partial<NativeMarker> | null => {
  const marker = record[NATIVE_MARKER];
  if (typeof marker !== "object" || marker === null || Array.isArray(marker)) return null;
  return marker as Partial<NativeMarker>;
};

/** The benchmark a native export's record says it came from, or null (not one, or an older export). */
export function nativeBenchmarkOf(record: Record<string, unknown>): string | null {
  const benchmark = markerOf(record)?.benchmark;
  return typeof benchmark === "string" && benchmark !== "" ? benchmark : null;
}

/**
 * A record read back from a native export, as the benchmark had it: added fields removed, replaced ones
 * restored, the marker dropped (key order kept). Null for a record that is no native export.
 */
export function originalOfNative(record: Record<string, unknown>): Record<string, unknown> | null {
  const marker = markerOf(record);
  if (!marker) return null;
  const { replaced, added } = marker;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === NATIVE_MARKER || (Array.isArray(added) && added.includes(key))) continue;
    if (replaced && typeof replaced === "object" && Object.hasOwn(replaced, key)) {
      const was = (replaced as Record<string, unknown>)[key];
      if (was !== null)
        Object.defineProperty(out, key, { value: was, enumerable: true, writable: true, configurable: true });
      continue;
    }
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
