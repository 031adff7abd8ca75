import { parseInterfaceText } from "../analysis/benchmark-hints";
import { describeIdentifiers, type HintAudience, type ModelWritten, renderHint } from "../analysis/render-hint";
import { PROJECTION_ATTRIBUTES, type Projection } from "../domain/hint-vocabulary";
import type { HintAttribute } from "../domain/judge-scales";
import { ownValue } from "../domain/own-keys";

/**
 * What a curator changed in a hint: whole identifiers or single attributes removed, and descriptions the
 * curator wrote (where the benchmark gives none, or gives one that spoils the fix), by identifier name.
 */
export interface Trim {
  identifiers: string[];
  attributes: Record<string, HintAttribute[]>;
  descriptions?: Record<string, string>;
  /**
   * Test-facing messages a curator discloses (the strings the tests check that the gold patch writes): each
   * is stated under Declaration and above as `Expected message: "…"`. None unless a curator adds them.
   */
  messages?: string[];
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

type Named = { name: string; path: string };

/**
 * How a trim names an identifier among those a selection picks: its name, or `name @ path` where another
 * of them has the same name (a `Props.saveDeviceName` in two files is trimmed apart). A trim written by
 * name before (one entry for every namesake) still reads: a key's lookup falls back to the bare name.
 */
export function trimKeyer(identifiers: readonly Named[]): (identifier: Named) => string {
  const count = new Map<string, number>();
  for (const i of identifiers) count.set(i.name, (count.get(i.name) ?? 0) + 1);
  return (i) => ((count.get(i.name) ?? 0) > 1 ? `${i.name} @ ${i.path}` : i.name);
}

/** Whether a trim leaves an identifier out: by its key, or by its bare name (an older trim). */
export const isRemoved = (trim: Trim, key: string, name: string = key): boolean =>
  trim.identifiers.includes(key) || trim.identifiers.includes(name);

/** The attributes a trim removes from one identifier (own keys only: a name may be `constructor`). */
export const removedAttributes = (trim: Trim, key: string, name: string = key): readonly HintAttribute[] =>
  ownValue(trim.attributes, key) ?? ownValue(trim.attributes, name) ?? [];

/** The description a curator wrote for one identifier, as typed (blank when none). */
export const descriptionOf = (trim: Trim, key: string, name: string = key): string =>
  ownValue(trim.descriptions, key) ?? ownValue(trim.descriptions, name) ?? "";

/**
 * A trim with an older bare-name entry of `target`'s name spelled out per namesake (the same choice for
 * each), so that one of them can then be changed alone.
 */
function spelledOut(trim: Trim, identifiers: readonly Named[], target: Named): Trim {
  const keyOf = trimKeyer(identifiers);
  if (keyOf(target) === target.name) return trim;
  const keys = identifiers.filter((i) => i.name === target.name).map(keyOf);
  const name = target.name;
  const perKey = <T>(map: Record<string, T> | undefined): Record<string, T> | undefined => {
    const value = ownValue(map, name);
    if (!map || value === undefined) return map;
    const out: Record<string, T> = Object.create(null);
    for (const [k, v] of Object.entries(map)) if (k !== name) out[k] = v;
    for (const key of keys) if (!Object.hasOwn(out, key)) out[key] = value;
    return out;
  };
  return {
    ...trim,
    identifiers: trim.identifiers.includes(name)
      ? [...new Set([...trim.identifiers.filter((k) => k !== name), ...keys])]
      : trim.identifiers,
    attributes: perKey(trim.attributes) ?? {},
    ...(trim.descriptions ? { descriptions: perKey(trim.descriptions) } : {}),
  };
}

/** The trim with one identifier (of those a selection picks) left out or kept. */
export function withIdentifier(trim: Trim, identifiers: readonly Named[], target: Named, removed: boolean): Trim {
  const out = spelledOut(trim, identifiers, target);
  const key = trimKeyer(identifiers)(target);
  const rest = out.identifiers.filter((k) => k !== key);
  return { ...out, identifiers: removed ? [...rest, key] : rest };
}

/** The trim with one identifier's removed attributes set. */
export function withAttributes(
  trim: Trim,
  identifiers: readonly Named[],
  target: Named,
  removed: HintAttribute[],
): Trim {
  const out = spelledOut(trim, identifiers, target);
  return { ...out, attributes: { ...out.attributes, [trimKeyer(identifiers)(target)]: removed } };
}

/** The trim with a test-facing message disclosed in the hint, or no longer. */
export function withMessage(trim: Trim, message: string, disclosed: boolean): Trim {
  const rest = (trim.messages ?? []).filter((m) => m !== message);
  return { ...trim, messages: disclosed ? [...rest, message] : rest };
}

/** The trim with one identifier's curator-written description set. */
export function withDescription(trim: Trim, identifiers: readonly Named[], target: Named, text: string): Trim {
  const out = spelledOut(trim, identifiers, target);
  return { ...out, descriptions: { ...out.descriptions, [trimKeyer(identifiers)(target)]: text } };
}

/** Whether a curator's edit changes anything at all. */
export const isTrimmed = (trim: Trim) =>
  (trim.messages?.length ?? 0) > 0 ||
  trim.identifiers.length > 0 ||
  Object.values(trim.attributes).some((a) => a.length > 0) ||
  curatorDescriptions(trim).size > 0;

/** The attributes an identifier keeps under a projection once a trim is applied (its name always stays). */
export function keptAttributes(
  projection: Projection,
  trim: Trim,
  key: string,
  name: string = key,
): Set<HintAttribute> {
  const removed = new Set(removedAttributes(trim, key, name));
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

/**
 * Everything a hint is made from: the analysis's identifiers, the benchmark's own hint text, and the
 * descriptions a model wrote where the benchmark has none.
 */
export interface HintSource {
  interfaceText: string | null;
  requirements: string | null;
  identifiers: readonly HintSourceIdentifier[];
  modelWritten?: readonly ModelWritten[];
}

export interface ComposedHint<I extends HintSourceIdentifier = HintSourceIdentifier> {
  /** the rendered text, as an agent would read it */
  text: string;
  /** every identifier the selection picks, trimmed or not, in analysis order */
  selected: I[];
  /** the identifiers the text states, each with the attributes it discloses and who described it */
  kept: Array<
    I & {
      attributes: HintAttribute[];
      describedBy: "benchmark" | "curator" | "model" | null;
      /** where a model wrote the description: endpoint/model@template */
      modelWrittenBy?: string;
    }
  >;
}

/**
 * The hint of one instance under a selection × projection with a curator's trim: select → trim → describe
 * → render. The one place a hint is composed: the review page, the identifier table, the server when it
 * records a decision, every export and the command line call this. The `curator` (the default) sees a missing
 * description said as such; for the `agent` (every export) it is left out, and so is the attribute from the
 * identifier's stated attributes: the hint states what is known and nothing else.
 */
export function composeHint<I extends HintSourceIdentifier>(
  source: Omit<HintSource, "identifiers"> & { identifiers: readonly I[] },
  selection: string,
  projection: Projection,
  trim: Trim = NO_TRIM,
  audience: HintAudience = "curator",
): ComposedHint<I> {
  const selected: I[] = source.identifiers.filter((i) => i.policies.includes(selection));
  const keyOf = trimKeyer(selected);
  const kept: I[] = selected.filter((i) => !isRemoved(trim, keyOf(i), i.name));
  const written = curatorDescriptions(trim);
  const writtenFor = (i: Named) => written.get(keyOf(i)) ?? written.get(i.name);
  // The benchmark's descriptions, then the curator's own where written (they win).
  const items = describeIdentifiers(kept, {
    interfaceEntries: parseInterfaceText(source.interfaceText),
    requirements: source.requirements,
    modelWritten: source.modelWritten,
  }).map((item) => {
    const own = writtenFor(item.identifier);
    return own === undefined ? item : { ...item, description: own };
  });
  const describedBy = new Map(
    items.map((item) => [
      keyOf(item.identifier),
      writtenFor(item.identifier) !== undefined
        ? ("curator" as const)
        : item.modelWrittenBy !== undefined
          ? ("model" as const)
          : item.description
            ? ("benchmark" as const)
            : null,
    ]),
  );
  const modelOf = new Map(
    items.flatMap((item) => (item.modelWrittenBy ? [[keyOf(item.identifier), item.modelWrittenBy]] : [])),
  );
  const itemOf = new Map(items.map((item) => [keyOf(item.identifier), item]));
  const attributesOf = (i: Named) => {
    const kept = keptAttributes(projection, trim, keyOf(i), i.name);
    if (audience === "curator") return kept;
    // For an agent, an attribute with nothing known to say is not stated.
    const item = itemOf.get(keyOf(i));
    if (!item?.description) kept.delete("weak_semantics");
    if (!item?.behaviour) kept.delete("strong_semantics");
    return kept;
  };
  const identifierText = renderHint(items, projection, (item) => attributesOf(item.identifier), audience);
  // The messages a curator disclosed, under Declaration and above: after the identifiers, one line each.
  const messages = projection === "name" ? [] : [...new Set(trim.messages ?? [])];
  const messageText = messages.map((m) => `Expected message: ${JSON.stringify(m)}`).join("\n");
  return {
    text: [identifierText, messageText].filter((t) => t !== "").join("\n\n"),
    selected,
    kept: kept.map((i) => ({
      ...i,
      attributes: [...attributesOf(i)],
      describedBy: describedBy.get(keyOf(i)) ?? null,
      ...(describedBy.get(keyOf(i)) === "model" ? { modelWrittenBy: modelOf.get(keyOf(i)) } : {}),
    })),
  };
}
