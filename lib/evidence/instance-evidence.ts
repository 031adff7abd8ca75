import { parseInterfaceText } from "../analysis/benchmark-hints";
import { describeIdentifiers, renderHint } from "../analysis/render-hint";
import type { HintSourceIdentifier } from "../hint/compose-hint";
import type { RepositoryFact } from "../repository-store/repository-facts";
import {
  type EvidenceInput,
  type InstanceEvidence,
  identifierEvidence,
  leakChannels,
  literalEvidence,
} from "./evidence";

/**
 * The evidence of one instance: its leak channels, and per identifier a selection picks, what is already
 * stated, whether the tests face it, and how much of its richest hint (the Pro projection, with the
 * benchmark's descriptions) copies the gold patch.
 */
export function instanceEvidence(
  instance: EvidenceInput,
  identifiers: readonly HintSourceIdentifier[],
  repoFacts?: ReadonlyMap<string, RepositoryFact> | null,
  literals: Parameters<typeof literalEvidence>[1] = [],
): InstanceEvidence {
  const picked = identifiers.filter((i) => i.policies.length > 0 && i.kind !== "file");
  const sources = { interfaceEntries: parseInterfaceText(instance.interfaceText), requirements: instance.requirements };
  const items = describeIdentifiers(picked, sources);
  return {
    leaks: leakChannels(instance),
    identifiers: identifierEvidence(
      instance,
      picked.map((i, index) => ({ ...i, hint: renderHint([items[index] as (typeof items)[number]], "pro") })),
      repoFacts,
    ),
    literals: literalEvidence(instance, literals),
  };
}
