"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { RoleSchema } from "../../auth/roles";
import { type ActionResult, actionResult, refusal } from "../app-error";
import { guardedAction, guardedFormAction } from "../auth/guard";
import { addUser, setDisabled, setRole } from "../auth/users";
import { getDb } from "../db/client";

export type UserActionResult = ActionResult;

/** Runs a user change; a refused rule (a taken name, the last admin: a UserError) is its failure. */
async function change(work: () => Promise<string>): Promise<UserActionResult> {
  return actionResult(async () => {
    const message = await work();
    revalidatePath("/admin/users");
    return { ok: true as const, message };
  });
}

/** Adds an account (admins). */
export const addUserAction = guardedFormAction(
  { role: "admin", input: z.object({ name: z.string(), role: z.string(), password: z.string() }) },
  async (input) =>
    change(async () => {
      const user = await addUser(await getDb(), input);
      return `Added ${user.name} (${user.role}).`;
    }),
);

/** Changes an account's role (admins); the last enabled admin keeps theirs. */
export const setRoleAction = guardedAction(
  { role: "admin", input: z.object({ name: z.string().min(1), role: RoleSchema }) },
  async ({ name, role }) =>
    change(async () => {
      await setRole(await getDb(), name, role);
      return `${name} is now ${role}.`;
    }),
);

/** Disables (signing the account out everywhere) or enables an account (admins); nobody disables themselves. */
export const setDisabledAction = guardedAction(
  { role: "admin", input: z.object({ name: z.string().min(1), disabled: z.boolean() }) },
  async ({ name, disabled }, user) =>
    disabled && name === user.name
      ? refusal("invalid-input", "You cannot disable your own account.")
      : change(async () => {
          await setDisabled(await getDb(), name, disabled);
          return `${name} is ${disabled ? "disabled" : "enabled"}.`;
        }),
);
