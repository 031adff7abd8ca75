"use server";

import { pickIdsInput } from "../../review/pick-ids";
import { type ActionResult, actionResult } from "../app-error";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { keepPick } from "../list/picks";

/**
 * Keeps instance ids too many for a link as a pick (picks.ts); answers its key for the list's `pick` filter.
 * The ids come as one JSON text (`pickIdsArgument`): React refuses an array of 20,000 long ids.
 */
export const keepPickAction = guardedAction(
  { role: "viewer", input: pickIdsInput },
  async ({ ids }, user): Promise<ActionResult<{ key: string }>> => {
    const db = await getDb();
    return actionResult(async () => ({ ok: true as const, key: await keepPick(db, ids, user.name) }));
  },
);
