import type { SqlPieces } from "../db/engine";
import { likeContaining } from "../db/like";

/*
 * The list's search: an instance's id, repository and benchmark, the names of its identifiers (any part of a
 * name: `parsable` finds `get_best_parsable_locale`, through a trigram index of the names: SQLite's FTS5
 * table IdentifierNameSearch, PostgreSQL's pg_trgm index), and the words of its issue text through a full-text
 * index (SQLite FTS5, PostgreSQL's GIN over a stored tsvector column; both built by the migration
 * 20261202130000_instance_search). Both engines cut the issue into the same words — runs of letters and
 * digits, case folded, accents kept — so a search gives the same instances on either; the last word may be
 * the start of one (`pars` finds `parsable`).
 */

/** How much of an issue's text is indexed (a PostgreSQL tsvector holds at most 1 MB). */
export const SEARCH_TEXT_LIMIT = 100_000;

/** The words of a search as the index cuts text: runs of letters and digits, lower case. */
export function searchWords(needle: string): string[] {
  return needle
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/**
 * The condition on instance `i` that a search asks, with its parameters added through `add` (in the order
 * the text uses them: SQLite binds by position). Case-insensitive: SQLite's LIKE is for ASCII, PostgreSQL
 * has ILIKE. The words are matched as a phrase, in order and next to each other.
 */
export function searchCondition(needle: string, sql: SqlPieces, add: (value: unknown) => string): string {
  const like = sql.caseInsensitiveLike;
  const text = () => `${add(likeContaining(needle))} ESCAPE '\\'`;
  const alternatives = [
    `i."externalId" ${like} ${text()}`,
    `i."repo" ${like} ${text()}`,
    `i."benchmarkId" IN (SELECT "id" FROM "Benchmark" WHERE "name" ${like} ${text()})`,
    sql.identifierNamesMatch(needle, add),
  ];
  const words = searchWords(needle);
  if (words.length > 0) alternatives.push(sql.instanceWordsMatch(words, add));
  return `(${alternatives.join(" OR ")})`;
}
