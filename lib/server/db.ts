import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { backfillHintSources } from "./backfill-hint-sources";
import type { BulkTarget, RawClient } from "./bulk-sql";
import { dialectOf, resolveDatabaseUrl, type SqlDialect } from "./database-url";
import { PrismaClient } from "./generated/prisma/client";
import { PrismaClient as PostgresClient } from "./generated/prisma-postgres/client";
import { applyMigrations } from "./migrate-database";
import { counted, retryWhileBusy, serialisedWrite } from "./write-lock";

/**
 * The database client. Both engines' generated clients have the same models and calls (they come from one
 * schema, see lib/build/postgres-schema.mjs), so the SQLite client's type stands for both.
 */
export type Database = PrismaClient;
/** A transaction's client, as Prisma's interactive transaction hands it over (or the client itself). */
export type Tx = Parameters<Parameters<Database["$transaction"]>[0]>[0];

/** The URL a client was opened on, so an import can open a connection of its own to the same database. */
const URL_OF = Symbol.for("hintscope.url");
/** A SQLite client's one driver connection (see sqliteFactory). A global symbol: Next bundles this module more than once. */
const DRIVER = Symbol.for("hintscope.driver");

type DriverConnection = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;

/**
 * The SQLite adapter factory, decorated through its public interface (provider, adapter name, connect) so
 * the one connection it makes is also ours: Prisma runs every query and transaction of a SQLite client on
 * that single connection, so the importer's bulk statements sent to it directly (bulk-sql.ts) are part of
 * the transaction open on it. Nothing of Prisma's is patched.
 */
function sqliteFactory(url: string) {
  const inner = new PrismaBetterSQLite3({ url, timeout: BUSY_TIMEOUT_MS });
  let connected: (driver: DriverConnection) => void = () => {};
  const driver = new Promise<DriverConnection>((resolve) => {
    connected = resolve;
  });
  const factory: Pick<PrismaBetterSQLite3, "provider" | "adapterName" | "connect"> = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect() {
      const connection = await inner.connect();
      connected(connection);
      return connection;
    },
  };
  return { factory, driver };
}

/**
 * How long one SQLite statement waits for another connection's write lock before it reports "busy": short,
 * because better-sqlite3 waits by blocking the thread; longer waits are retried asynchronously
 * (write-lock.ts), so the server keeps answering while a CLI import commits.
 */
const BUSY_TIMEOUT_MS = 100;

/**
 * Opens a database at a URL (default: DATABASE_URL or the embedded file) and brings its schema up to date:
 * a `file:` URL is SQLite through better-sqlite3, a `postgresql://` URL PostgreSQL through node-postgres.
 */
export async function openDatabase(url: string = resolveDatabaseUrl()): Promise<Database> {
  const dialect = dialectOf(url);
  let db: Database;
  if (dialect === "sqlite") {
    mkdirSync(path.dirname(url.slice("file:".length)), { recursive: true });
    const { factory, driver } = sqliteFactory(url);
    db = new PrismaClient({ adapter: factory });
    Object.defineProperty(db, DRIVER, { value: driver });
  } else {
    db = new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Database;
  }
  Object.defineProperty(db, URL_OF, { value: url });
  // SQLite: write-ahead logging, so readers see only committed rows and never wait for a writer (kept in the file).
  if (dialect === "sqlite") await retryWhileBusy(() => db.$queryRawUnsafe("PRAGMA journal_mode = WAL"));
  await serialisedWrite(() => applyMigrations(db, dialect));
  await backfillHintSources(db);
  return db;
}

/** The database file of a SQLite client made by openDatabase; null on PostgreSQL. */
export function sqliteFileOf(db: Database): string | null {
  const url = (db as unknown as { [URL_OF]?: string })[URL_OF];
  return url && dialectOf(url) === "sqlite" ? url.slice("file:".length) : null;
}

/** Which engine a client made by openDatabase runs on. */
export function dialectOfDb(db: Database): SqlDialect {
  const url = (db as unknown as { [URL_OF]?: string })[URL_OF];
  if (!url) throw new Error("dialectOfDb: this client was not made by openDatabase");
  return dialectOf(url);
}

/**
 * Where the bulk path writes inside a transaction `tx` of `db`: on SQLite the driver connection under it
 * (bulk text skips Prisma's query compiler, which made imports 2.5× slower); on PostgreSQL, whose pool gives
 * a transaction a connection of its own, the transaction client's raw SQL.
 */
export const bulkTarget = (db: Database, tx: RawClient): BulkTarget => {
  const driver = (db as unknown as { [DRIVER]?: Promise<DriverConnection> })[DRIVER];
  return driver ? { dialect: "sqlite", driver } : { dialect: dialectOfDb(db), client: tx };
};

/**
 * How a write of `db` waits its turn: on SQLite behind this process's other writes (one writer at a time,
 * see write-lock.ts); on PostgreSQL at once, the database keeping concurrent transactions apart (a write
 * that must not lose a race guards itself, as recordDecision's version check does).
 */
export const writeTurn =
  (db: Database) =>
  <T>(write: () => Promise<T>): Promise<T> =>
    dialectOfDb(db) === "sqlite" ? serialisedWrite(write) : counted(write());

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

// One client per process, kept on globalThis so Next's hot reloads reuse it (the t3 template's pattern).
const globalForDb = globalThis as unknown as { hintscopeDb?: Promise<Database> };

/** The process's one database client, opened (and migrated) on first use. */
export function getDb(): Promise<Database> {
  globalForDb.hintscopeDb ??= openDatabase();
  return globalForDb.hintscopeDb;
}
