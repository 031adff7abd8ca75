import { parseInterfaceText } from "../analysis/benchmark-hints";
import { describeIdentifiers, renderHint } from "../analysis/render-hint";
import type { HintAttribute } from "../domain/judge-scales";
import { ownValue } from "../domain/own-keys";
import { PROJECTION_ATTRIBUTES, type Projection } from "./vocabulary";

/**
 * What a curator changed in a hint: whole identifiers or single attributes removed, and descriptions the
 * curator wrote (where the benchmark gives none, or gives one that spoils the fix), by identifier name.
 */
export interface Trim {
  identifiers: string[];
  attributes: Record<string, HintAttribute[]>;
  descriptions?: Record<string, string>;
}

export const NO_TRIM: Trim = { identifiers: [], attributes: {} };

/** A curator-written description's limits (SPEC §5): one sentence of at most 20 words. */
export const DESCRIPTION_MAX_WORDS = 20;

/** Why a curator-written description does not fit, or null when it does. */
export function descriptionProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return "write a sentence, or clear the box to use the benchmark's";
  const words = trimmed.split(/\s+/).length;
  if (words > DESCRIPTION_MAX_WORDS) return `${words} words: at most ${DESCRIPTION_MAX_WORDS}`;
  if (/[.!?]\s+\S/.test(trimmed)) return "one sentence only";
  if (/\n/.test(trimmed)) return "one line only";
  return null;
}

/** The descriptions a trim holds that are not blank, by identifier name. */
export const curatorDescriptions = (trim: Trim): Map<string, string> =>
  new Map(
    Object.entries(trim.descriptions ?? {})
      .map(([name, text]) => [name, typeof text === "string" ? text.trim() : ""] as const)
      .filter(([, text]) => text !== ""),
  );

/** The attributes a trim removes from one identifier (own keys only: a name may be `constructor`). */
export const removedAttributes = (trim: Trim, name: string): readonly HintAttribute[] =>
  ownValue(trim.attributes, name) ?? [];

/** The description a curator wrote for one identifier, as typed (blank when none). */
export const descriptionOf = (trim: Trim, name: string): string => ownValue(trim.descriptions, name) ?? "";

/** Whether a curator's edit changes anything at all. */
export const isTrimmed = (trim: Trim) =>
  trim.identifiers.length > 0 ||
  Object.values(trim.attributes).some((a) => a.length > 0) ||
  curatorDescriptions(trim).size > 0;

/** The attributes an identifier keeps under a projection once a trim is applied (its name always stays). */
export function keptAttributes(projection: Projection, trim: Trim, name: string): Set<HintAttribute> {
  const removed = new Set(removedAttributes(trim, name));
  return new Set(PROJECTION_ATTRIBUTES[projection].filter((a) => a === "name" || !removed.has(a)));
}

/** One identifier of an instance as the analysis stored it, with the selections that pick it. */
export interface HintSourceIdentifier {
  name: string;
  member: string;
  owner: string | null;
  kind: string;
  path: string;
  newFile: boolean;
  signature: string | null;
  policies: readonly string[];
}

/** Everything a hint is made from: the analysis's identifiers and the benchmark's own hint text. */
export interface HintSource {
  interfaceText: string | null;
  requirements: string | null;
  identifiers: readonly HintSourceIdentifier[];
}

export interface ComposedHint<I extends HintSourceIdentifier = HintSourceIdentifier> {
  /** the rendered text, as an agent would read it */
  text: string;
  /** every identifier the selection picks, trimmed or not, in analysis order */
  selected: I[];
  /** the identifiers the text states, each with the attributes it discloses and who described it */
  kept: Array<I & { attributes: HintAttribute[]; describedBy: "benchmark" | "curator" | null }>;
}

/**
 * The hint of one instance under a selection × projection with a curator's trim: select → trim → describe
 * → render. The one place a hint is composed: the review page, the identifier table, the server when it
 * records a decision, every export and the command line call this.
 */
export function composeHint<I extends HintSourceIdentifier>(
  source: Omit<HintSource, "identifiers"> & { identifiers: readonly I[] },
  selection: string,
  projection: Projection,
  trim: Trim = NO_TRIM,
): ComposedHint<I> {
  const selected: I[] = source.identifiers.filter((i) => i.policies.includes(selection));
  const kept: I[] = selected.filter((i) => !trim.identifiers.includes(i.name));
  const written = curatorDescriptions(trim);
  // The benchmark's descriptions, then the curator's own where written (they win).
  const items = describeIdentifiers(kept, {
    interfaceEntries: parseInterfaceText(source.interfaceText),
    requirements: source.requirements,
  }).map((item) => {
    const own = written.get(item.identifier.name);
    return own === undefined ? item : { ...item, description: own };
  });
  const describedBy = new Map(
    items.map((item) => [
      item.identifier.name,
      written.has(item.identifier.name) ? ("curator" as const) : item.description ? ("benchmark" as const) : null,
    ]),
  );
  const attributesOf = (name: string) => keptAttributes(projection, trim, name);
  return {
    text: renderHint(items, projection, (item) => attributesOf(item.identifier.name)),
    selected,
    kept: kept.map((i) => ({
      ...i,
      attributes: [...attributesOf(i.name)],
      describedBy: describedBy.get(i.name) ?? null,
    })),
  };
}
