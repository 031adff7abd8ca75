// An identifier as an instance states it: its name and owner as a hint says them, its signature, where it is
// defined and used (each location placed in its patch).
import type { Selection } from "../domain/hint-vocabulary";
import type { DefinitionKind } from "./languages/syntax-facts";
import type { Location } from "./locations";
import type { PatchDefinition, PatchUse } from "./patch-types";

/** One identifier of an instance: a definition (or, for Doc2Feat, a shared name) with the selections that pick it. */
export interface InstanceIdentifier {
  name: string;
  member: string;
  owner: string | null;
  kind: DefinitionKind | "name";
  path: string;
  newFile: boolean;
  signature: string | null;
  side: "code" | "test";
  /** "existing": a name Doc2Feat picks that neither patch defines */
  status: "new" | "changed" | "existing";
  policies: Selection[];
  definedAt: PlacedLocation | null;
  /** where the other patch (or, for shared names, either patch) uses it */
  usedAt: PlacedLocation[];
  /** a function or class defined inside a function's body (FEA-Bench's nested components) */
  local?: true;
}

/**
 * A location and the patch it is in: the gold (code) patch or the test patch. A use whose match rests on its
 * member name alone (reached through an object whose class the hunks do not show) is `uncertain`.
 */
export type PlacedLocation = Location & { patch: "gold" | "test"; uncertain?: true };

const patchOf = (side: "code" | "test") => (side === "code" ? "gold" : "test");
export const placed = (location: Location, side: "code" | "test"): PlacedLocation => ({
  ...location,
  patch: patchOf(side),
});

/**
 * The signature a hint states: an overloaded callable's are those whose parameter count matches a call of
 * the other patch (the tests call `of()`, so `of(String prefix)` is not stated), every one when no call
 * tells them apart; one per line.
 */
function statedSignature(def: PatchDefinition, usedAt: ReadonlyArray<{ use: PatchUse }>): string | null {
  if (!def.overloads) return def.signature;
  const arities = new Set(usedAt.map(({ use }) => use.arity).filter((n) => n !== undefined));
  // (A declaration without a signature, TypeScript's implementation of its overloads, states nothing.)
  const declared = def.overloads.filter((o) => o.signature !== null);
  const called = declared.filter((o) => arities.has(o.params.length));
  const stated = (called.length > 0 ? called : declared).map((o) => o.signature);
  return stated.length > 0 ? stated.join("\n") : null;
}

/**
 * A definition's owner and name as a hint states them: without the namespaces its owner starts with (C++'s
 * `Catch::Generators`), which qualify nothing (SPEC §3: an owner is a type; PHP's and C#'s namespaces, Rust's
 * modules name none either). `Catch.capture_by_value` is `capture_by_value`.
 */
function statedName(def: PatchDefinition): { name: string; owner: string | null } {
  const ns = def.namespace;
  if (!ns || !def.owner || (def.owner !== ns && !def.owner.startsWith(`${ns}.`))) return def;
  const owner = def.owner === ns ? null : def.owner.slice(ns.length + 1);
  return { owner, name: owner ? def.name.replace(def.owner, owner) : def.member };
}

export function toIdentifier(
  def: PatchDefinition,
  side: "code" | "test",
  usedAt: ReadonlyArray<{ use: PatchUse; certain: boolean }>,
): InstanceIdentifier {
  const { name, owner } = statedName(def);
  return {
    ...(def.local ? { local: true as const } : {}),
    name,
    member: def.member,
    owner,
    kind: def.kind,
    path: def.path,
    newFile: def.newFile,
    signature: statedSignature(def, usedAt),
    side,
    status: def.status,
    policies: [],
    definedAt: placed(def.location, side),
    usedAt: usedAt.map(({ use, certain }) => ({
      ...placed(use.location, side === "code" ? "test" : "code"),
      ...(certain ? {} : { uncertain: true as const }),
    })),
  };
}
