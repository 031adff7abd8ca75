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

/** The characters a trigram index needs of a needle to narrow anything down. */
const TRIGRAM = 3;

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
 * has ILIKE. The issue's words are matched as a phrase, in order and next to each other.
 */
export function searchCondition(needle: string, sql: SqlPieces, add: (value: unknown) => string): string {
  const like = sql.caseInsensitiveLike;
  const text = () => `${add(likeContaining(needle))} ESCAPE '\\'`;
  const words = searchWords(needle);
  // The id and repository: tested on each instance where the needle is too short for a trigram (read from the
  // list's covering index), else a query of ids read by PostgreSQL's trigram indexes of the two. Every other
  // place is a query of ids read by its own index: an OR of conditions on `i` would test every instance.
  const idOrRepo = (column: (name: string) => string) =>
    `${column("externalId")} ${like} ${text()} OR ${column("repo")} ${like} ${text()}`;
  const short = [...needle].length < TRIGRAM;
  // Written in the order the text holds them (SQLite binds by position).
  const tested = short ? `${idOrRepo((name) => `i."${name}"`)} OR ` : "";
  const sources = [
    ...(short ? [] : [`SELECT "id" FROM "Instance" WHERE ${idOrRepo((name) => `"${name}"`)}`]),
    `SELECT "id" FROM "Instance" WHERE "benchmarkId" IN (SELECT "id" FROM "Benchmark" WHERE "name" ${like} ${text()})`,
    sql.instanceIdsByName(needle, add),
    ...(words.length > 0 ? [sql.instanceIdsByWords(words, add)] : []),
  ];
  return `(${tested}i."id" IN (${sources.join(" UNION ALL ")}))`;
}
