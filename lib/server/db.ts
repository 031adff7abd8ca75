import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { resolveDatabaseUrl } from "./database-url";
import { PrismaClient } from "./generated/prisma/client";
import { applyMigrations } from "./migrate-database";

export type Database = PrismaClient;

type DriverAdapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;

/**
 * Where a client keeps the driver connection under it: the importer's bulk path writes through it (see
 * bulk-sql.ts). A global symbol, because Next bundles this module more than once while the client is shared.
 */
const DRIVER = Symbol.for("hintscope.driver");

/** Opens a database at a URL (default: DATABASE_URL or the embedded file) and brings its schema up to date. */
export async function openDatabase(url: string = resolveDatabaseUrl()): Promise<Database> {
  mkdirSync(path.dirname(url.slice("file:".length)), { recursive: true });
  const factory = new PrismaBetterSQLite3({ url });
  let connected: (driver: DriverAdapter) => void = () => {};
  const driver = new Promise<DriverAdapter>((resolve) => {
    connected = resolve;
  });
  // Prisma connects its factory once; keep that one connection so raw bulk writes share its transactions.
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    connected(adapter);
    return adapter;
  };
  const db = new PrismaClient({ adapter: factory });
  Object.defineProperty(db, DRIVER, { value: driver });
  await applyMigrations(db);
  return db;
}

/** The driver connection Prisma runs this client on (connected by the time any query has run). */
export function driverOf(db: Database): Promise<DriverAdapter> {
  const driver = (db as unknown as { [DRIVER]?: Promise<DriverAdapter> })[DRIVER];
  if (!driver) throw new Error("driverOf: this client was not made by openDatabase");
  return driver;
}

// One client per process, kept on globalThis so Next's hot reloads reuse it (the t3 template's pattern).
const globalForDb = globalThis as unknown as { hintscopeDb?: Promise<Database> };

/** The process's one database client, opened (and migrated) on first use. */
export function getDb(): Promise<Database> {
  globalForDb.hintscopeDb ??= openDatabase();
  return globalForDb.hintscopeDb;
}
