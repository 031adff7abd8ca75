import { cohenKappa, fleissKappa, type NominalAgreement } from "../stats/nominal-agreement";

/** A curator's decision in a review round (what they decided; the trim as its stored JSON). */
export interface RoundDecision {
  curator: string;
  action: "accept" | "trim" | "flag";
  flagReason: string | null;
  trimmed: string | null;
}

export const ROUND_ACTIONS = ["accept", "trim", "flag"] as const;
export const MAX_CURATORS_PER_HINT = 5;

/**
 * Who decides which hint: each instance gets `k` different curators, dealt round-robin so that everyone's
 * queue is the same length (±1). `k` is at most the number of curators.
 */
export function assignCurators(instanceIds: readonly number[], curators: readonly string[], k: number) {
  if (curators.length === 0) throw new Error("a round needs at least one curator");
  if (k < 1 || k > Math.min(MAX_CURATORS_PER_HINT, curators.length))
    throw new Error(`curators per hint must be 1–${Math.min(MAX_CURATORS_PER_HINT, curators.length)}`);
  return instanceIds.flatMap((instanceId, i) =>
    Array.from({ length: k }, (_, j) => ({ instanceId, curator: curators[(i * k + j) % curators.length] as string })),
  );
}

/** The category a decision counts as for agreement on actions: accept, trim or flag. */
export const actionCategory = (d: RoundDecision) => d.action;
/** The category for agreement on flag reasons: accept, trim, or flag:REASON. */
export const reasonCategory = (d: RoundDecision) =>
  d.action === "flag" ? `flag:${d.flagReason ?? "other"}` : d.action;

/** What makes two decisions the same decision: the action, the flag reason, and for trims the trim itself. */
const decisionKey = (d: RoundDecision) =>
  JSON.stringify([d.action, d.flagReason, d.action === "trim" ? d.trimmed : null]);

/**
 * An instance's outcome once all its curators decided: the decision when they all made the same one, else
 * a disagreement for an admin to adjudicate (and pending while anyone has not decided).
 */
export function itemOutcome(
  decisions: ReadonlyArray<RoundDecision | null>,
): { state: "pending" } | { state: "agreed"; decision: RoundDecision } | { state: "disagreed" } {
  if (decisions.some((d) => d === null)) return { state: "pending" };
  const decided = decisions as RoundDecision[];
  const keys = new Set(decided.map(decisionKey));
  return keys.size === 1 ? { state: "agreed", decision: decided[0] as RoundDecision } : { state: "disagreed" };
}

export interface RoundAgreement {
  /** on the action (accept / trim / flag) */
  actions: NominalAgreement | null;
  /** on the action with the flag's reason (flag:spoiler, flag:guesswork, …) */
  reasons: NominalAgreement | null;
}

/**
 * Agreement over the instances every assigned curator decided. Cohen's κ when the round has exactly two
 * curators who both decided everything; Fleiss' κ otherwise (k ratings per instance, from any curators).
 */
export function roundAgreement(
  items: ReadonlyArray<ReadonlyArray<RoundDecision>>,
  curators: readonly string[],
): RoundAgreement {
  const complete = items.filter((ratings) => ratings.length >= 2);
  if (complete.length === 0) return { actions: null, reasons: null };
  const of = (category: (d: RoundDecision) => string) => {
    if (curators.length === 2 && complete.every((r) => r.length === 2)) {
      const [a, b] = curators as [string, string];
      return cohenKappa(
        complete.map((r) => {
          const byCurator = new Map(r.map((d) => [d.curator, category(d)]));
          return [byCurator.get(a) as string, byCurator.get(b) as string] as const;
        }),
      );
    }
    return fleissKappa(complete.map((r) => r.map(category)));
  };
  return { actions: of(actionCategory), reasons: of(reasonCategory) };
}
