import { parseInterfaceText } from "../analysis/benchmark-hints";
import { describeIdentifiers, renderHint } from "../analysis/render-hint";
import type { HintAttribute } from "../domain/judge-scales";
import { PROJECTION_ATTRIBUTES, type Projection } from "./vocabulary";

/** What a curator removed from a hint: whole identifiers, or single attributes of one. */
export interface Trim {
  identifiers: string[];
  attributes: Record<string, HintAttribute[]>;
}

export const NO_TRIM: Trim = { identifiers: [], attributes: {} };

/** Whether a trim removes anything at all. */
export const isTrimmed = (trim: Trim) =>
  trim.identifiers.length > 0 || Object.values(trim.attributes).some((a) => a.length > 0);

/** The attributes an identifier keeps under a projection once a trim is applied (its name always stays). */
export function keptAttributes(projection: Projection, trim: Trim, name: string): Set<HintAttribute> {
  const removed = new Set(trim.attributes[name] ?? []);
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
  /** the identifiers the text states, each with the attributes it discloses */
  kept: Array<I & { attributes: HintAttribute[] }>;
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
  const items = describeIdentifiers(kept, {
    interfaceEntries: parseInterfaceText(source.interfaceText),
    requirements: source.requirements,
  });
  const attributesOf = (name: string) => keptAttributes(projection, trim, name);
  return {
    text: renderHint(items, projection, (item) => attributesOf(item.identifier.name)),
    selected,
    kept: kept.map((i): I & { attributes: HintAttribute[] } => ({ ...i, attributes: [...attributesOf(i.name)] })),
  };
}
