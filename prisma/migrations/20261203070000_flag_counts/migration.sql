-- Each instance's flagged hints whose flag still holds (made on its content as it is), as a column the list's
-- Flags sort reads by index: counted once here, then kept by triggers on every write of a hint and on every
-- change of the instance's content (hintSource), whatever code writes them.
ALTER TABLE "Instance" ADD COLUMN "flagCount" INTEGER NOT NULL DEFAULT 0;
-- Only instances with a flagged hint are written (every other one holds the default, 0): writing every row of
-- a large corpus (wide rows, many indexes) took a minute on PostgreSQL at 50,000.
UPDATE "Instance" SET "flagCount" = (SELECT COUNT(*) FROM "Hint" f WHERE f."instanceId" = "Instance"."id" AND f."status" = 'flagged' AND (f."sourceHash" IS NULL OR f."sourceHash" = "Instance"."hintSource")) WHERE "id" IN (SELECT "instanceId" FROM "Hint" WHERE "status" = 'flagged');
CREATE INDEX "Instance_flagCount_id_idx" ON "Instance"("flagCount", "id");
-- Beyond what prisma/schema.prisma can describe: the schema test names them (search-index.ts).
CREATE TRIGGER "Hint_flag_count_insert" AFTER INSERT ON "Hint" WHEN new."status" = 'flagged' BEGIN UPDATE "Instance" SET "flagCount" = "flagCount" + 1 WHERE "id" = new."instanceId" AND (new."sourceHash" IS NULL OR new."sourceHash" = "hintSource"); END;
CREATE TRIGGER "Hint_flag_count_delete" AFTER DELETE ON "Hint" WHEN old."status" = 'flagged' BEGIN UPDATE "Instance" SET "flagCount" = "flagCount" - 1 WHERE "id" = old."instanceId" AND (old."sourceHash" IS NULL OR old."sourceHash" = "hintSource"); END;
CREATE TRIGGER "Hint_flag_count_update" AFTER UPDATE OF "status", "sourceHash", "instanceId" ON "Hint" WHEN old."status" = 'flagged' OR new."status" = 'flagged' BEGIN UPDATE "Instance" SET "flagCount" = "flagCount" - 1 WHERE "id" = old."instanceId" AND old."status" = 'flagged' AND (old."sourceHash" IS NULL OR old."sourceHash" = "hintSource"); UPDATE "Instance" SET "flagCount" = "flagCount" + 1 WHERE "id" = new."instanceId" AND new."status" = 'flagged' AND (new."sourceHash" IS NULL OR new."sourceHash" = "hintSource"); END;
CREATE TRIGGER "Instance_flag_count_source" AFTER UPDATE OF "hintSource" ON "Instance" WHEN old."hintSource" IS NOT new."hintSource" BEGIN UPDATE "Instance" SET "flagCount" = (SELECT COUNT(*) FROM "Hint" f WHERE f."instanceId" = new."id" AND f."status" = 'flagged' AND (f."sourceHash" IS NULL OR f."sourceHash" = new."hintSource")) WHERE "id" = new."id"; END;
