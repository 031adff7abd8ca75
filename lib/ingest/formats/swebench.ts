import { inferLanguage, normaliseLanguage } from "../../analysis/languages/infer-language";
import { decodeText, pick, type RawRecord, requireId, requireString, toStringList } from "../field-values";
import { fieldsOf } from "../format-fields";
import type { FileContext, ImportItem, InputFormat, InstanceData } from "../import-items";

/** The benchmark a SWE-bench-schema file belongs to, guessed from its path (the schema does not say). */
export function swebenchBenchmarkFromPath(path: string): string {
  const name = path.toLowerCase();
  // By word: `javascript-tasks.jsonl` is not SWE-bench-java, `elite` is not Lite (digits and separators end
  // a word: `swebench_lite_test`, `java8`).
  const word = (w: string) => new RegExp(`(^|[^a-z])${w}([^a-z]|$)`).test(name);
  if (word("multilingual")) return "SWE-bench Multilingual";
  if (word("java")) return "SWE-bench-java Verified";
  if (word("verified")) return "SWE-bench Verified";
  if (word("lite")) return "SWE-bench Lite";
  return "SWE-bench";
}

const normaliseLanguageOrNull = (name: string | null) => (name ? normaliseLanguage(name) : null);

const optionalText = (value: unknown): string | null => {
  const text = decodeText(value).trim();
  return text === "" ? null : text;
};

/** Normalises a SWE-bench or SWE-bench Pro record (their field names and encodings differ). */
export function normaliseSwebenchRecord(record: RawRecord): InstanceData {
  const goldPatch = requireString(record, "patch");
  const interfaceText = optionalText(record.interface);
  return {
    externalId: requireId(record, "instance_id"),
    repo: requireString(record, "repo"),
    baseCommit: requireString(record, "base_commit"),
    language: normaliseLanguageOrNull(optionalText(record.repo_language)) ?? inferLanguage(goldPatch),
    problemStatement: decodeText(requireString(record, "problem_statement")),
    goldPatch,
    testPatch: requireString(record, "test_patch"),
    failToPass: toStringList(pick(record, "FAIL_TO_PASS", "fail_to_pass"), "FAIL_TO_PASS"),
    passToPass: toStringList(pick(record, "PASS_TO_PASS", "pass_to_pass"), "PASS_TO_PASS"),
    requirements: optionalText(record.requirements),
    interfaceText: interfaceText && /^no new interfaces are introduced\.?$/i.test(interfaceText) ? null : interfaceText,
    hintsText: optionalText(record.hints_text),
    sourceCreatedAt: optionalText(record.created_at),
    sourceVersion: optionalText(record.version),
    original: record,
  };
}

/** An instance item, carrying the benchmark where the record names one (as the demo data does). */
const instanceItem = (record: RawRecord): ImportItem => ({
  ...(typeof record.benchmark === "string" && record.benchmark !== "" ? { benchmark: record.benchmark } : {}),
  kind: "instance",
  data: normaliseSwebenchRecord(record),
});

const hasCore = (r: RawRecord) => "instance_id" in r && "patch" in r && "test_patch" in r && "problem_statement" in r;

/** SWE-bench Pro: the SWE-bench schema plus requirements, interface and lower-case test lists. */
export const swebenchProFormat: InputFormat = {
  id: "swebench-pro",
  label: "SWE-bench Pro instances",
  shape: "records",
  detect: (r) => hasCore(r) && ("requirements" in r || "interface" in r || "fail_to_pass" in r),
  fields: fieldsOf("swebench-pro"),
  convert: (r) => [instanceItem(r)],
  defaultBenchmark: () => "SWE-bench Pro",
};

/** SWE-bench (Lite, Verified, Multilingual, full) as on Hugging Face. */
export const swebenchFormat: InputFormat = {
  id: "swebench",
  label: "SWE-bench instances",
  shape: "records",
  detect: (r) => hasCore(r) && ("FAIL_TO_PASS" in r || "base_commit" in r),
  fields: fieldsOf("swebench"),
  convert: (r) => [instanceItem(r)],
  defaultBenchmark: (context: FileContext) => swebenchBenchmarkFromPath(context.path),
};
