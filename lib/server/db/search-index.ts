import type { SqlDialect } from "./database-url";

/** SQLite's FTS5 table of the issue texts (its shadow tables are named after it: `InstanceSearch_data`, …). */
export const SEARCH_INDEX_TABLE = "InstanceSearch";

/** SQLite's FTS5 table of identifier names' trigrams (shadow tables `IdentifierNameSearch_data`, …). */
export const NAME_INDEX_TABLE = "IdentifierNameSearch";

/** The expression indexes the instance list's Leaks and Language sorts read (list-sql.ts). */
const SORT_INDEXES = ["Instance_leaks_id_idx", "Instance_language_id_idx"];

/** The triggers that keep each instance's Flags sort key (Instance.flagCount, list-sql.ts). */
export const FLAG_COUNT_TRIGGERS = [
  "Hint_flag_count_insert",
  "Hint_flag_count_delete",
  "Hint_flag_count_update",
  "Instance_flag_count_source",
];

/** The triggers that keep each benchmark's count of instances (Benchmark.instanceCount, review-list.ts). */
export const INSTANCE_COUNT_TRIGGERS = ["Instance_count_insert", "Instance_count_delete", "Instance_count_move"];

/** The triggers that keep each run's counts of results (RunCount; benchmarks.ts). */
export const RUN_COUNT_TRIGGERS = [
  "Run_counts_row",
  "RunResult_count_insert",
  "RunResult_count_delete",
  "RunResult_count_update",
  "Instance_run_count_insert",
  "Instance_run_count_delete",
  "Instance_run_count_update",
  "Run_count_move",
];

/** The triggers that count changes to what a benchmark's research tallies are made from (ResearchTally). */
export const RESEARCH_TALLY_TRIGGERS = [
  "Benchmark_research_tally_row",
  "Run_research_tally_insert",
  "Run_research_tally_delete",
  "Run_research_tally_update",
  "RunResult_research_tally_insert",
  "RunResult_research_tally_delete",
  "RunResult_research_tally_update",
  "Instance_research_tally_insert",
  "Instance_research_tally_delete",
  "Instance_research_tally_update",
  "SelectionFact_research_tally_insert",
  "SelectionFact_research_tally_delete",
  "SelectionFact_research_tally_update",
  "LeakFact_research_tally_insert",
  "LeakFact_research_tally_delete",
  "LeakFact_research_tally_update",
  "Instance_fact_tally_insert",
  "Instance_fact_tally_delete",
  "Instance_fact_tally_update",
];

/**
 * What the migrations make that prisma/schema.prisma cannot describe: the search indexes and the sorts'
 * expression indexes (the schema test expects exactly these).
 */
export const SEARCH_OBJECTS: Record<SqlDialect, readonly string[]> = {
  sqlite: [
    SEARCH_INDEX_TABLE,
    "Instance_search_insert",
    "Instance_search_delete",
    "Instance_search_update",
    NAME_INDEX_TABLE,
    "Identifier_name_search_insert",
    "Identifier_name_search_delete",
    "Identifier_name_search_update",
    ...SORT_INDEXES,
    ...FLAG_COUNT_TRIGGERS,
    ...INSTANCE_COUNT_TRIGGERS,
    ...RUN_COUNT_TRIGGERS,
    ...RESEARCH_TALLY_TRIGGERS,
  ],
  postgres: [
    "Instance.searchWords",
    "Instance_search_idx",
    "Identifier_name_trgm_idx",
    // The search of ids and repositories (instance-search.ts).
    "Instance_externalId_trgm_idx",
    "Instance_repo_trgm_idx",
    // The id and repository sorts in byte order, whatever the database's collation (list-sql.ts).
    "Instance_externalId_bytes_id_idx",
    "Instance_repo_bytes_id_idx",
    ...SORT_INDEXES,
  ],
};
