-- The identifiers each selection picks as columns (the list's sort keys), indexed; filled from the stored
-- selection counts, or from the identifiers of instances analysed before those were stored.
DROP INDEX "Instance_list_idx";
ALTER TABLE "Instance" ADD COLUMN "countDefuse" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "countDoc2feat" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "countFea" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "countPro" INTEGER NOT NULL DEFAULT 0;
UPDATE "Instance" SET
  "countDefuse" = COALESCE(("selectionCounts"::jsonb ->> 'defuse')::int, 0),
  "countDoc2feat" = COALESCE(("selectionCounts"::jsonb ->> 'doc2feat')::int, 0),
  "countFea" = COALESCE(("selectionCounts"::jsonb ->> 'fea')::int, 0),
  "countPro" = COALESCE(("selectionCounts"::jsonb ->> 'pro')::int, 0)
  WHERE "selectionCounts" IS NOT NULL;
UPDATE "Instance" i SET
  "countDefuse" = (SELECT COUNT(*) FROM "Identifier" x, jsonb_array_elements_text(x."policies"::jsonb) p WHERE x."instanceId" = i."id" AND p.value = 'defuse'),
  "countDoc2feat" = (SELECT COUNT(*) FROM "Identifier" x, jsonb_array_elements_text(x."policies"::jsonb) p WHERE x."instanceId" = i."id" AND p.value = 'doc2feat'),
  "countFea" = (SELECT COUNT(*) FROM "Identifier" x, jsonb_array_elements_text(x."policies"::jsonb) p WHERE x."instanceId" = i."id" AND p.value = 'fea'),
  "countPro" = (SELECT COUNT(*) FROM "Identifier" x, jsonb_array_elements_text(x."policies"::jsonb) p WHERE x."instanceId" = i."id" AND p.value = 'pro')
  WHERE "selectionCounts" IS NULL;
CREATE INDEX "Instance_list_idx" ON "Instance"("externalId", "repo", "language", "benchmarkId", "hintSource", "leakCount", "countDefuse", "countDoc2feat", "countFea", "countPro", "id");
CREATE INDEX "Instance_countDefuse_id_idx" ON "Instance"("countDefuse", "id");
CREATE INDEX "Instance_countDoc2feat_id_idx" ON "Instance"("countDoc2feat", "id");
CREATE INDEX "Instance_countFea_id_idx" ON "Instance"("countFea", "id");
CREATE INDEX "Instance_countPro_id_idx" ON "Instance"("countPro", "id");
