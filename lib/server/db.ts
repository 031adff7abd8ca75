import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { backfillHintSources } from "./backfill-hint-sources";
import { resolveDatabaseUrl } from "./database-url";
import { PrismaClient } from "./generated/prisma/client";
import { applyMigrations } from "./migrate-database";
import { retryWhileBusy, serialisedWrite } from "./write-lock";

export type Database = PrismaClient;

type DriverAdapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;

/**
 * Where a client keeps the driver connection under it: the importer's bulk path writes through it (see
 * bulk-sql.ts). A global symbol, because Next bundles this module more than once while the client is shared.
 */
const DRIVER = Symbol.for("hintscope.driver");
/** The URL a client was opened on, so an import can open a connection of its own to the same database. */
const URL_OF = Symbol.for("hintscope.url");

/**
 * How long one SQLite statement waits for another connection's write lock before it reports "busy": short,
 * because better-sqlite3 waits by blocking the thread; longer waits are retried asynchronously
 * (write-lock.ts), so the server keeps answering while a CLI import commits.
 */
const BUSY_TIMEOUT_MS = 100;

/** Opens a database at a URL (default: DATABASE_URL or the embedded file) and brings its schema up to date. */
export async function openDatabase(url: string = resolveDatabaseUrl()): Promise<Database> {
  mkdirSync(path.dirname(url.slice("file:".length)), { recursive: true });
  const factory = new PrismaBetterSQLite3({ url, timeout: BUSY_TIMEOUT_MS });
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
  Object.defineProperty(db, URL_OF, { value: url });
  // Write-ahead logging: readers see only committed rows and never wait for a writer (kept in the file).
  await retryWhileBusy(() => db.$queryRawUnsafe("PRAGMA journal_mode = WAL"));
  await serialisedWrite(() => applyMigrations(db));
  await backfillHintSources(db);
  return db;
}

/**
 * Runs `work` on a connection of its own to the same database, closed afterwards: an import's transaction
 * then holds only its own writes, and the process's other requests neither join it nor see its rows before
 * it commits.
 */
export async function withOwnConnection<T>(db: Database, work: (own: Database) => Promise<T>): Promise<T> {
  const url = (db as unknown as { [URL_OF]?: string })[URL_OF];
  if (!url) throw new Error("withOwnConnection: this client was not made by openDatabase");
  const own = await openDatabase(url);
  try {
    return await work(own);
  } finally {
    await own.$disconnect();
  }
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
