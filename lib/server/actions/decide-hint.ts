"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "../db";
import { type DecisionResult, recordDecision } from "../record-decision";

/** Saves a curator's decision on a hint at once; a conflicting earlier decision comes back, never overwritten. */
export async function decideHint(input: unknown): Promise<DecisionResult> {
  const result = await recordDecision(await getDb(), input);
  if (result.ok && typeof input === "object" && input !== null && "instanceId" in input) {
    revalidatePath(`/instances/${String((input as { instanceId: unknown }).instanceId)}`);
    revalidatePath("/instances");
  }
  return result;
}
