import { createHash, randomBytes } from "node:crypto";
import { SESSION_MS } from "../../auth/session-cookie";
import { type Database, writeTurn } from "../db/client";
import type { UserView } from "./users";

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** Starts a session for a user: the token for the cookie, and when it expires. */
export async function startSession(db: Database, userId: number, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await writeTurn(db)(() => db.session.create({ data: { id: digest(token), userId, expiresAt } }));
  return { token, expiresAt };
}

/** The signed-in user a session token stands for, or null (unknown, expired, or the account disabled). */
export async function userOfSession(
  db: Database,
  token: string | undefined,
  now = new Date(),
): Promise<UserView | null> {
  if (!token || token.length > 200) return null;
  const session = await db.session.findUnique({
    where: { id: digest(token) },
    include: { user: { select: { id: true, name: true, role: true, disabled: true, isDemo: true, createdAt: true } } },
  });
  if (!session || session.expiresAt <= now || session.user.disabled) return null;
  return session.user as UserView;
}

/** Ends a session (sign out); expired sessions go with it. */
export async function endSession(db: Database, token: string | undefined, now = new Date()): Promise<void> {
  await writeTurn(db)(() =>
    db.session.deleteMany({ where: { OR: [{ id: digest(token ?? "") }, { expiresAt: { lte: now } }] } }),
  );
}
