"use server";

import { z } from "zod";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { recordDecision, undoDecision } from "../hints/record-decision";

/**
 * Saves a curator's decision on a hint at once, as the signed-in user; a conflicting earlier decision comes
 * back, never overwritten. Nothing is revalidated here: the pages are rendered per request, and
 * revalidating made every save re-render the instance page (and the whole list under it) before the curator
 * saw "Saved". The page moves on (or refreshes) itself.
 */
export const decideHint = guardedAction(
  { role: "curator", input: z.record(z.string(), z.unknown()) },
  async (input, user) => recordDecision(await getDb(), input, user.name),
);

/** Takes back the signed-in curator's own last decision on a hint (audited as an "undo" decision). */
export const undoDecisionAction = guardedAction(
  { role: "curator", input: z.object({ decision: z.number().int().positive() }) },
  async ({ decision }, user) => undoDecision(await getDb(), decision, user.name),
);
