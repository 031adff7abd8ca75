-- The patches runs' agents wrote, per instance (predictions files).
-- CreateTable
CREATE TABLE "AgentPatch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runId" INTEGER NOT NULL,
    "instanceExternalId" TEXT NOT NULL,
    "patch" TEXT NOT NULL,
    CONSTRAINT "AgentPatch_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AgentPatch_instanceExternalId_idx" ON "AgentPatch"("instanceExternalId");

-- CreateIndex
CREATE UNIQUE INDEX "AgentPatch_runId_instanceExternalId_key" ON "AgentPatch"("runId", "instanceExternalId");
