import type { Engine, SqlPieces } from "./engine";
import { likeContaining } from "./like";
import { counted, writeQueue } from "./write-lock";

/** PostgreSQL's SQL pieces (engine.ts). */
export const POSTGRES_SQL: SqlPieces = {
  dialect: "postgres",
  placeholder: (n) => `$${n}`,
  caseInsensitiveLike: "ILIKE",
  // Byte order, as SQLite sorts, whatever the database's locale.
  byteOrder: ` COLLATE "C"`,
  lockRows: " FOR UPDATE",
  jsonArrayElements: (column, key, alias) =>
    `jsonb_array_elements(COALESCE(${column}::jsonb -> '${key}', '[]'::jsonb)) AS ${alias}`,
  jsonTexts: (column) => `json_agg(${column})::text`,
  // string_agg of the digits, not json_agg: a JSON value per number made it four times slower.
  intList: (column) => `string_agg((${column})::text, ',')`,
  jsonFieldIsFalse: (alias, field) => `(${alias}.value ->> '${field}') = 'false'`,
  // The stored tsvector "searchWords" (GIN-indexed): the words in order, the last a prefix.
  instanceIdsByWords: (words, add) =>
    `SELECT s."id" FROM "Instance" s WHERE s."searchWords" @@ to_tsquery('simple', ${add(`${words.join(" <-> ")}:*`)})`,
  // ILIKE over the names, served by their pg_trgm index ("Identifier_name_trgm_idx").
  instanceIdsByName: (needle, add) =>
    `SELECT x."instanceId" FROM "Identifier" x WHERE x."name" ILIKE ${add(likeContaining(needle))} ESCAPE '\\'`,
};

/** Imports of this process wait for each other (each holds much memory); other writes do not wait for them. */
const queuedImport = writeQueue("importQueue");

/**
 * The PostgreSQL engine: the database keeps concurrent transactions apart, so writes do not queue in the
 * process (a write that must not lose a race guards itself, as recordDecision's version check does); bulk
 * statements go through the transaction's own connection; an import's stage is read back and written.
 */
export const postgresEngine = (): Engine => ({
  sql: POSTGRES_SQL,
  writeTurn: (write) => counted(write()),
  importTurn: queuedImport,
  bulkTarget: (tx) => ({ dialect: "postgres", client: tx }),
  largeWriteCheckpointer: null,
  stageCopy: "stream",
});
