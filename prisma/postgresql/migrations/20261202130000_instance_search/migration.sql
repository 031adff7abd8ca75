-- Search over an instance's issue text: its words (letters and digits; `_`, `.` and every other sign separate
-- words, as on SQLite) over the first 100,000 characters (a tsvector holds at most 1 MB), kept in a generated
-- column (a phrase's matches are checked against the stored words, not recomputed from the text) with a GIN
-- index. Beyond what prisma/schema.prisma can describe: the schema test names both (instance-search.ts).
ALTER TABLE "Instance" ADD COLUMN "searchWords" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(left("problemStatement", 100000), '[^[:alnum:]]+', ' ', 'g'))) STORED;
CREATE INDEX "Instance_search_idx" ON "Instance" USING GIN ("searchWords");
-- Any part of an identifier's name (`parsable` in `get_best_parsable_locale`): trigrams (pg_trgm, a trusted
-- extension shipped with PostgreSQL) let ILIKE '%…%' use an index instead of reading every name.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Identifier_name_trgm_idx" ON "Identifier" USING GIN ("name" gin_trgm_ops);
