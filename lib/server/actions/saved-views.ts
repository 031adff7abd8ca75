"use server";

import { z } from "zod";
import { type ActionResult, actionResult, refusal } from "../app-error";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { deleteView, savedViewsOf, saveView } from "../list/saved-views";

type ViewsResult = ActionResult<{ message: string; views: Array<{ name: string; search: string }> }>;

/** Saves the list's current view under a name (the signed-in user's own). */
export const saveViewAction = guardedAction(
  {
    role: "viewer",
    input: z.object({ name: z.string().trim().min(1, "name the view").max(100), search: z.string().max(20000) }),
  },
  async ({ name, search }, user): Promise<ViewsResult> => {
    const db = await getDb();
    return actionResult(async () => {
      await saveView(db, user.name, name, search);
      return { ok: true as const, message: `Saved the view "${name}".`, views: await savedViewsOf(db, user.name) };
    });
  },
);

/** Removes one of the signed-in user's saved views. */
export const deleteViewAction = guardedAction(
  { role: "viewer", input: z.object({ name: z.string().min(1).max(100) }) },
  async ({ name }, user): Promise<ViewsResult> => {
    const db = await getDb();
    if (!(await deleteView(db, user.name, name))) return refusal("not-found", `no saved view "${name}"`);
    return { ok: true, message: `Removed the view "${name}".`, views: await savedViewsOf(db, user.name) };
  },
);
