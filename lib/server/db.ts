import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { resolveDatabaseUrl } from "./database-url";
import { PrismaClient } from "./generated/prisma/client";
import { applyMigrations } from "./migrate-database";

export type Database = PrismaClient;

/** Opens a database at a URL (default: DATABASE_URL or the embedded file) and brings its schema up to date. */
export async function openDatabase(url: string = resolveDatabaseUrl()): Promise<Database> {
  mkdirSync(path.dirname(url.slice("file:".length)), { recursive: true });
  const db = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }) });
  await applyMigrations(db);
  return db;
}

// One client per process, kept on globalThis so Next's hot reloads reuse it (the t3 template's pattern).
const globalForDb = globalThis as unknown as { hintscopeDb?: Promise<Database> };

/** The process's one database client, opened (and migrated) on first use. */
export function getDb(): Promise<Database> {
  globalForDb.hintscopeDb ??= openDatabase();
  return globalForDb.hintscopeDb;
}
