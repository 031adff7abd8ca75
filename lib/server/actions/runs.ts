"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, actionResult } from "../app-error";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { takeBackImport, takenBackSentence } from "../import/imports";
import { deleteRun, moveRun } from "../import/runs";

export type RunActionResult = ActionResult;

async function change(work: () => Promise<string>): Promise<RunActionResult> {
  return actionResult(async () => {
    const message = await work();
    revalidatePath("/admin/runs");
    revalidatePath("/research");
    revalidatePath("/");
    return { ok: true as const, message };
  });
}

/** Deletes a run with everything imported as it (admins), audited. */
export const deleteRunAction = guardedAction(
  { role: "admin", input: z.object({ runId: z.number().int().positive() }) },
  async ({ runId }, user) =>
    change(async () => {
      const done = await deleteRun(await getDb(), runId, user.name);
      return `Deleted ${done.run}: ${done.results} results, ${done.patches} agent patches, ${done.verdicts} verdicts.`;
    }),
);

/** Moves a run to the benchmark it belongs to (admins), audited. */
export const moveRunAction = guardedAction(
  { role: "admin", input: z.object({ runId: z.number().int().positive(), benchmark: z.string().min(1).max(200) }) },
  async ({ runId, benchmark }, user) =>
    change(async () => {
      const done = await moveRun(await getDb(), runId, benchmark, user.name);
      return `Moved ${done.run} to ${done.to}.`;
    }),
);

/** Takes a whole import back (admins), audited; `force` deletes curators' work on the instances it added too. */
export const takeBackImportAction = guardedAction(
  { role: "admin", input: z.object({ importId: z.number().int().positive(), force: z.boolean() }) },
  async ({ importId, force }, user) =>
    change(async () => takenBackSentence(await takeBackImport(await getDb(), importId, user.name, { force }))),
);
