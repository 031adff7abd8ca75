-- An instance's flag count follows its content (hintSource) from AFTER its row is written, not BEFORE (issue
-- 47): PostgreSQL 15 recomputes every stored generated column on an UPDATE of a table with a BEFORE ROW UPDATE
-- trigger, whatever the statement sets, so every write of an instance row (the analysis's, an import's
-- counts) computed "searchWords" (to_tsvector over the issue text) again: 50 rows updated took 36 ms with the
-- BEFORE trigger and 7 ms without it. The count is the same (the flagged hints whose flag holds on the new
-- content), written in the same transaction, and only where it changed; the trigger keeps its name.
-- Beyond what prisma/schema.prisma can describe: the schema test names it (search-index.ts).
DROP TRIGGER "Instance_flag_count_source" ON "Instance";
DROP FUNCTION "instance_flag_count"();
CREATE FUNCTION "instance_flag_count"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "Instance" AS i SET "flagCount" = c."n" FROM (SELECT COUNT(*)::integer AS "n" FROM "Hint" f WHERE f."instanceId" = NEW."id" AND f."status" = 'flagged' AND (f."sourceHash" IS NULL OR f."sourceHash" = NEW."hintSource")) AS c WHERE i."id" = NEW."id" AND i."flagCount" <> c."n"; RETURN NULL; END $$;
CREATE TRIGGER "Instance_flag_count_source" AFTER UPDATE OF "hintSource" ON "Instance" FOR EACH ROW WHEN (OLD."hintSource" IS DISTINCT FROM NEW."hintSource") EXECUTE FUNCTION "instance_flag_count"();
