-- Analysis results on instances, and the identifiers table reshaped for the analysis engine.
-- Written by hand as plain ALTER/CREATE (no table rebuild): a rebuild of "Instance" would cascade-delete
-- the rows that reference it.
ALTER TABLE "Instance" ADD COLUMN "analysisStatus" TEXT NOT NULL DEFAULT 'pending';
ALTER TABLE "Instance" ADD COLUMN "analysisError" TEXT;
ALTER TABLE "Instance" ADD COLUMN "approximate" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Instance" ADD COLUMN "unsupportedFiles" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "Instance" ADD COLUMN "analyzedAt" DATETIME;
CREATE INDEX "Instance_analysisStatus_idx" ON "Instance"("analysisStatus");

-- No release ever wrote identifiers: the old table is empty.
DROP TABLE "Identifier";
CREATE TABLE "Identifier" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "instanceId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "member" TEXT NOT NULL,
    "owner" TEXT,
    "kind" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "newFile" BOOLEAN NOT NULL,
    "signature" TEXT,
    "side" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "policies" TEXT NOT NULL,
    "locations" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "Identifier_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "Identifier_instanceId_idx" ON "Identifier"("instanceId");
