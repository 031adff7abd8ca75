"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeNextPath } from "../../auth/next-path";
import { SESSION_COOKIE } from "../../auth/session-cookie";
import { clientAddress } from "../../auth/sign-in-limiter";
import { type ActionFailure, actionResult, refusal } from "../app-error";
import { overHttps } from "../auth/request-user";
import { endSession, startSession } from "../auth/sessions";
import { clearSignInFailures, recordSignInFailure, signInWait } from "../auth/sign-in-limit";
import { checkPassword } from "../auth/users";
import { getDb } from "../db/client";
import { settings } from "../settings";

/**
 * A refused sign-in, or the database failing (said through actionResult, as every guarded action's), in the
 * one failure shape, with the name typed (the form keeps it; only the password is typed again).
 */
export type SignInState = ActionFailure<{ name: string }> | null;

/** The name and password a sign-in form sent, bounded. */
const typed = (form: FormData) => ({
  name: String(form.get("name") ?? "")
    .trim()
    .slice(0, 64),
  password: String(form.get("password") ?? "").slice(0, 200),
});

/**
 * Signs in (public: the one action that needs no session). A wrong name and a wrong password get the same
 * answer; five failures for a name within 15 minutes refuse it until then.
 */
export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const { name, password } = typed(form);
  const answer = await actionResult(() => signIn(name, password, form.get("next")));
  return answer && { ...answer, name };
}

async function signIn(name: string, password: string, next: FormDataEntryValue | null): Promise<ActionFailure> {
  // Counted in the database, per name always and per client address behind a trusted reverse proxy
  // (HINTSCOPE_TRUST_PROXY=1): every server process sees the same failures (lib/server/auth/sign-in-limit.ts).
  const address = settings().trustProxy ? clientAddress((await headers()).get("x-forwarded-for")) : null;
  const db = await getDb();
  const wait = await signInWait(db, name, address);
  if (wait > 0)
    return refusal("limit", `Too many failed sign-ins: try again in ${Math.ceil(wait / 60_000)} minute(s).`);
  const user = name && password ? await checkPassword(db, name, password) : null;
  if (!user) {
    await recordSignInFailure(db, name, address);
    return refusal("forbidden", "Wrong name or password (or the account is disabled).");
  }
  await clearSignInFailures(db, name);
  const session = await startSession(db, user.id);
  (await cookies()).set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "lax",
    secure: await overHttps(),
    path: "/",
    expires: session.expiresAt,
  });
  redirect(safeNextPath(next));
}

/** Signs out: ends the session in the database and clears the cookie. */
export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  await endSession(await getDb(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  redirect("/sign-in");
}
