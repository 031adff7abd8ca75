// Unscoped enums' constants (`enum EMITTER_MANIP { LowerNull, … }`): C++ names them bare or through their enum, and
// a hint states them under it (`EMITTER_MANIP.LowerNull`); C names them bare only. A `.h` is read by C++'s grammar
// either way, so the patches' other files decide (UseRules.enumsQualifyConstants).
import { moduleOfPath } from "./languages/lookup";
import { lastSegment } from "./languages/syntax-facts";
import { type ImportAliases, useMatches as matchesUse } from "./match-uses";
import type { PatchDefinition, PatchFacts, PatchUse } from "./patch-types";

/** The owner around an enum (`Set` of `Set.ErrorKind`), or null. */
const enclosingOf = (owner: string | null) => owner?.split(".").slice(0, -1).join(".") || null;

/** Both patches' facts, their unscoped enum constants stated under their enum only where a file is C++'s. */
export function withEnumScopes(code: PatchFacts, test: PatchFacts): [PatchFacts, PatchFacts] {
  const qualify = [...code.paths, ...test.paths].some((path) => moduleOfPath(path)?.uses?.enumsQualifyConstants);
  if (qualify) return [code, test];
  // (Bare, a constant is one with a namesake of its file, as the file's definitions were merged: bison's
  // `BINDING = 261,` and `#define BINDING 261`, the first kept.)
  const bare = (facts: PatchFacts): PatchFacts => {
    const seen = new Set<string>();
    const definitions = facts.definitions.map((def) => {
      if (!def.unscoped) return def;
      const { unscoped: _, ...rest } = def;
      const owner = enclosingOf(def.owner);
      return { ...rest, owner, name: owner ? `${owner}.${def.member}` : def.member };
    });
    const keyOf = (def: (typeof definitions)[number]) => `${def.path}\u0000${def.name}`;
    const renamed = new Set(
      facts.definitions.filter((def) => def.unscoped).map((def) => `${def.path}\u0000${def.member}`),
    );
    return {
      ...facts,
      definitions: definitions.filter((def) => {
        const key = keyOf(def);
        if (def.kind !== "constant" || !renamed.has(key)) return true;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    };
  };
  return [bare(code), bare(test)];
}

/**
 * Whether a use refers to a definition (useMatches); an unscoped enum's constant is named as its enum is, bare or
 * through a namespace (`YAML::LowerNull`) or the class holding the enum (`RE2::Set::kOutOfMemory`), or through
 * its enum.
 */
export function matchesDefinition(use: PatchUse, def: PatchDefinition, aliases?: ImportAliases): boolean {
  if (!def.unscoped) return matchesUse(use, def, aliases);
  const enclosing = enclosingOf(def.owner);
  return (
    matchesUse(use, { ...def, owner: enclosing, unscoped: false }, aliases) ||
    (use.name === def.member &&
      use.qualifier !== null &&
      def.owner !== null &&
      lastSegment(use.qualifier) === lastSegment(def.owner))
  );
}
