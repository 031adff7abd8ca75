"use server";

import { getDb } from "../db";
import { type DecisionResult, recordDecision } from "../record-decision";

/**
 * Saves a curator's decision on a hint at once; a conflicting earlier decision comes back, never
 * overwritten. Nothing is revalidated here: the pages are rendered per request, and revalidating made
 * every save re-render the instance page (and the whole list under it) before the curator saw "Saved".
 * The page moves on (or refreshes) itself.
 */
export async function decideHint(input: unknown): Promise<DecisionResult> {
  return recordDecision(await getDb(), input);
}
