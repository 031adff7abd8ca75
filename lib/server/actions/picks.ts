"use server";

import { z } from "zod";
import { ID_MAX_LENGTH } from "../../review/list-state";
import { orRefusal } from "../app-error";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { keepPick, PICK_MAX } from "../list/picks";

/** Keeps instance ids too many for a link as a pick (picks.ts); answers its key for the list's `pick` filter. */
export const keepPickAction = guardedAction(
  { role: "viewer", input: z.object({ ids: z.array(z.string().max(ID_MAX_LENGTH)).max(PICK_MAX) }) },
  async ({ ids }, user): Promise<{ ok: true; key: string } | { ok: false; error: string }> => {
    const db = await getDb();
    return orRefusal(async () => ({ ok: true, key: await keepPick(db, ids, user.name) }));
  },
);
