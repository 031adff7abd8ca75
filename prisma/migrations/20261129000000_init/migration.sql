-- CreateTable
CREATE TABLE "Benchmark" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Instance" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "benchmarkId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "repo" TEXT NOT NULL,
    "baseCommit" TEXT NOT NULL,
    "language" TEXT,
    "problemStatement" TEXT NOT NULL,
    "goldPatch" TEXT NOT NULL,
    "testPatch" TEXT NOT NULL,
    "failToPass" TEXT NOT NULL,
    "passToPass" TEXT NOT NULL,
    "requirements" TEXT,
    "interfaceText" TEXT,
    "hintsText" TEXT,
    "sourceCreatedAt" TEXT,
    "sourceVersion" TEXT,
    "sourceFormat" TEXT NOT NULL,
    "original" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "importedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Instance_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Run" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "benchmarkId" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "selection" TEXT NOT NULL,
    "projection" TEXT NOT NULL,
    "source" TEXT,
    "summary" TEXT,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Run_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RunResult" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runId" INTEGER NOT NULL,
    "instanceExternalId" TEXT NOT NULL,
    "resolved" BOOLEAN NOT NULL,
    "status" TEXT,
    "patchApplied" BOOLEAN,
    CONSTRAINT "RunResult_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Identifier" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "instanceId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "newFile" BOOLEAN NOT NULL,
    "signature" TEXT,
    "side" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "policies" TEXT NOT NULL,
    "locations" TEXT NOT NULL,
    "description" TEXT,
    CONSTRAINT "Identifier_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeScore" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "benchmarkId" INTEGER NOT NULL,
    "instanceExternalId" TEXT NOT NULL,
    "instanceId" INTEGER,
    "selection" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "attribute" TEXT NOT NULL,
    "judge" TEXT NOT NULL,
    "sample" INTEGER NOT NULL,
    "necessity" INTEGER NOT NULL,
    "disclosure" INTEGER NOT NULL,
    "guidance" INTEGER NOT NULL,
    "detail" TEXT,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "JudgeScore_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CuratorScore" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "instanceId" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "attribute" TEXT NOT NULL,
    "curator" TEXT NOT NULL,
    "necessity" INTEGER NOT NULL,
    "disclosure" INTEGER NOT NULL,
    "guidance" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CuratorScore_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Hint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "instanceId" INTEGER NOT NULL,
    "selection" TEXT NOT NULL,
    "projection" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "trimmed" TEXT,
    "flagReason" TEXT,
    "note" TEXT,
    "renderedText" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Hint_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Decision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "hintId" INTEGER NOT NULL,
    "curator" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "before" TEXT NOT NULL,
    "after" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Decision_hintId_fkey" FOREIGN KEY ("hintId") REFERENCES "Hint" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ImportLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "file" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "benchmark" TEXT,
    "added" INTEGER NOT NULL,
    "updated" INTEGER NOT NULL,
    "unchanged" INTEGER NOT NULL,
    "unmatched" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "Benchmark_name_key" ON "Benchmark"("name");

-- CreateIndex
CREATE INDEX "Instance_repo_idx" ON "Instance"("repo");

-- CreateIndex
CREATE UNIQUE INDEX "Instance_benchmarkId_externalId_key" ON "Instance"("benchmarkId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Run_benchmarkId_model_selection_projection_key" ON "Run"("benchmarkId", "model", "selection", "projection");

-- CreateIndex
CREATE INDEX "RunResult_instanceExternalId_idx" ON "RunResult"("instanceExternalId");

-- CreateIndex
CREATE UNIQUE INDEX "RunResult_runId_instanceExternalId_key" ON "RunResult"("runId", "instanceExternalId");

-- CreateIndex
CREATE INDEX "Identifier_instanceId_idx" ON "Identifier"("instanceId");

-- CreateIndex
CREATE INDEX "JudgeScore_instanceId_idx" ON "JudgeScore"("instanceId");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeScore_benchmarkId_instanceExternalId_selection_identifier_attribute_judge_sample_key" ON "JudgeScore"("benchmarkId", "instanceExternalId", "selection", "identifier", "attribute", "judge", "sample");

-- CreateIndex
CREATE UNIQUE INDEX "CuratorScore_instanceId_identifier_attribute_curator_key" ON "CuratorScore"("instanceId", "identifier", "attribute", "curator");

-- CreateIndex
CREATE UNIQUE INDEX "Hint_instanceId_selection_projection_key" ON "Hint"("instanceId", "selection", "projection");

-- CreateIndex
CREATE INDEX "Decision_hintId_idx" ON "Decision"("hintId");

