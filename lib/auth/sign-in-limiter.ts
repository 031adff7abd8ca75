/** A sign-in limit: at most `maxFailures` failed attempts for one key within `windowMs`. */
export interface SignInLimit {
  maxFailures: number;
  windowMs: number;
}

/** Five failures in fifteen minutes lock a name; thirty lock an address (a trusted proxy's client). */
export const NAME_LIMIT: SignInLimit = { maxFailures: 5, windowMs: 15 * 60_000 };
export const ADDRESS_LIMIT: SignInLimit = { maxFailures: 30, windowMs: 15 * 60_000 };

/**
 * Milliseconds until a key may try again (0: it may now), from the times of its failures: after
 * `maxFailures` within the window, attempts are refused until the window since the first of the last
 * `maxFailures` has passed. Pure: the failures (kept in the database, lib/server/auth/sign-in-limit.ts) and
 * the clock are passed in.
 */
export function retryAfter(failures: readonly number[], limit: SignInLimit, now: number): number {
  const recent = failures.filter((at) => now - at < limit.windowMs).sort((a, b) => a - b);
  if (recent.length < limit.maxFailures) return 0;
  return (recent[recent.length - limit.maxFailures] as number) + limit.windowMs - now;
}

/**
 * The client's address behind a trusted reverse proxy: the last `X-Forwarded-For` entry, the one that proxy
 * appended. Earlier entries are whatever the client sent, so counting by them lets a client pick a new
 * address for every guess.
 */
export function clientAddress(forwardedFor: string | null | undefined): string | null {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries.at(-1) ?? null;
}
