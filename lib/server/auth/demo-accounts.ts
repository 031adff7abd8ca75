import { randomBytes } from "node:crypto";
import { type Database, writeTurn } from "../db/client";
import { settings } from "../settings";
import { addUser, hashPassword } from "./users";

/** The demo accounts `seed` makes: one admin, one curator. */
export const DEMO_ACCOUNTS = [
  { name: "demo-admin", role: "admin" },
  { name: "demo-curator", role: "curator" },
] as const;

/**
 * Creates the demo accounts, or gives existing demo accounts new passwords: random ones, or
 * HINTSCOPE_DEMO_PASSWORD when set (for scripted runs such as the end-to-end tests). Returns them with
 * their passwords, to print once. An account of that name that is not a demo account is left alone.
 */
export async function seedDemoAccounts(
  db: Database,
  fixed = settings().demoPassword,
): Promise<Array<{ name: string; role: string; password: string }>> {
  const out: Array<{ name: string; role: string; password: string }> = [];
  for (const account of DEMO_ACCOUNTS) {
    const password = fixed || randomBytes(9).toString("base64url");
    const existing = await db.user.findUnique({ where: { name: account.name } });
    if (existing && !existing.isDemo) continue;
    if (existing) {
      const passwordHash = await hashPassword(password);
      await writeTurn(db)(() =>
        db.$transaction([
          db.user.update({ where: { id: existing.id }, data: { passwordHash, role: account.role, disabled: false } }),
          db.session.deleteMany({ where: { userId: existing.id } }),
        ]),
      );
    } else await addUser(db, { ...account, password, isDemo: true });
    out.push({ ...account, password });
  }
  return out;
}
