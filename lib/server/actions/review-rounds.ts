"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, actionResult, refusal } from "../app-error";
import { guardedAction, guardedFormAction } from "../auth/guard";
import { getDb } from "../db/client";
import { adjudicate, decideInRound, publishRound, StartRoundInput, startRound } from "../hints/review-rounds";

export type RoundActionResult = ActionResult<{ message: string; id?: number }>;

/** Starts a round (admins) from the form on /rounds: curators come as one `curators` field per box ticked. */
export const startRoundAction = guardedFormAction(
  {
    role: "admin",
    input: z.object({
      name: z.string(),
      hintSet: z.string(),
      curators: z.string().default(""),
      curatorsPerHint: z.string(),
      blind: z.string().optional(),
    }),
  },
  async (form, user): Promise<RoundActionResult> => {
    const input = StartRoundInput.safeParse({
      ...form,
      curators: form.curators.split(",").filter(Boolean),
      blind: form.blind === "on",
    });
    if (!input.success) return refusal("invalid-input", input.error.issues.map((i) => i.message).join("; "));
    const data = input.data;
    return actionResult(async () => {
      const round = await startRound(await getDb(), data, user.name);
      revalidatePath("/rounds");
      return { ok: true as const, message: `Started round "${round.name}".`, id: round.id };
    });
  },
);

/** A curator's decision on a hint in their round queue, as the signed-in curator. */
export const decideInRoundAction = guardedAction(
  { role: "curator", input: z.record(z.string(), z.unknown()) },
  async (input, user) => decideInRound(await getDb(), input, user.name),
);

/** An admin's final decision on a disagreement. */
export const adjudicateAction = guardedAction(
  { role: "admin", input: z.record(z.string(), z.unknown()) },
  async (input, user) => {
    const result = await adjudicate(await getDb(), input, user.name);
    revalidatePath("/rounds");
    return result;
  },
);

/** Publishes a round whose hints are all final (admins): the hint set's next version, with the round's agreement. */
export const publishRoundAction = guardedAction(
  { role: "admin", input: z.number().int().positive() },
  async (roundId, user): Promise<RoundActionResult> =>
    actionResult(async () => {
      const { version } = await publishRound(await getDb(), roundId, user.name);
      revalidatePath("/rounds");
      revalidatePath("/hint-sets");
      return { ok: true as const, message: `Published as version ${version} of the hint set.` };
    }),
);
