import type { BulkTarget, RawClient } from "./bulk-sql";
import type { SqlDialect } from "./database-url";
import type { Checkpointer } from "./wal-checkpoint";

/**
 * The SQL that differs between the engines, as the pieces feature queries are written with: a query asks
 * for "a placeholder", "a case-insensitive LIKE", "the elements of a JSON array", and never names an engine.
 * Each engine's pieces are in sqlite.ts and postgres.ts.
 */
export interface SqlPieces {
  /** the engine, for the bulk path's statement builder (bulk-sql.ts) only */
  readonly dialect: SqlDialect;
  /** the placeholder of the nth bound value, counted from 1 (`?` on SQLite, `$n` on PostgreSQL) */
  placeholder(n: number): string;
  /** a LIKE that ignores case (SQLite's LIKE already does for ASCII) */
  readonly caseInsensitiveLike: string;
  /** added after a text sort key, so both engines order text by its bytes */
  readonly byteOrder: string;
  /**
   * added after a SELECT in a write transaction: the rows read are held until it ends, so a concurrent
   * transaction of another process waits and then reads them as written (SQLite's writer is already alone)
   */
  readonly lockRows: string;
  /** a FROM item: the elements of the JSON array under `key` of a column, each as `alias.value` */
  jsonArrayElements(column: string, key: string, alias: string): string;
  /**
   * An aggregate: the rows' text values of `column` as one JSON array text (NULL where there are no rows).
   * Many rows read as one value: the driver adapter's cost per row (3–6 µs, 0.2–0.3 s for 50,000 rows) is
   * paid once. The aggregates of one query read their group's rows in one order, so several of these (and
   * `intList`) line up row by row (bulk-sql.ts reads them).
   */
  jsonTexts(column: string): string;
  /** An aggregate: the rows' integer values of `column` as one text, comma-separated (NULL where none). */
  intList(column: string): string;
  /** true where the boolean field `field` of a JSON element (`alias.value`) is false */
  jsonFieldIsFalse(alias: string, field: string): string;
  /**
   * A query of the ids of the instances whose indexed words (issue text) hold `words` in this order, the last
   * one as a prefix. `add` binds a value and returns its placeholder.
   */
  instanceIdsByWords(words: readonly string[], add: (value: unknown) => string): string;
  /**
   * A query of the ids of the instances one of whose identifier names holds `needle` (any part of it, case
   * folded), through the engine's trigram index of the names.
   */
  instanceIdsByName(needle: string, add: (value: unknown) => string): string;
}

export interface LargeWriteCheckpointer {
  checkpointer: Checkpointer;
  pause(connection: RawClient): Promise<unknown>;
}

/**
 * One engine, as the rest of the server sees it: how writes take turns, where bulk statements go, how a
 * large write keeps the log short, how an import's stage is copied, and the SQL pieces. The only place
 * that names SQLite or PostgreSQL is this folder; feature code asks `engineOf(db)` (client.ts).
 */
export interface Engine {
  readonly sql: SqlPieces;
  /** How a write transaction waits its turn: on SQLite behind this process's other writes; on PostgreSQL not at all. */
  writeTurn<T>(write: () => Promise<T>): Promise<T>;
  /** How an import waits its turn: on SQLite behind every write of the process; on PostgreSQL behind other imports only. */
  importTurn<T>(write: () => Promise<T>): Promise<T>;
  /** Where bulk statements of a transaction `tx` go (bulk-sql.ts). */
  bulkTarget(tx: RawClient): BulkTarget;
  /**
   * For a large write (an import, an analysis run): starts a checkpointer that keeps the write-ahead log
   * short from a thread of its own (SQLite); null where the engine needs none. `pause` turns the writing
   * connection's own checkpoints off while it runs.
   */
  readonly largeWriteCheckpointer: (() => LargeWriteCheckpointer) | null;
  /**
   * How an import's stage (a scratch SQLite file of prepared instances) reaches the database: attached to the
   * import's connection and copied in one statement per batch (SQLite), or read back and written in batches.
   */
  readonly stageCopy: "attach" | "stream";
}
