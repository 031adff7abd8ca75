import { ADDRESS_LIMIT, NAME_LIMIT, retryAfter, type SignInLimit } from "../../auth/sign-in-limiter";
import { type Database, writeTurn } from "../db/client";

/**
 * The sign-in limit, counted in the database: every server process (and every machine) on one database
 * sees the same failures, so five wrong guesses lock a name whichever servers they were spread over.
 */

const keysOf = (name: string, address: string | null): Array<[string, SignInLimit]> => [
  [`name:${name.toLowerCase()}`, NAME_LIMIT],
  ...(address ? ([[`address:${address}`, ADDRESS_LIMIT]] as Array<[string, SignInLimit]>) : []),
];

/** Milliseconds until a sign-in as `name` (from `address`, behind a trusted proxy) may be tried again. */
export async function signInWait(db: Database, name: string, address: string | null, now = Date.now()) {
  let wait = 0;
  for (const [key, limit] of keysOf(name, address)) {
    const rows = await db.signInFailure.findMany({
      where: { key, at: { gt: new Date(now - limit.windowMs) } },
      orderBy: { at: "desc" },
      take: limit.maxFailures,
      select: { at: true },
    });
    wait = Math.max(
      wait,
      retryAfter(
        rows.map((r) => r.at.getTime()),
        limit,
        now,
      ),
    );
  }
  return wait;
}

/** Counts a failed sign-in for the name (and the address); failures past every window are removed. */
export async function recordSignInFailure(db: Database, name: string, address: string | null, now = Date.now()) {
  const oldest = Math.max(NAME_LIMIT.windowMs, ADDRESS_LIMIT.windowMs);
  await writeTurn(db)(() =>
    db.$transaction([
      db.signInFailure.createMany({ data: keysOf(name, address).map(([key]) => ({ key, at: new Date(now) })) }),
      db.signInFailure.deleteMany({ where: { at: { lt: new Date(now - oldest) } } }),
    ]),
  );
}

/** A successful sign-in clears its name's failures (an address's stay: others may be guessing from it). */
export async function clearSignInFailures(db: Database, name: string) {
  await writeTurn(db)(() => db.signInFailure.deleteMany({ where: { key: `name:${name.toLowerCase()}` } }));
}
