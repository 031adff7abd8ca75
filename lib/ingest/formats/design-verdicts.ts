import { normalisePolicyName, OFFICIAL_POLICY } from "../../domain/run-policy";
import { pick, RecordError, requireId, requireString } from "../field-values";
import type { InputFormat } from "../import-items";

const VERDICTS: Record<string, "satisfied" | "violated" | "neutral"> = {
  satisfied: "satisfied",
  violated: "violated",
  neutral: "neutral",
};

/** Design-constraint verdicts (SWE-Shield): instance_id, model, constraint_id, verdict [, selection, projection, benchmark]. */
export const designVerdictsFormat: InputFormat = {
  id: "design-verdicts",
  label: "design-constraint verdicts (Satisfied / Violated / Neutral)",
  shape: "records",
  detect: (r) => "instance_id" in r && "verdict" in r && ("constraint_id" in r || "constraint" in r),
  convert: (r) => {
    const raw = requireString(r, "verdict");
    const verdict = VERDICTS[raw.trim().toLowerCase()];
    if (!verdict)
      throw new RecordError(`field "verdict" must be Satisfied, Violated or Neutral, got ${JSON.stringify(raw)}`);
    const benchmark = pick(r, "benchmark");
    const policy = (field: string) =>
      typeof r[field] === "string" && r[field].trim() !== "" ? normalisePolicyName(r[field]) : OFFICIAL_POLICY;
    return [
      {
        ...(typeof benchmark === "string" && benchmark !== "" ? { benchmark } : {}),
        kind: "design-verdict",
        data: {
          model: requireString(r, "model"),
          selection: policy("selection"),
          projection: policy("projection"),
          instanceExternalId: requireId(r, "instance_id"),
          constraintId: requireString(r, "constraint_id", "constraint"),
          verdict,
        },
      },
    ];
  },
  defaultBenchmark: () => null,
};
