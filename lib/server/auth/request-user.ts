import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { REQUESTED_PATH_HEADER, SESSION_COOKIE } from "../../auth/session-cookie";
import { getDb } from "../db/client";
import { settings } from "../settings";
import { userOfSession } from "./sessions";
import type { UserView } from "./users";

/** The signed-in user of the request being served, or null; looked up once per request. */
export const currentUser = cache(async (): Promise<UserView | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? userOfSession(await getDb(), token) : null;
});

/** The path (and query) the request asked for, as the proxy passed it on: where to return after signing in. */
export async function requestedPath(): Promise<string> {
  return (await headers()).get(REQUESTED_PATH_HEADER) ?? "/";
}

/** Whether the browser reached us over HTTPS (directly or through a reverse proxy that says so). */
export async function overHttps(): Promise<boolean> {
  const h = await headers();
  return h.get("x-forwarded-proto") === "https" || settings().secureCookie;
}
