-- The identifiers each selection picks as columns (the list's sort keys), indexed; filled from the stored
-- selection counts, or from the identifiers of instances analysed before those were stored. Columns are
-- added (not the table redefined), so the search index's triggers on "Instance" stay.
ALTER TABLE "Instance" ADD COLUMN "countDefuse" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Instance" ADD COLUMN "countDoc2feat" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Instance" ADD COLUMN "countFea" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Instance" ADD COLUMN "countPro" INTEGER NOT NULL DEFAULT 0;
UPDATE "Instance" SET
  "countDefuse" = COALESCE(json_extract("selectionCounts", '$.defuse'), 0),
  "countDoc2feat" = COALESCE(json_extract("selectionCounts", '$.doc2feat'), 0),
  "countFea" = COALESCE(json_extract("selectionCounts", '$.fea'), 0),
  "countPro" = COALESCE(json_extract("selectionCounts", '$.pro'), 0)
  WHERE "selectionCounts" IS NOT NULL;
UPDATE "Instance" SET
  "countDefuse" = (SELECT COUNT(*) FROM "Identifier" x, json_each(x."policies") p WHERE x."instanceId" = "Instance"."id" AND p.value = 'defuse'),
  "countDoc2feat" = (SELECT COUNT(*) FROM "Identifier" x, json_each(x."policies") p WHERE x."instanceId" = "Instance"."id" AND p.value = 'doc2feat'),
  "countFea" = (SELECT COUNT(*) FROM "Identifier" x, json_each(x."policies") p WHERE x."instanceId" = "Instance"."id" AND p.value = 'fea'),
  "countPro" = (SELECT COUNT(*) FROM "Identifier" x, json_each(x."policies") p WHERE x."instanceId" = "Instance"."id" AND p.value = 'pro')
  WHERE "selectionCounts" IS NULL;
DROP INDEX "Instance_list_idx";
CREATE INDEX "Instance_list_idx" ON "Instance"("externalId", "repo", "language", "benchmarkId", "hintSource", "leakCount", "countDefuse", "countDoc2feat", "countFea", "countPro", "id");
CREATE INDEX "Instance_countDefuse_id_idx" ON "Instance"("countDefuse", "id");
CREATE INDEX "Instance_countDoc2feat_id_idx" ON "Instance"("countDoc2feat", "id");
CREATE INDEX "Instance_countFea_id_idx" ON "Instance"("countFea", "id");
CREATE INDEX "Instance_countPro_id_idx" ON "Instance"("countPro", "id");
