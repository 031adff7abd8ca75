-- Each instance's flagged hints whose flag still holds (made on its content as it is), as a column the list's
-- Flags sort reads by index: counted once here, then kept by triggers on every write of a hint and on every
-- change of the instance's content (hintSource), whatever code writes them. A hint's trigger adds or takes
-- one on the instance's row, read as it is when locked: two transactions flagging hints of one instance at
-- once each add theirs (a recount would read the hints as its statement began, and lose the other's).
ALTER TABLE "Instance" ADD COLUMN "flagCount" INTEGER NOT NULL DEFAULT 0;
-- Only instances with a flagged hint are written (every other one holds the default, 0): writing every row of
-- a large corpus (wide rows, many indexes) took a minute on PostgreSQL at 50,000.
UPDATE "Instance" SET "flagCount" = (SELECT COUNT(*) FROM "Hint" f WHERE f."instanceId" = "Instance"."id" AND f."status" = 'flagged' AND (f."sourceHash" IS NULL OR f."sourceHash" = "Instance"."hintSource")) WHERE "id" IN (SELECT "instanceId" FROM "Hint" WHERE "status" = 'flagged');
CREATE INDEX "Instance_flagCount_id_idx" ON "Instance"("flagCount", "id");
-- Beyond what prisma/schema.prisma can describe: the schema test names them (search-index.ts).
CREATE FUNCTION "hint_flag_count"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'INSERT' AND OLD."status" = 'flagged' THEN UPDATE "Instance" SET "flagCount" = "flagCount" - 1 WHERE "id" = OLD."instanceId" AND (OLD."sourceHash" IS NULL OR OLD."sourceHash" = "hintSource"); END IF; IF TG_OP <> 'DELETE' AND NEW."status" = 'flagged' THEN UPDATE "Instance" SET "flagCount" = "flagCount" + 1 WHERE "id" = NEW."instanceId" AND (NEW."sourceHash" IS NULL OR NEW."sourceHash" = "hintSource"); END IF; RETURN NULL; END $$;
CREATE TRIGGER "Hint_flag_count_insert" AFTER INSERT ON "Hint" FOR EACH ROW WHEN (NEW."status" = 'flagged') EXECUTE FUNCTION "hint_flag_count"();
CREATE TRIGGER "Hint_flag_count_delete" AFTER DELETE ON "Hint" FOR EACH ROW WHEN (OLD."status" = 'flagged') EXECUTE FUNCTION "hint_flag_count"();
CREATE TRIGGER "Hint_flag_count_update" AFTER UPDATE OF "status", "sourceHash", "instanceId" ON "Hint" FOR EACH ROW WHEN (OLD."status" = 'flagged' OR NEW."status" = 'flagged') EXECUTE FUNCTION "hint_flag_count"();
CREATE FUNCTION "instance_flag_count"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW."flagCount" := (SELECT COUNT(*) FROM "Hint" f WHERE f."instanceId" = NEW."id" AND f."status" = 'flagged' AND (f."sourceHash" IS NULL OR f."sourceHash" = NEW."hintSource")); RETURN NEW; END $$;
CREATE TRIGGER "Instance_flag_count_source" BEFORE UPDATE OF "hintSource" ON "Instance" FOR EACH ROW WHEN (OLD."hintSource" IS DISTINCT FROM NEW."hintSource") EXECUTE FUNCTION "instance_flag_count"();
