import BetterSqlite from "better-sqlite3";

/** A plain SQLite file opened straight through the driver, outside Prisma (a scratch file, a measured floor). */
export type SqliteFile = BetterSqlite.Database;

/**
 * Opens a SQLite file with better-sqlite3 directly: an import's stage (a scratch file of its own, written
 * and read in batches without Prisma) and the import bench's bare-insert floor. The app's database goes
 * through `openDatabase` (client.ts), never through this.
 */
export const openSqliteFile = (file: string, options: { readonly?: boolean } = {}): SqliteFile =>
  new BetterSqlite(file, options);
