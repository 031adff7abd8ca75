import type { SqlQueryable } from "@prisma/driver-adapter-utils";
import type { Engine, SqlPieces } from "./engine";
import { likeContaining } from "./like";
import { startCheckpointer } from "./wal-checkpoint";
import { serialisedWrite } from "./write-lock";

/** SQLite's SQL pieces (engine.ts). */
export const SQLITE_SQL: SqlPieces = {
  dialect: "sqlite",
  placeholder: () => "?",
  caseInsensitiveLike: "LIKE",
  // SQLite compares text by its bytes already (the BINARY collation).
  byteOrder: "",
  lockRows: "",
  jsonArrayElements: (column, key, alias) => `json_each(${column}, '$.${key}') AS ${alias}`,
  jsonTexts: (column) => `json_group_array(${column})`,
  intList: (column) => `group_concat(${column}, ',')`,
  jsonFieldIsFalse: (alias, field) => `json_extract(${alias}.value, '$.${field}') = 0`,
  // The FTS5 table InstanceSearch (external content, kept by triggers): a phrase, its last word a prefix.
  instanceIdsByWords: (words, add) =>
    `SELECT rowid FROM "InstanceSearch" WHERE "InstanceSearch" MATCH ${add(`"${words.join(" ")}"*`)}`,
  // The FTS5 trigram table IdentifierNameSearch (kept by triggers): the needle as one phrase, which matches
  // the names holding it. A needle of fewer than three characters has no trigram: LIKE reads every name.
  instanceIdsByName: (needle, add) =>
    [...needle].length >= 3
      ? `SELECT x."instanceId" FROM "Identifier" x WHERE x."id" IN (SELECT rowid FROM "IdentifierNameSearch" WHERE "IdentifierNameSearch" MATCH ${add(`"${needle.replaceAll('"', '""')}"`)})`
      : `SELECT x."instanceId" FROM "Identifier" x WHERE x."name" LIKE ${add(likeContaining(needle))} ESCAPE '\\'`,
};

/**
 * The SQLite engine of a client on `file`: one writer at a time, so every write of the process queues
 * (write-lock.ts); bulk statements go to the one driver connection Prisma runs the client's transactions on;
 * large writes leave their checkpoints to a worker thread (wal-checkpoint.ts); an import's stage is attached.
 */
export function sqliteEngine(file: string, driver: Promise<SqlQueryable>): Engine {
  return {
    sql: SQLITE_SQL,
    writeTurn: serialisedWrite,
    importTurn: serialisedWrite,
    bulkTarget: () => ({ dialect: "sqlite", driver }),
    largeWriteCheckpointer: () => ({
      checkpointer: startCheckpointer(file),
      pause: (connection) => connection.$queryRawUnsafe("PRAGMA wal_autocheckpoint = 0"),
    }),
    stageCopy: "attach",
  };
}
