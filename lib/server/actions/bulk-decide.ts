"use server";

import { z } from "zod";
import { FlagReasonSchema } from "../../domain/hint-vocabulary";
import { parseListState } from "../../review/list-state";
import { type ActionResult, actionResult, refusal } from "../app-error";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { decideView } from "../hints/bulk-decisions";
import { listIds } from "../list/review-list";
import { viewState } from "../list/view-state";

export type BulkResult = ActionResult;

/** Accepts, or flags with a reason, every open hint of a list view (curators), each an audited decision. */
export const decideViewAction = guardedAction(
  {
    role: "curator",
    input: z.object({
      search: z.string().max(20000),
      action: z.enum(["accept", "flag"]),
      reason: FlagReasonSchema.nullable(),
      note: z.string().max(2000).default(""),
      expected: z.number().int().min(0),
    }),
  },
  async ({ search, action, reason, note, expected }, user): Promise<BulkResult> => {
    if (action === "flag" && !reason) return refusal("invalid-input", "a flag needs a reason");
    return actionResult(async () => {
      const state = viewState(search);
      const outcome = await decideView(
        await getDb(),
        state,
        action === "flag" ? { action, reason: reason as z.infer<typeof FlagReasonSchema>, note } : { action },
        user.name,
        expected,
      );
      const refused = outcome.refused.length
        ? `; ${outcome.refused.length} refused (${outcome.refused
            .slice(0, 3)
            .map((r) => `${r.instance}: ${r.why}`)
            .join("; ")}${outcome.refused.length > 3 ? "; …" : ""})`
        : "";
      return {
        ok: true as const,
        message: `${action === "accept" ? "Accepted" : "Flagged"} ${outcome.decided} hint(s) (${state.selection} × ${state.projection})${refused}; ${outcome.alreadyDecided} already decided, left as they were.`,
      };
    });
  },
);

/** How many hints of a list view are open (pending, or changed since decided) and how many decided. */
export const openInViewAction = guardedAction(
  { role: "curator", input: z.object({ search: z.string().max(20000) }) },
  async ({ search }): Promise<ActionResult<{ open: number; decided: number }>> => {
    const rows = await listIds(await getDb(), parseListState(new URLSearchParams(search)));
    const open = rows.filter((r) => r.open).length;
    return { ok: true, open, decided: rows.length - open };
  },
);
