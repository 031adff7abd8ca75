"use server";

import { z } from "zod";
import { type ActionFailure, refusalWith } from "../app-error";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { type DecisionResult, recordDecision, undoDecision } from "../hints/record-decision";

type Conflict = Extract<DecisionResult, { conflict: unknown }>["conflict"];
type Saved = Extract<DecisionResult, { ok: true }>;

/** A decision's answer in the one shape: a conflict (with who decided, and when) or invalid fields, said. */
function decisionAnswer(
  result: DecisionResult,
): Saved | ActionFailure<{ conflict: Conflict }> | ActionFailure<{ errors: Record<string, string[]> }> {
  if (result.ok) return result;
  if ("conflict" in result) {
    const c = result.conflict;
    const why = c.changed
      ? "this instance changed since you opened it: nothing saved; reload to see the hint as it is now"
      : `${c.curator} already decided this hint (${c.action}, now ${c.status}): nothing saved; reload to see theirs`;
    return refusalWith("conflict", why, { conflict: c });
  }
  const why = Object.values(result.errors).flat().join("; ") || "the decision is not valid";
  return refusalWith("invalid-input", why, { errors: result.errors });
}

/**
 * Saves a curator's decision on a hint at once, as the signed-in user; a conflicting earlier decision comes
 * back, never overwritten. Nothing is revalidated here: the pages are rendered per request, and
 * revalidating made every save re-render the instance page (and the whole list under it) before the curator
 * saw "Saved". The page moves on (or refreshes) itself.
 */
export const decideHint = guardedAction(
  { role: "curator", input: z.record(z.string(), z.unknown()) },
  async (input, user) => decisionAnswer(await recordDecision(await getDb(), input, user.name)),
);

/** Takes back the signed-in curator's own last decision on a hint (audited as an "undo" decision). */
export const undoDecisionAction = guardedAction(
  { role: "curator", input: z.object({ decision: z.number().int().positive() }) },
  async ({ decision }, user) => undoDecision(await getDb(), decision, user.name),
);
