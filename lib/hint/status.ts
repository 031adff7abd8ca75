import type { HintStatus } from "../domain/hint-vocabulary";

/** A hint's stored decision, as far as its status goes. */
export interface DecidedHint {
  status: string;
  /** the instance's hint source hash when the decision was made */
  sourceHash: string | null;
}

/**
 * The status a hint is in now: its decision's, or `stale` when what the hint is made from changed since
 * the decision (the decision does not speak for today's text). No decision: pending.
 */
export function hintStatus(hint: DecidedHint | null | undefined, hintSource: string): HintStatus {
  if (!hint || hint.status === "pending") return "pending";
  if (hint.sourceHash !== null && hint.sourceHash !== hintSource) return "stale";
  return hint.status as HintStatus;
}
