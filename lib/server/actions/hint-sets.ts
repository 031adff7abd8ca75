"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { PROJECTIONS } from "../../analysis/render-hint";
import { SELECTIONS } from "../../analysis/select-identifiers";
import { getDb } from "../db";
import { createHintSet, publishHintSet } from "../hint-sets";

const CreateInput = z.object({
  name: z.string().trim().min(1, "name the set").max(100),
  benchmark: z.string().min(1, "choose a benchmark"),
  selection: z.enum(SELECTIONS),
  projection: z.enum(PROJECTIONS),
  filter: z.string().max(2000).optional(),
});

export type ActionResult = { ok: true; message: string } | { ok: false; errors: string[] };

/** Creates a hint set from the form on the hint-sets page. */
export async function createHintSetAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = CreateInput.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((i) => i.message) };
  const db = await getDb();
  if (await db.hintSet.findUnique({ where: { name: parsed.data.name } }))
    return { ok: false, errors: [`a hint set named "${parsed.data.name}" exists`] };
  await createHintSet(db, parsed.data);
  revalidatePath("/hint-sets");
  return { ok: true, message: `Created "${parsed.data.name}".` };
}

/** Publishes (freezes) the next version of a hint set. */
export async function publishHintSetAction(name: string): Promise<ActionResult> {
  const version = await publishHintSet(await getDb(), name);
  revalidatePath("/hint-sets");
  return { ok: true, message: `Published "${name}" version ${version.version}.` };
}
