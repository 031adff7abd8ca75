import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { PrismaClient as PostgresClient } from "../generated/prisma-postgres/client";
import { backfillHintSources } from "./backfill-hint-sources";
import { type BulkTarget, type RawClient, selectRows } from "./bulk-sql";
import { dialectOf, resolveDatabaseUrl, type SqlDialect } from "./database-url";
import type { Engine } from "./engine";
import { type JobQueue, jobQueueFor } from "./job-queue";
import { applyMigrations } from "./migrate-database";
import { postgresEngine } from "./postgres";
import { sqliteEngine } from "./sqlite";
import { retryWhileBusy, serialisedWrite, writeGeneration } from "./write-lock";

/** How many writes of this process have settled (write-lock.ts): a read cache keys on it. */
export { writeGeneration };

/**
 * The database client. Both engines' generated clients have the same models and calls (they come from one
 * schema, see lib/build/postgres-schema.mjs), so the SQLite client's type stands for both.
 */
export type Database = PrismaClient;
/** A transaction's client, as Prisma's interactive transaction hands it over (or the client itself). */
export type Tx = Parameters<Parameters<Database["$transaction"]>[0]>[0];

/** What openDatabase knows of a client it made: the URL (for a connection of its own) and its engine. */
interface Opened {
  url: string;
  engine: Engine;
}

/**
 * The clients openDatabase made, each with its engine. A weak map, so a client dropped is forgotten; kept
 * under a global symbol because Next bundles this module more than once in one process (a client made by
 * one copy is asked about by another).
 */
const OPENED = Symbol.for("hintscope.openedClients");
const processGlobals = globalThis as typeof globalThis & { [OPENED]?: WeakMap<object, Opened> };
processGlobals[OPENED] ??= new WeakMap<object, Opened>();
const opened = processGlobals[OPENED];

function openedOf(db: Database, asking: string): Opened {
  const found = opened.get(db);
  if (!found)
    throw new Error(
      `${asking}: this client was not made by openDatabase (a transaction's client says no engine: pass it along)`,
    );
  return found;
}

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
  let engine: Engine;
  if (dialect === "sqlite") {
    const file = url.slice("file:".length);
    mkdirSync(path.dirname(file), { recursive: true });
    const { factory, driver } = sqliteFactory(url);
    db = new PrismaClient({ adapter: factory });
    engine = sqliteEngine(file, driver);
  } else {
    // Without JIT compilation: the app's queries are short, and compiling one costs more (70-90 ms) than it saves.
    db = new PostgresClient({
      adapter: new PrismaPg({ connectionString: url, options: "-c jit=off" }),
    }) as unknown as Database;
    engine = postgresEngine();
  }
  opened.set(db, { url, engine });
  // SQLite: write-ahead logging, so readers see only committed rows and never wait for a writer (kept in the file).
  if (dialect === "sqlite") await retryWhileBusy(() => db.$queryRawUnsafe("PRAGMA journal_mode = WAL"));
  await serialisedWrite(() => applyMigrations(db, dialect));
  await backfillHintSources(db);
  return db;
}

/** The engine of a client made by openDatabase: how its writes take turns, its bulk path, its SQL pieces. */
export const engineOf = (db: Database): Engine => openedOf(db, "engineOf").engine;

/** Which engine a client made by openDatabase runs on (for tests and the bench; feature code asks engineOf). */
export const dialectOfDb = (db: Database): SqlDialect => engineOf(db).sql.dialect;

/** Where the bulk path writes inside a transaction `tx` of `db` (engine.ts). */
export const bulkTarget = (db: Database, tx: RawClient): BulkTarget => engineOf(db).bulkTarget(tx);

/**
 * Inside a write transaction `tx` of `db`: which of the rows `ids` of `table` still meet `condition` (SQL on its
 * columns, from code, nothing bound), each held until the transaction ends. Another process claiming the same
 * rows at once waits, then finds them no longer meeting it: each is written once.
 */
export async function claimRows(
  db: Database,
  tx: RawClient,
  table: string,
  condition: string,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await selectRows(
    bulkTarget(db, tx),
    `SELECT "id" FROM "${table}" WHERE ${condition} AND "id" IN (${ids.map((_, i) => `$${i + 1}`).join(", ")})
     ORDER BY "id"${engineOf(db).sql.lockRows}`,
    [...ids],
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * The job queue shared by the processes on `db`'s database (job-queue.ts); `leaseSeconds`: how long a job may
 * run before another process takes it up again.
 */
export const jobQueue = (db: Database, leaseSeconds: number): JobQueue =>
  jobQueueFor(openedOf(db, "jobQueue").url, dialectOfDb(db), leaseSeconds);

/** How a write of `db` waits its turn (engine.ts). */
export const writeTurn =
  (db: Database) =>
  <T>(write: () => Promise<T>): Promise<T> =>
    engineOf(db).writeTurn(write);

/**
 * Runs `work` on a connection of its own to the same database, closed afterwards: an import's transaction
 * then holds only its own writes, and the process's other requests neither join it nor see its rows before
 * it commits.
 */
export async function withOwnConnection<T>(db: Database, work: (own: Database) => Promise<T>): Promise<T> {
  const own = await openDatabase(openedOf(db, "withOwnConnection").url);
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
