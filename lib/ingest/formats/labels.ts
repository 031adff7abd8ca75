import { RecordError, requireId, requireString } from "../field-values";
import { fieldsOf } from "../format-fields";
import type { ImportItem, InputFormat, LabelData } from "../import-items";

/*
 * Labels the field published about instances, kept as labels per instance with their source: OpenAI's
 * SWE-bench Verified annotations (three engineers per instance, ensembled: severities 0–3 with notes) and
 * the Agentless authors' SWE-bench Lite classification (is the solution in the description, where the
 * location is given, how good the description is).
 */

const label = (
  instanceExternalId: string,
  source: string,
  name: string,
  value: string,
  notes: string | null = null,
): ImportItem => ({ kind: "label", data: { instanceExternalId, source, name, value, notes } });

/** A severity as OpenAI wrote them (`0.0`–`3.0`), checked, as its own text. */
function severity(record: Record<string, unknown>, field: string): string {
  const text = requireString(record, field).trim();
  const value = Number(text);
  if (text === "" || !Number.isFinite(value) || value < 0 || value > 3)
    throw new RecordError(`field "${field}" must be a severity from 0 to 3, got ${JSON.stringify(text)}`);
  return text;
}

const notesOf = (record: Record<string, unknown>, field: string) => {
  const value = record[field];
  return typeof value === "string" && value.trim() !== "" ? value : null;
};

export const OPENAI_SOURCE = "openai-verified-annotations";
export const AGENTLESS_SOURCE = "agentless-lite-classification";

/** OpenAI's SWE-bench Verified annotations (ensembled_annotations_public.csv). */
export const openAiAnnotationsFormat: InputFormat = {
  id: "openai-verified-annotations",
  label: "OpenAI's SWE-bench Verified annotations",
  shape: "records",
  fields: fieldsOf("openai-verified-annotations"),
  detect: (r) => "instance_id" in r && "underspecified" in r && "false_negative" in r,
  convert: (r) => {
    const id = requireId(r, "instance_id");
    const items = [
      label(id, OPENAI_SOURCE, "underspecified", severity(r, "underspecified"), notesOf(r, "underspecified_notes")),
      label(id, OPENAI_SOURCE, "false_negative", severity(r, "false_negative"), notesOf(r, "false_negative_notes")),
    ];
    if ("other_major_issues" in r && String(r.other_major_issues).trim() !== "")
      items.push(
        label(id, OPENAI_SOURCE, "other_major_issues", severity(r, "other_major_issues"), notesOf(r, "other_notes")),
      );
    if (typeof r.difficulty === "string" && r.difficulty.trim() !== "")
      items.push(label(id, OPENAI_SOURCE, "difficulty", r.difficulty.trim()));
    if ("filter_out" in r) {
      const text = String(r.filter_out).trim();
      if (!/^(true|false)$/i.test(text))
        throw new RecordError(`field "filter_out" must be True or False, got ${JSON.stringify(text)}`);
      items.push(label(id, OPENAI_SOURCE, "filter_out", /^true$/i.test(text) ? "True" : "False"));
    }
    return items;
  },
  defaultBenchmark: () => "SWE-bench Verified",
};

const SOLUTION_VALUES = ["No solution", "Some steps in NL", "Complete steps in NL", "Misleading", "Exact patch"];
const LOCATION_VALUES = ["None", "Natural language", "Keywords", "Stacktrace"];

/** One of a column's published values (case aside), or a located error naming them. */
function oneOf(record: Record<string, unknown>, field: string, values: readonly string[]): string {
  const text = requireString(record, field).trim();
  const found = values.find((v) => v.toLowerCase() === text.toLowerCase());
  if (!found)
    throw new RecordError(`field "${field}" must be one of ${values.join(", ")}, got ${JSON.stringify(text)}`);
  return found;
}

/** The Agentless authors' SWE-bench Lite classification (classification/swebench_lite_classifications.csv). */
export const agentlessClassificationFormat: InputFormat = {
  id: "agentless-classification",
  label: "Agentless' SWE-bench Lite classification",
  shape: "records",
  fields: fieldsOf("agentless-classification"),
  detect: (r) => "instance_id" in r && "solution in description" in r,
  convert: (r) => {
    const id = requireId(r, "instance_id");
    const items = [
      label(id, AGENTLESS_SOURCE, "solution_in_description", oneOf(r, "solution in description", SOLUTION_VALUES)),
    ];
    for (const field of ["line location", "function location", "file location"])
      if (field in r)
        items.push(label(id, AGENTLESS_SOURCE, field.replace(" ", "_"), oneOf(r, field, LOCATION_VALUES)));
    if (typeof r["description quality"] === "string" && r["description quality"].trim() !== "")
      items.push(label(id, AGENTLESS_SOURCE, "description_quality", r["description quality"].trim()));
    return items;
  },
  defaultBenchmark: () => "SWE-bench Lite",
};

export const PRO_SOURCE = "swebench-pro";
export const REBENCH_SOURCE = "swe-rebench-llm-score";

/** A record field as a list: a JSON list, or a list written as text (`["a", "b"]`, `['a']`). */
function listOf(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string" || value.trim() === "") return null;
  try {
    const parsed = JSON.parse(value.replace(/'/g, '"'));
    return Array.isArray(parsed) ? parsed.map(String) : [value.trim()];
  } catch {
    return [value.trim()];
  }
}

/**
 * The labels an instance record carries itself: SWE-bench Pro's `issue_specificity` and `issue_categories`,
 * SWE-rebench's `meta.llm_score` (difficulty, issue text and test scores). Stored as labels with their source.
 */
export function recordLabels(record: Record<string, unknown>, instanceExternalId: string): LabelData[] {
  const out: LabelData[] = [];
  for (const field of ["issue_specificity", "issue_categories"]) {
    const list = listOf(record[field]);
    if (list && list.length > 0)
      out.push({ instanceExternalId, source: PRO_SOURCE, name: field, value: list.join(", "), notes: null });
  }
  let meta = record.meta;
  if (typeof meta === "string") {
    try {
      meta = JSON.parse(meta);
    } catch {
      meta = null;
    }
  }
  const score = (meta as { llm_score?: Record<string, unknown> } | null)?.llm_score;
  if (score && typeof score === "object")
    for (const [name, value] of Object.entries(score))
      if (typeof value === "number" || (typeof value === "string" && value.trim() !== ""))
        out.push({ instanceExternalId, source: REBENCH_SOURCE, name, value: String(value), notes: null });
  return out;
}
