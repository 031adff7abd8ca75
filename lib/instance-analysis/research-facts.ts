import type { InstanceEvidence } from "../evidence/evidence";
import {
  type FrontierBasis,
  type FrontierInstance,
  frontierBasis,
  type SelectionFacts,
  selectionFacts,
} from "../stats/frontier";

/**
 * What the research page reads of one instance, kept with its analysis so the page sums stored rows instead of
 * reading every identifier and every instance's evidence: its part of the spoiler–guesswork frontier under
 * each selection, the leak channels its evidence shows, and what a published hint set's line is measured
 * against (its test-facing names and messages, each name's copying). Facts of another version are made
 * again from the stored identifiers and evidence when the database is opened.
 */
export const RESEARCH_FACTS_VERSION = 1;

export interface ResearchFacts {
  selections: SelectionFacts[];
  /** the leak channels the evidence shows, each once */
  leakChannels: string[];
  /** the frontier basis as JSON (readFrontierBasis); null where nothing faces the tests (no line is measured there) */
  basis: string | null;
}

/** An instance as the frontier reads it, from its identifiers (name, selections) and its evidence. */
export function frontierInstance(
  identifiers: ReadonlyArray<{ name: string; policies: readonly string[] }>,
  evidence: InstanceEvidence | null,
): FrontierInstance {
  return {
    identifiers,
    transcription: new Map((evidence?.identifiers ?? []).map((e) => [e.name, e.transcription_share])),
    messages: (evidence?.literals ?? [])
      .filter((l) => l.introduced_by_gold && !l.stated_in_issue && !l.stated_in_benchmark_hint)
      .map((l) => l.text),
  };
}

export function researchFacts(
  identifiers: ReadonlyArray<{ name: string; policies: readonly string[] }>,
  evidence: InstanceEvidence,
): ResearchFacts {
  const instance = frontierInstance(identifiers, evidence);
  const basis = frontierBasis(instance);
  const facing = basis.test.length + basis.messages.length > 0;
  return {
    selections: selectionFacts(instance),
    leakChannels: [...new Set(evidence.leaks.map((l) => l.channel))],
    basis: facing
      ? JSON.stringify({
          test: basis.test,
          messages: basis.messages,
          // Pairs, not an object: an identifier may be named `constructor` or `__proto__`.
          transcription: [...basis.transcription].filter(([, share]) => share > 0),
        })
      : null,
  };
}

/** A stored frontier basis (ResearchFacts.basis) read back. */
export function readFrontierBasis(text: string): FrontierBasis {
  const parsed = JSON.parse(text) as { test: string[]; messages: string[]; transcription: Array<[string, number]> };
  if (!Array.isArray(parsed.test) || !Array.isArray(parsed.messages) || !Array.isArray(parsed.transcription))
    throw new Error(`a stored frontier basis is not one: ${text.slice(0, 80)}`);
  return { test: parsed.test, messages: parsed.messages, transcription: new Map(parsed.transcription) };
}
