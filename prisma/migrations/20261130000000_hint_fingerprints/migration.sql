-- Decisions bound to what was decided: the instance's hint source hash, and the fingerprint and text each
-- decision was made on. Existing rows get their values from the application on first open (a SHA-256 is
-- not computable in SQLite), which treats decisions made before this migration as made on today's content.
ALTER TABLE "Instance" ADD COLUMN "hintSource" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Hint" ADD COLUMN "sourceHash" TEXT;
ALTER TABLE "Hint" ADD COLUMN "fingerprint" TEXT;
ALTER TABLE "Decision" ADD COLUMN "fingerprint" TEXT;
ALTER TABLE "Decision" ADD COLUMN "hintText" TEXT;
CREATE INDEX "Instance_hintSource_idx" ON "Instance"("hintSource");
