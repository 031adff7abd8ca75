-- The judge runner: endpoints, runs, their calls, and the answer cache.
-- CreateTable
CREATE TABLE "JudgeEndpoint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "apiKey" TEXT,
    "model" TEXT NOT NULL,
    "supportsN" BOOLEAN NOT NULL DEFAULT false,
    "supportsJsonSchema" BOOLEAN NOT NULL DEFAULT false,
    "supportsSeed" BOOLEAN NOT NULL DEFAULT false,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "inputPrice" REAL,
    "outputPrice" REAL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "JudgeRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "endpointId" INTEGER NOT NULL,
    "benchmarkId" INTEGER NOT NULL,
    "selection" TEXT NOT NULL,
    "samples" INTEGER NOT NULL DEFAULT 3,
    "temperature" REAL NOT NULL DEFAULT 1,
    "budget" REAL,
    "state" TEXT NOT NULL,
    "reason" TEXT,
    "templateVersion" TEXT NOT NULL,
    "judge" TEXT NOT NULL,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "cachedTokens" INTEGER NOT NULL DEFAULT 0,
    "reasoningTokens" INTEGER NOT NULL DEFAULT 0,
    "cost" REAL NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "JudgeRun_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "JudgeEndpoint" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeCall" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runId" INTEGER NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "instanceExternalId" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "attribute" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "sample" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "answer" TEXT,
    "raw" TEXT,
    "error" TEXT,
    "verbatim" BOOLEAN,
    "cached" BOOLEAN NOT NULL DEFAULT false,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "cachedTokens" INTEGER NOT NULL DEFAULT 0,
    "reasoningTokens" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "JudgeCall_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JudgeRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeCache" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "content" TEXT NOT NULL,
    "usage" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "JudgeEndpoint_name_key" ON "JudgeEndpoint"("name");

-- CreateIndex
CREATE INDEX "JudgeCall_runId_state_idx" ON "JudgeCall"("runId", "state");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeCall_runId_instanceId_identifier_attribute_kind_sample_key" ON "JudgeCall"("runId", "instanceId", "identifier", "attribute", "kind", "sample");

