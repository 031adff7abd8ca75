import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { PrismaClient } from "../generated/prisma/client";
import type { SqlDialect } from "./database-url";

/** Where each engine's committed Prisma migrations live (PostgreSQL's are kept in step by a test). */
export const MIGRATIONS_DIRS: Record<SqlDialect, string> = {
  sqlite: path.join(process.cwd(), "prisma", "migrations"),
  postgres: path.join(process.cwd(), "prisma", "postgresql", "migrations"),
};

/** Splits a migration script into statements (Prisma's scripts hold no semicolons inside literals). */
export function statementsOf(script: string): string[] {
  return script
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("--"))
    .join("\n")
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");
}

/**
 * A migration's transaction may take as long as its statements do on the database being upgraded: Prisma's
 * default (5 s) ended one that filled a column of 50,000 wide rows on PostgreSQL (63 s), and the server could
 * not start.
 */
const MIGRATION_TRANSACTION = { timeout: 60 * 60 * 1000, maxWait: 10 * 60 * 1000 };

/**
 * Applies the committed migrations that the database has not seen yet, in order, each in one transaction.
 * Bookkeeping uses Prisma's own `_prisma_migrations` table, so `prisma migrate deploy` agrees with it.
 * Written by hand rather than calling `prisma migrate deploy` because Prisma's migrate needs its schema
 * engine, which with a driver adapter cannot deploy to PostgreSQL ("Column type 'name' could not be
 * deserialized", Prisma issue 27403), and because the app and the CLI migrate on open, with no extra step.
 */
export async function applyMigrations(
  db: PrismaClient,
  dialect: SqlDialect = "sqlite",
  dir = MIGRATIONS_DIRS[dialect],
): Promise<string[]> {
  await db.$executeRawUnsafe(
    `CREATE TABLE IF NOT EXISTS "_prisma_migrations" ("id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" TIMESTAMP, "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMP, "started_at" TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`,
  );
  const applied = await db.$queryRawUnsafe<Array<{ migration_name: string }>>(
    `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
  );
  const done = new Set(applied.map((row) => row.migration_name));
  const names = (await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const newlyApplied: string[] = [];
  for (const name of names) {
    if (done.has(name)) continue;
    const script = await readFile(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
    const statements = statementsOf(script);
    const checksum = createHash("sha256").update(script).digest("hex");
    await db.$transaction(async (tx) => {
      for (const statement of statements) await tx.$executeRawUnsafe(statement);
      // SQLite keeps times as text; PostgreSQL's TIMESTAMP column takes a date.
      const now = dialect === "postgres" ? new Date() : new Date().toISOString();
      await tx.$executeRaw`INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count") VALUES (${randomUUID()}, ${checksum}, ${now}, ${name}, ${now}, ${statements.length})`;
    }, MIGRATION_TRANSACTION);
    newlyApplied.push(name);
  }
  return newlyApplied;
}
