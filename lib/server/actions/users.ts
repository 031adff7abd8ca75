"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { RoleSchema } from "../../auth/roles";
import { guardedAction, guardedFormAction } from "../auth/guard";
import { addUser, setDisabled, setRole, UserError } from "../auth/users";
import { getDb } from "../db/client";

export type UserActionResult = { ok: true; message: string } | { ok: false; error: string };

/** Runs a user change, turning a refused rule (a taken name, the last admin) into a message. */
async function change(work: () => Promise<string>): Promise<UserActionResult> {
  try {
    const message = await work();
    revalidatePath("/admin/users");
    return { ok: true, message };
  } catch (error) {
    if (error instanceof UserError) return { ok: false, error: error.message };
    throw error;
  }
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
      ? { ok: false, error: "You cannot disable your own account." }
      : change(async () => {
          await setDisabled(await getDb(), name, disabled);
          return `${name} is ${disabled ? "disabled" : "enabled"}.`;
        }),
);
