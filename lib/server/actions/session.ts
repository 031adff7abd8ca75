"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeNextPath } from "../../auth/next-path";
import { SESSION_COOKIE } from "../../auth/session-cookie";
import { clientAddress, SignInLimiter } from "../../auth/sign-in-limiter";
import { overHttps } from "../auth/request-user";
import { endSession, startSession } from "../auth/sessions";
import { checkPassword } from "../auth/users";
import { getDb } from "../db";
import { settings } from "../settings";

// One limiter per server process, kept across Next's module copies: per name always, and per client
// address when a reverse proxy that sets X-Forwarded-For is trusted (HINTSCOPE_TRUST_PROXY=1).
const limits = globalThis as unknown as { hintscopeSignIn?: { byName: SignInLimiter; byAddress: SignInLimiter } };
limits.hintscopeSignIn ??= { byName: new SignInLimiter(5), byAddress: new SignInLimiter(30) };

/** A refused sign-in: why, and the name typed (the form keeps it; only the password is typed again). */
export type SignInState = { error: string; name: string } | null;

/**
 * Signs in (public: the one action that needs no session). A wrong name and a wrong password get the same
 * answer; five failures for a name within 15 minutes refuse it until then.
 */
export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const name = String(form.get("name") ?? "")
    .trim()
    .slice(0, 64);
  const password = String(form.get("password") ?? "").slice(0, 200);
  const now = Date.now();
  const { byName, byAddress } = limits.hintscopeSignIn as { byName: SignInLimiter; byAddress: SignInLimiter };
  const address = settings().trustProxy ? clientAddress((await headers()).get("x-forwarded-for")) : null;
  const wait = Math.max(byName.retryAfter(name.toLowerCase(), now), address ? byAddress.retryAfter(address, now) : 0);
  if (wait > 0) return { error: `Too many failed sign-ins: try again in ${Math.ceil(wait / 60_000)} minute(s).`, name };
  const db = await getDb();
  const user = name && password ? await checkPassword(db, name, password) : null;
  if (!user) {
    // Names nobody retries would otherwise stay in memory: drop the expired ones now and then.
    if (byName.size > 10_000) byName.sweep(now);
    if (byAddress.size > 10_000) byAddress.sweep(now);
    byName.fail(name.toLowerCase(), now);
    if (address) byAddress.fail(address, now);
    return { error: "Wrong name or password (or the account is disabled).", name };
  }
  byName.succeed(name.toLowerCase());
  const session = await startSession(db, user.id);
  (await cookies()).set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "lax",
    secure: await overHttps(),
    path: "/",
    expires: session.expiresAt,
  });
  redirect(safeNextPath(form.get("next")));
}

/** Signs out: ends the session in the database and clears the cookie. */
export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  await endSession(await getDb(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  redirect("/sign-in");
}
