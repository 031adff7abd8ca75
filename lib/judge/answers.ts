import { z } from "zod";
import { JUDGE_SCALES } from "../domain/judge-scales";

/** The judge's two calls: NECESSITY, and DISCLOSURE + GUIDANCE together. */
export type JudgeCallKind = "N" | "DG";

const confidence = z.number().min(0).max(1);

export const NecessityAnswer = z.object({
  label: z.enum(JUDGE_SCALES.necessity),
  evidence: z.string(),
  rationale: z.string(),
  confidence,
});

export const DisclosureGuidanceAnswer = z.object({
  disclosure_label: z.enum(JUDGE_SCALES.disclosure),
  guidance_label: z.enum(JUDGE_SCALES.guidance),
  evidence: z.string(),
  rationale: z.string(),
  confidence,
});

export type NecessityAnswer = z.infer<typeof NecessityAnswer>;
export type DisclosureGuidanceAnswer = z.infer<typeof DisclosureGuidanceAnswer>;

/** The strict JSON schema requested where an endpoint supports `response_format: json_schema`. */
export function responseFormat(kind: JudgeCallKind) {
  const text = { type: "string" };
  const properties =
    kind === "N"
      ? { label: { type: "string", enum: [...JUDGE_SCALES.necessity] } }
      : {
          disclosure_label: { type: "string", enum: [...JUDGE_SCALES.disclosure] },
          guidance_label: { type: "string", enum: [...JUDGE_SCALES.guidance] },
        };
  const all = { ...properties, evidence: text, rationale: text, confidence: { type: "number" } };
  return {
    type: "json_schema",
    json_schema: {
      name: kind === "N" ? "necessity_rating" : "disclosure_guidance_rating",
      strict: true,
      schema: { type: "object", properties: all, required: Object.keys(all), additionalProperties: false },
    },
  };
}

/** The JSON object in a model's answer: alone, inside a ```json fence, or after some words (first `{` to last `}`). */
export function jsonObjectIn(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end < start) return { ok: false, error: "the answer holds no JSON object" };
  try {
    return { ok: true, value: JSON.parse(text.slice(start, end + 1)) };
  } catch (error) {
    return { ok: false, error: `the answer's JSON does not parse: ${(error as Error).message}` };
  }
}

export type ParsedAnswer =
  | { ok: true; kind: "N"; answer: NecessityAnswer }
  | { ok: true; kind: "DG"; answer: DisclosureGuidanceAnswer }
  | { ok: false; error: string };

/**
 * An answer's text as the judge's JSON object: the object alone, or inside a ```json fence, or after some
 * words (the first `{` to the last `}`); validated against the call's schema.
 */
export function parseAnswer(kind: JudgeCallKind, text: string): ParsedAnswer {
  const object = jsonObjectIn(text);
  if (!object.ok) return object;
  const value = object.value;
  const parsed = (kind === "N" ? NecessityAnswer : DisclosureGuidanceAnswer).safeParse(value);
  if (!parsed.success)
    return {
      ok: false,
      error: `the answer is not the rating asked for: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(object)"} ${i.message}`).join("; ")}`,
    };
  return kind === "N"
    ? { ok: true, kind, answer: parsed.data as NecessityAnswer }
    : { ok: true, kind, answer: parsed.data as DisclosureGuidanceAnswer };
}

const squeeze = (text: string) =>
  text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Whether an evidence span occurs in the text it says it quotes (whitespace, case and typographic quotes
 * aside). An empty span quotes nothing and is verbatim (the N call allows "the empty string").
 */
export function quotesVerbatim(evidence: string, source: string): boolean {
  const span = squeeze(evidence).replace(/^["']|["']$/g, "");
  return span === "" || squeeze(source).includes(span);
}
