import type { InstanceEvidence } from "../evidence/evidence";
import { type DisclosureSource, instanceDisclosure } from "../evidence/solution-disclosure";
import type { HintSourceIdentifier } from "../hint/compose-hint";
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
// 2: each selection's facts hold, per projection, the share of the gold patch its rendered hint transcribes.
export const RESEARCH_FACTS_VERSION = 2;

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

/**
 * An instance's research facts from its identifiers, its evidence, and what its hints are rendered from (its
 * gold patch, which the rendered hints are measured against: lib/evidence/solution-disclosure.ts).
 */
export function researchFacts(
  identifiers: readonly HintSourceIdentifier[],
  evidence: InstanceEvidence,
  source: DisclosureSource,
): ResearchFacts {
  const base = frontierInstance(identifiers, evidence);
  const facing = identifiers.some((x) => x.policies.includes("defuse")) || (base.messages?.length ?? 0) > 0;
  // Rendered only where the facts are kept (an instance with something test-facing).
  const instance = facing ? { ...base, disclosure: instanceDisclosure(identifiers, source) } : base;
  const basis = frontierBasis(instance);
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
