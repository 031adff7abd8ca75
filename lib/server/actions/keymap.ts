"use server";

import { z } from "zod";
import { type ActionResult, actionResult } from "../app-error";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { saveKeymap } from "../keymaps";

/** Saves the signed-in user's own keys for the review shortcuts. */
export const saveKeymapAction = guardedAction(
  { role: "viewer", input: z.object({ keymap: z.record(z.string(), z.string()) }) },
  async ({ keymap }, user): Promise<ActionResult> =>
    actionResult(async () => {
      const saved = await saveKeymap(await getDb(), user.name, keymap);
      const moved = Object.entries(saved).map(([from, to]) => `${from} → ${to}`);
      return {
        ok: true as const,
        message: moved.length ? `Saved your keys: ${moved.join(", ")}.` : "Saved: the default keys.",
      };
    }),
);
