import type { DecisionAction } from "../domain/hint-vocabulary";
import { isTrimmed, type Trim } from "../hint/compose-hint";

export { type DecisionAction, FLAG_REASONS, type FlagReason } from "../domain/hint-vocabulary";
export { isTrimmed, keptAttributes, NO_TRIM, type Trim } from "../hint/compose-hint";

/** The status a decision leaves a hint in. */
export function statusAfter(
  action: Exclude<DecisionAction, "reconfirm">,
  trim: Trim,
): "accepted" | "trimmed" | "flagged" {
  if (action === "flag") return "flagged";
  return action === "trim" && isTrimmed(trim) ? "trimmed" : "accepted";
}
