import { hash, verify } from "@node-rs/argon2";
import { PasswordSchema, type Role, RoleSchema, UserNameSchema } from "../../auth/roles";
import { AppError, type AppErrorCode } from "../app-error";
import { selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database, engineOf, type Tx, writeTurn } from "../db/client";

/** A user as everything but the sign-in code sees one: never the password hash. */
export interface UserView {
  id: number;
  name: string;
  role: Role;
  disabled: boolean;
  isDemo: boolean;
  createdAt: Date;
}

/** A user request the rules refuse (a taken name, a short password): the message says which rule. */
export class UserError extends AppError {
  constructor(message: string, code: AppErrorCode = "invalid-input") {
    super(code, message);
    this.name = "UserError";
  }
}

const VIEW = { id: true, name: true, role: true, disabled: true, isDemo: true, createdAt: true } as const;

const check = <T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
  },
  value: unknown,
): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UserError(parsed.error.issues.map((i) => i.message).join("; "));
  return parsed.data;
};

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum for argon2id). */
export const hashPassword = (password: string) => hash(password);

export async function addUser(
  db: Database,
  input: { name: string; role: string; password: string; isDemo?: boolean },
): Promise<UserView> {
  const name = check(UserNameSchema, input.name);
  const role = check(RoleSchema, input.role);
  const passwordHash = await hashPassword(check(PasswordSchema, input.password));
  const taken = () => new UserError(`a user named "${name}" exists`, "conflict");
  return writeTurn(db)(async () => {
    if (await db.user.findUnique({ where: { name } })) throw taken();
    try {
      const user = await db.user.create({
        data: { name, role, passwordHash, isDemo: input.isDemo ?? false },
        select: VIEW,
      });
      return user as UserView;
    } catch (error) {
      // Another server (or, on PostgreSQL, another request) took the name since it was read: the unique key says so.
      if ((error as { code?: string }).code === "P2002") throw taken();
      throw error;
    }
  });
}

export async function listUsers(db: Database): Promise<UserView[]> {
  return (await db.user.findMany({ select: VIEW, orderBy: { name: "asc" } })) as UserView[];
}

export async function countUsers(db: Database): Promise<number> {
  return db.user.count();
}

async function findUser(db: Database | Tx, name: string) {
  const user = await db.user.findUnique({ where: { name } });
  if (!user) throw new UserError(`no user named "${name}"`, "not-found");
  return user;
}

/** Changes a role; the last enabled admin keeps theirs, so the server is never left without one. */
export async function setRole(db: Database, name: string, role: string): Promise<UserView> {
  const next = check(RoleSchema, role);
  return writeTurn(db)(() =>
    db.$transaction(async (tx) => {
      await lockAdmins(db, tx);
      const user = await findUser(tx, name);
      if (user.role === "admin" && next !== "admin") await keepAnAdmin(tx, user.id);
      return (await tx.user.update({ where: { id: user.id }, data: { role: next }, select: VIEW })) as UserView;
    }, USER_WRITE),
  );
}

/** Disables (or enables) an account; disabling ends its sessions at once. */
export async function setDisabled(db: Database, name: string, disabled: boolean): Promise<UserView> {
  return writeTurn(db)(() =>
    db.$transaction(async (tx) => {
      await lockAdmins(db, tx);
      const user = await findUser(tx, name);
      if (disabled && user.role === "admin") await keepAnAdmin(tx, user.id);
      const updated = await tx.user.update({ where: { id: user.id }, data: { disabled }, select: VIEW });
      await tx.session.deleteMany({ where: { userId: disabled ? user.id : -1 } });
      return updated as UserView;
    }, USER_WRITE),
  );
}

/** Sets a new password and ends the account's sessions. */
export async function setPassword(db: Database, name: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(check(PasswordSchema, password));
  await writeTurn(db)(async () => {
    const user = await findUser(db, name);
    await db.$transaction([
      db.user.update({ where: { id: user.id }, data: { passwordHash } }),
      db.session.deleteMany({ where: { userId: user.id } }),
    ]);
  });
}

/**
 * A user write's transaction: a handful of rows, but it may wait for another admin's change of the admins
 * (lockAdmins), so it is given well over Prisma's default five seconds.
 */
const USER_WRITE = { maxWait: 60_000, timeout: 60_000 };

/**
 * Holds the enabled admins' rows until the transaction ends: two admins demoting (or disabling) each other at
 * once, on two servers or on PostgreSQL's side-by-side transactions, then take turns, and the second sees the
 * first's change, so the last admin is never lost.
 */
async function lockAdmins(db: Database, tx: Tx): Promise<void> {
  await selectRows(
    bulkTarget(db, tx),
    `SELECT "id" FROM "User" WHERE "role" = 'admin' AND NOT "disabled" ORDER BY "id"${engineOf(db).sql.lockRows}`,
    [],
  );
}

async function keepAnAdmin(db: Database | Tx, leaving: number): Promise<void> {
  const others = await db.user.count({ where: { role: "admin", disabled: false, id: { not: leaving } } });
  if (others === 0) throw new UserError("this is the last enabled admin: make another admin first", "conflict");
}

// A hash to verify against when the name is unknown, so a wrong name takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** The enabled user with this name and password, or null (the same answer, in the same time, for either wrong). */
export async function checkPassword(db: Database, name: string, password: string): Promise<UserView | null> {
  const user = await db.user.findUnique({ where: { name: name.trim() } });
  decoy ??= hashPassword("a password nobody has");
  const ok = await verify(user?.passwordHash ?? (await decoy), password).catch(() => false);
  if (!user || !ok || user.disabled) return null;
  const { passwordHash: _hash, ...view } = user;
  return view as UserView;
}
