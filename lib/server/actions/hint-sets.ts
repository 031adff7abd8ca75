"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ProjectionSchema, SelectionSchema } from "../../hint/vocabulary";
import { getDb } from "../db";
import { createHintSet, publishHintSet } from "../hint-sets";

const CreateInput = z.object({
  name: z.string().trim().min(1, "name the set").max(100),
  benchmark: z.string().min(1, "choose a benchmark"),
  selection: SelectionSchema,
  projection: ProjectionSchema,
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
  if (!(await db.benchmark.findUnique({ where: { name: parsed.data.benchmark } })))
    return { ok: false, errors: [`no benchmark named "${parsed.data.benchmark}"`] };
  await createHintSet(db, parsed.data);
  revalidatePath("/hint-sets");
  return { ok: true, message: `Created "${parsed.data.name}".` };
}

/** Publishes (freezes) the next version of a hint set. */
export async function publishHintSetAction(name: unknown): Promise<ActionResult> {
  const parsed = z.string().min(1).max(100).safeParse(name);
  if (!parsed.success) return { ok: false, errors: ["name the hint set to publish"] };
  const db = await getDb();
  if (!(await db.hintSet.findUnique({ where: { name: parsed.data } })))
    return { ok: false, errors: [`no hint set named "${parsed.data}"`] };
  const version = await publishHintSet(db, parsed.data);
  revalidatePath("/hint-sets");
  return { ok: true, message: `Published "${name}" version ${version.version}.` };
}
