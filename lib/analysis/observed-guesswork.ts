import { analyzeInstance } from "./analyze-instance";

/** What the observation needs of a gold identifier (DefUse: the gold patch defines it, the tests use it). */
export interface GoldName {
  name: string;
  member: string;
  owner: string | null;
  kind: string;
  path: string;
}

/** One name the tests demand, as an agent's patch met it. */
export interface Observation {
  /** the gold patch's name, which the tests call */
  name: string;
  /** the agent's patch defines it too */
  definedByAgent: boolean;
  /**
   * Where it does not: a new name of the same kind the agent's patch defines in the same file and class
   * instead (`get_locale` where the tests call `get_best_parsable_locale`): guesswork a hint would have removed
   */
  namedDifferently: { name: string; path: string; diffLine: number | null } | null;
}

/**
 * Whether an agent's patch holds anything to observe: an empty, blank or null `model_patch` (the harness's
 * runs carry 3–22 each) is a failure to submit, not a name guessed, and is counted apart from guesswork.
 */
export const hasPatchText = (patch: string | null | undefined): patch is string =>
  typeof patch === "string" && patch.trim() !== "";

/** How alike two names are: the share of their word parts (split at `_` and case changes) in common. */
function likeness(a: string, b: string): number {
  const parts = (s: string) =>
    new Set(
      s
        .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
        .toLowerCase()
        .split(/[_\W]+/)
        .filter(Boolean),
    );
  const pa = parts(a);
  const pb = parts(b);
  const shared = [...pa].filter((p) => pb.has(p)).length;
  return shared / Math.max(1, Math.max(pa.size, pb.size));
}

/**
 * Observed guesswork: the agent's patch analysed with the same engine (against the instance's test patch),
 * and for each name the tests demand (the gold's DefUse definitions), whether the agent defined it; where it
 * did not but defined a new name of the same kind in the same file and class, that name is recorded as a
 * "named differently" match (the most alike one, by shared word parts). A patch that does not parse
 * observes nothing (every name undefined, none matched).
 */
export async function observeGuesswork(
  gold: readonly GoldName[],
  agentPatch: string,
  testPatch: string,
): Promise<Observation[]> {
  let defined: Array<{
    name: string;
    member: string;
    owner: string | null;
    kind: string;
    path: string;
    line: number | null;
  }> = [];
  if (hasPatchText(agentPatch)) {
    try {
      const analysis = await analyzeInstance({ instanceId: "agent", goldPatch: agentPatch, testPatch });
      defined = analysis.identifiers
        .filter((i) => i.side === "code" && i.status !== "existing" && i.kind !== "name")
        .map((i) => ({
          name: i.name,
          member: i.member,
          owner: i.owner,
          kind: i.kind,
          path: i.path,
          line: i.definedAt?.diffLine ?? null,
          status: i.status,
        }))
        .filter((i) => i.status === "new" || i.status === "changed");
    } catch {
      defined = [];
    }
  }
  const goldNames = new Set(gold.map((g) => g.name));
  return gold.map((g) => {
    const definedByAgent = defined.some((d) => d.name === g.name || (d.member === g.member && d.owner === g.owner));
    if (definedByAgent) return { name: g.name, definedByAgent, namedDifferently: null };
    const candidates = defined
      .filter((d) => d.kind === g.kind && d.path === g.path && d.owner === g.owner && !goldNames.has(d.name))
      .sort((a, b) => likeness(b.member, g.member) - likeness(a.member, g.member) || a.name.localeCompare(b.name));
    const best = candidates[0];
    return {
      name: g.name,
      definedByAgent: false,
      namedDifferently: best ? { name: best.name, path: best.path, diffLine: best.line } : null,
    };
  });
}
