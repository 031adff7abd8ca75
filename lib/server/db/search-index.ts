import type { SqlDialect } from "./database-url";

/** SQLite's FTS5 table of the issue texts (its shadow tables are named after it: `InstanceSearch_data`, …). */
export const SEARCH_INDEX_TABLE = "InstanceSearch";

/** What the migration makes that prisma/schema.prisma cannot describe (the schema test expects exactly these). */
export const SEARCH_OBJECTS: Record<SqlDialect, readonly string[]> = {
  sqlite: [SEARCH_INDEX_TABLE, "Instance_search_insert", "Instance_search_delete", "Instance_search_update"],
  postgres: ["Instance.searchWords", "Instance_search_idx", "Identifier_name_trgm_idx"],
};
