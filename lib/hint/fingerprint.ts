import { createHash } from "node:crypto";
import type { ModelWritten } from "../analysis/render-hint";
import { ANALYSIS_VERSION } from "../domain/analysis-version";
import { curatorDescriptions, type Trim } from "./compose-hint";

/** The fields of an instance a hint is made from. */
export interface HintInputs {
  goldPatch: string;
  testPatch: string;
  interfaceText: string | null;
  requirements: string | null;
  /** the text: Doc2Feat leaves out the names it contains */
  problemStatement?: string;
  /** descriptions a model wrote for identifiers the benchmark does not describe */
  modelWritten?: readonly ModelWritten[] | null;
}

/** Model-written descriptions in one canonical form, for the hash (empty: none). */
const modelWrittenText = (written: readonly ModelWritten[] | null | undefined) =>
  [...(written ?? [])]
    .map((m) => JSON.stringify([m.identifier, m.path, m.description, m.behaviour, m.model]))
    .sort()
    .join("\n");

const sha256 = (...parts: string[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\u0000");
  return hash.digest("hex");
};

/**
 * The hash of everything an instance's hints are made from: both patches (the analysis reads them), the
 * benchmark's own hint text (descriptions come from it) and any a model wrote, the text (Doc2Feat leaves out what it names), the analysis version, and whether the analysis
 * read whole files from the repository store (`exact`) or the hunks alone. Re-importing identical content
 * gives the same value; any change that can change a hint gives another.
 */
export function hintSourceHash(
  instance: HintInputs,
  analysisVersion: string = ANALYSIS_VERSION,
  exact = false,
): string {
  return sha256(
    `analysis ${analysisVersion}${exact ? " exact" : ""}`,
    instance.goldPatch,
    instance.testPatch,
    instance.interfaceText ?? "\u0001none",
    instance.requirements ?? "\u0001none",
    instance.problemStatement ?? "\u0001none",
    // Only where a model wrote some: every hash made before (or without) them stays as it was.
    ...(instance.modelWritten?.length ? [`model-written\n${modelWrittenText(instance.modelWritten)}`] : []),
  );
}

/** A trim in one canonical form: the same choices always give the same text. */
export function canonicalTrim(trim: Trim): string {
  const attributes = Object.entries(trim.attributes)
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => [name, [...list].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const descriptions = [...curatorDescriptions(trim)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const messages = [...new Set(trim.messages ?? [])].sort();
  // Only where some are disclosed: every trim made before messages existed keeps its canonical text.
  return JSON.stringify({
    identifiers: [...new Set(trim.identifiers)].sort(),
    attributes,
    descriptions,
    ...(messages.length > 0 ? { messages } : {}),
  });
}

/** The fingerprint of one decided hint: its instance's source hash, the policy and the curator's trim. */
export function hintFingerprint(sourceHash: string, selection: string, projection: string, trim: Trim): string {
  return sha256(sourceHash, selection, projection, canonicalTrim(trim));
}
