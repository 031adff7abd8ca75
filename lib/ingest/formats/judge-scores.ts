import { canonicalAttribute, type JudgeScale, scaleLevel } from "../../domain/judge-scales";
import { normalisePolicyName } from "../../domain/run-policy";
import { pick, type RawRecord, RecordError, requireId, requireString } from "../field-values";
import { fieldsOf } from "../format-fields";
import type { InputFormat } from "../import-items";
import { UNNUMBERED_SAMPLE } from "../repeated-records";

/** A rating given as an integer, a label, or the judge's object `{label, evidence, rationale, confidence}`. */
function ratingLevel(record: RawRecord, scale: JudgeScale, short: string): number {
  const raw = pick(record, scale, short, short.toLowerCase());
  const value = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as RawRecord).label : raw;
  const level = scaleLevel(scale, value);
  if (level === null) {
    throw new RecordError(
      `field "${scale}" must be 0–3 or a ${scale} label, got ${JSON.stringify(value) ?? "nothing"}`,
    );
  }
  return level;
}

/** Judge-score JSONL: one line per judge sample of one attribute of one identifier (README: "Judge scores"). */
export const judgeScoresFormat: InputFormat = {
  id: "judge-scores",
  label: "judge scores (N, D, G per identifier attribute)",
  shape: "records",
  detect: (r) => "instance_id" in r && "identifier" in r && "attribute" in r && ("necessity" in r || "N" in r),
  fields: fieldsOf("judge-scores"),
  convert: (r) => {
    const attributeText = requireString(r, "attribute");
    const attribute = canonicalAttribute(attributeText);
    if (!attribute) throw new RecordError(`unknown attribute "${attributeText}"`);
    // Without a sample number, samples are numbered by their order in the file (lib/ingest/repeated-records.ts).
    const given = pick(r, "sample");
    const sample = typeof given === "number" ? given : UNNUMBERED_SAMPLE;
    if (given !== undefined && given !== null && (typeof given !== "number" || !Number.isInteger(given) || given < 1)) {
      throw new RecordError(`field "sample" must be a whole number from 1, got ${JSON.stringify(given)}`);
    }
    const benchmark = pick(r, "benchmark");
    const inBenchmark = typeof benchmark === "string" && benchmark !== "" ? { benchmark } : {};
    // A line with a "curator" instead of a "judge" is a person's rating, kept apart for agreement statistics.
    if (typeof r.curator === "string" && r.curator.trim() !== "") {
      return [
        {
          ...inBenchmark,
          kind: "curator-score",
          data: {
            instanceExternalId: requireId(r, "instance_id"),
            identifier: requireString(r, "identifier"),
            attribute,
            curator: r.curator.trim(),
            necessity: ratingLevel(r, "necessity", "N"),
            disclosure: ratingLevel(r, "disclosure", "D"),
            guidance: ratingLevel(r, "guidance", "G"),
          },
        },
      ];
    }
    const detail: RawRecord = {};
    for (const key of ["necessity", "disclosure", "guidance", "N", "D", "G"]) if (key in r) detail[key] = r[key];
    return [
      {
        ...inBenchmark,
        kind: "judge-score",
        data: {
          instanceExternalId: requireId(r, "instance_id"),
          selection: normalisePolicyName(
            typeof r.selection === "string" && r.selection.trim() !== "" ? r.selection : "defuse",
          ),
          identifier: requireString(r, "identifier"),
          attribute,
          judge: typeof r.judge === "string" && r.judge !== "" ? r.judge : "judge",
          sample,
          necessity: ratingLevel(r, "necessity", "N"),
          disclosure: ratingLevel(r, "disclosure", "D"),
          guidance: ratingLevel(r, "guidance", "G"),
          detail,
        },
      },
    ];
  },
  defaultBenchmark: () => null,
};
