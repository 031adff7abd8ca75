-- What a comparison of two versions reads of each line (status, hint text, identifiers' names), hashed, and an
-- index that joins two versions by it: a comparison reads the index, and the lines of the instances that changed.
-- Lines stored before have none (null) and are compared by their texts, as before.
ALTER TABLE "HintSetLine" ADD COLUMN "digest" TEXT;
CREATE INDEX "HintSetLine_versionId_instanceId_digest_idx" ON "HintSetLine"("versionId", "instanceId", "digest");
