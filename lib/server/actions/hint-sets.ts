"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ProjectionSchema, SelectionSchema } from "../../domain/hint-vocabulary";
import { type ActionResult, AppError, actionResult, failureOf, refusal } from "../app-error";
import { guardedAction, guardedFormAction } from "../auth/guard";
import { getDb } from "../db/client";
import { createHintSet, publishHintSet } from "../hints/hint-sets";

const CreateInput = z.object({
  name: z.string().trim().min(1, "name the set").max(100),
  benchmark: z.string().min(1, "choose a benchmark"),
  selection: SelectionSchema,
  projection: ProjectionSchema,
  filter: z.string().max(2000).optional(),
});

export type { ActionResult } from "../app-error";

/** Creates a hint set from the form on the hint-sets page (admins). */
export const createHintSetAction = guardedFormAction(
  { role: "admin", input: CreateInput },
  async (input): Promise<ActionResult> => {
    const db = await getDb();
    if (await db.hintSet.findUnique({ where: { name: input.name } }))
      return refusal("conflict", `a hint set named "${input.name}" exists`);
    if (!(await db.benchmark.findUnique({ where: { name: input.benchmark } })))
      return refusal("not-found", `no benchmark named "${input.benchmark}"`);
    return actionResult(async () => {
      await createHintSet(db, input);
      revalidatePath("/hint-sets");
      return { ok: true as const, message: `Created "${input.name}".` };
    });
  },
);

/** Publishes (freezes) the next version of a hint set (admins); the version records who published it. */
export const publishHintSetAction = guardedAction(
  {
    role: "admin",
    input: z.object({
      name: z.string().min(1, "name the hint set to publish").max(100),
      /** publish even a version with no decided hint (asked for after a warning) */
      allowEmpty: z.boolean().default(false),
    }),
  },
  async ({ name, allowEmpty }, user): Promise<ActionResult & { empty?: boolean }> => {
    const db = await getDb();
    if (!(await db.hintSet.findUnique({ where: { name } }))) return refusal("not-found", `no hint set named "${name}"`);
    let version: Awaited<ReturnType<typeof publishHintSet>>;
    try {
      version = await publishHintSet(db, name, user.name, null, { allowEmpty });
    } catch (error) {
      if (error instanceof AppError && error.code === "conflict") return { ...failureOf(error), empty: true };
      throw error;
    }
    revalidatePath("/hint-sets");
    return { ok: true, message: `Published "${name}" version ${version.version}.` };
  },
);
