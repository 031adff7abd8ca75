-- Search over any part of an identifier's name (`parsable` in `get_best_parsable_locale`): an FTS5 index of
-- the names' trigrams, case-folded, kept by triggers (a LIKE over every name read the whole table on each
-- keystroke: 0.1 s at 50,000 instances). PostgreSQL's counterpart is the pg_trgm index of 20261202130000.
-- Beyond what prisma/schema.prisma can describe: the schema test names these objects (search-index.ts).
CREATE VIRTUAL TABLE "IdentifierNameSearch" USING fts5("name", content='Identifier', content_rowid='id', tokenize='trigram');
CREATE TRIGGER "Identifier_name_search_insert" AFTER INSERT ON "Identifier" BEGIN INSERT INTO "IdentifierNameSearch" (rowid, "name") VALUES (new."id", new."name"); END;
CREATE TRIGGER "Identifier_name_search_delete" AFTER DELETE ON "Identifier" BEGIN INSERT INTO "IdentifierNameSearch" ("IdentifierNameSearch", rowid, "name") VALUES ('delete', old."id", old."name"); END;
CREATE TRIGGER "Identifier_name_search_update" AFTER UPDATE OF "name" ON "Identifier" BEGIN INSERT INTO "IdentifierNameSearch" ("IdentifierNameSearch", rowid, "name") VALUES ('delete', old."id", old."name"); INSERT INTO "IdentifierNameSearch" (rowid, "name") VALUES (new."id", new."name"); END;
INSERT INTO "IdentifierNameSearch" (rowid, "name") SELECT "id", "name" FROM "Identifier";
