import { ownValue } from "./own-keys";

/** The three 0–3 judge scales of SPEC §6, each level's label in order. */
export const JUDGE_SCALES = {
  necessity: ["REDUNDANT", "SEARCH-SAVING", "DISAMBIGUATING", "LOAD-BEARING"],
  disclosure: ["INTERFACE", "CONTRACT", "MECHANISM", "TRANSCRIPTION"],
  guidance: ["DECLARATIVE", "ORIENTING", "PROCEDURAL", "PRESCRIPTIVE"],
} as const;

export type JudgeScale = keyof typeof JUDGE_SCALES;

/** The hint attributes a judge rates, with the spellings accepted on import. */
export const HINT_ATTRIBUTES = [
  "name",
  "kind",
  "path",
  "new_file",
  "signature",
  "weak_semantics",
  "strong_semantics",
] as const;

export type HintAttribute = (typeof HINT_ATTRIBUTES)[number];

const ATTRIBUTE_ALIASES: Record<string, HintAttribute> = {
  entity_type: "kind",
  type: "kind",
  is_new_file: "new_file",
  newfile: "new_file",
  weak_semantic: "weak_semantics",
  strong_semantic: "strong_semantics",
};

/** The canonical attribute for a spelling such as "is-new-file" or "Entity type", or null. */
export function canonicalAttribute(text: string): HintAttribute | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if ((HINT_ATTRIBUTES as readonly string[]).includes(key)) return key as HintAttribute;
  return ownValue(ATTRIBUTE_ALIASES, key) ?? null;
}

/** A rating's level 0–3 from an integer or a label such as "LOAD-BEARING" (case and separators ignored). */
export function scaleLevel(scale: JudgeScale, value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 && value <= 3 ? value : null;
  if (typeof value !== "string") return null;
  const word = value
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, "-");
  if (/^[0-3]$/.test(word)) return Number(word);
  const index = (JUDGE_SCALES[scale] as readonly string[]).indexOf(word);
  return index >= 0 ? index : null;
}

/** HVM = N − max(D, G), per rated value (SPEC §6). */
export function hintValueMargin(necessity: number, disclosure: number, guidance: number): number {
  return necessity - Math.max(disclosure, guidance);
}
