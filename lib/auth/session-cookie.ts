/** The session cookie's name; it holds a random token, the database only the token's SHA-256. */
export const SESSION_COOKIE = "hintscope_session";
/** How long a sign-in lasts. */
export const SESSION_MS = 7 * 24 * 60 * 60_000;
/** Set by proxy.ts on every request it lets through: the path and query asked for (where to return after signing in). */
export const REQUESTED_PATH_HEADER = "x-hintscope-path";
