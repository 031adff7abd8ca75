import { PROJECTION_ATTRIBUTES, type Projection } from "../analysis/render-hint";
import type { HintAttribute } from "../domain/judge-scales";

/** Why a curator flags a hint (SPEC §8). */
export const FLAG_REASONS = {
  spoiler: "Spoiler (discloses implementation)",
  guesswork: "Guesswork remains (a test-facing name is missing)",
  misleading_issue: "Misleading issue text",
  tests_too_narrow: "Tests too narrow",
  tests_too_broad: "Tests too broad",
  leak_channel: "Leak channel (e.g. an id embedding the fix commit)",
  other: "Other",
} as const;

export type FlagReason = keyof typeof FLAG_REASONS;
export type DecisionAction = "accept" | "trim" | "flag";

/** What a curator removed from a hint: whole identifiers, or single attributes of one. */
export interface Trim {
  identifiers: string[];
  attributes: Record<string, HintAttribute[]>;
}

export const NO_TRIM: Trim = { identifiers: [], attributes: {} };

/** Whether a trim removes anything at all. */
export const isTrimmed = (trim: Trim) =>
  trim.identifiers.length > 0 || Object.values(trim.attributes).some((a) => a.length > 0);

/** The attributes an identifier keeps under a projection once a trim is applied. */
export function keptAttributes(projection: Projection, trim: Trim, name: string): Set<HintAttribute> {
  const removed = new Set(trim.attributes[name] ?? []);
  return new Set(PROJECTION_ATTRIBUTES[projection].filter((a) => a === "name" || !removed.has(a)));
}

/** The status a decision leaves a hint in. */
export function statusAfter(action: DecisionAction, trim: Trim): "accepted" | "trimmed" | "flagged" {
  if (action === "flag") return "flagged";
  return action === "trim" && isTrimmed(trim) ? "trimmed" : "accepted";
}
