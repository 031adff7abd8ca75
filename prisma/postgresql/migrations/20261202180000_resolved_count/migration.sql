-- The results that resolved each instance, as a column (the list's Resolved sort key), indexed; counted once
-- here, then recounted per benchmark as results and instances change.
DROP INDEX "Instance_list_idx";
ALTER TABLE "Instance" ADD COLUMN "resolvedCount" INTEGER NOT NULL DEFAULT 0;
UPDATE "Instance" AS i SET "resolvedCount" = (SELECT COALESCE(SUM(CASE WHEN rr."resolved" THEN 1 ELSE 0 END), 0)
    FROM "RunResult" rr JOIN "Run" r ON r."id" = rr."runId"
    WHERE rr."instanceExternalId" = i."externalId" AND r."benchmarkId" = i."benchmarkId");
CREATE INDEX "Instance_list_idx" ON "Instance"("externalId", "repo", "language", "benchmarkId", "hintSource", "leakCount", "countDefuse", "countDoc2feat", "countFea", "countPro", "resolvedCount", "id");
CREATE INDEX "Instance_resolvedCount_id_idx" ON "Instance"("resolvedCount", "id");
