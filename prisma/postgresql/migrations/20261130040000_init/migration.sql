-- PostgreSQL: the whole schema as of the SQLite migrations up to 20261130030000_review_rounds.
-- CreateTable
CREATE TABLE "Benchmark" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Benchmark_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Instance" (
    "id" SERIAL NOT NULL,
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
    "hintSource" TEXT NOT NULL DEFAULT '',
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "analysisStatus" TEXT NOT NULL DEFAULT 'pending',
    "analysisError" TEXT,
    "approximate" BOOLEAN NOT NULL DEFAULT false,
    "unsupportedFiles" TEXT NOT NULL DEFAULT '[]',
    "evidence" TEXT,
    "analyzedAt" TIMESTAMP(3),
    "importedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Instance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" SERIAL NOT NULL,
    "benchmarkId" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "selection" TEXT NOT NULL,
    "projection" TEXT NOT NULL,
    "source" TEXT,
    "summary" TEXT,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunResult" (
    "id" SERIAL NOT NULL,
    "runId" INTEGER NOT NULL,
    "instanceExternalId" TEXT NOT NULL,
    "resolved" BOOLEAN NOT NULL,
    "status" TEXT,
    "patchApplied" BOOLEAN,

    CONSTRAINT "RunResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DesignVerdict" (
    "id" SERIAL NOT NULL,
    "runId" INTEGER NOT NULL,
    "instanceExternalId" TEXT NOT NULL,
    "constraintId" TEXT NOT NULL,
    "verdict" TEXT NOT NULL,

    CONSTRAINT "DesignVerdict_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Identifier" (
    "id" SERIAL NOT NULL,
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

    CONSTRAINT "Identifier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeScore" (
    "id" SERIAL NOT NULL,
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

    CONSTRAINT "JudgeScore_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CuratorScore" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "attribute" TEXT NOT NULL,
    "curator" TEXT NOT NULL,
    "necessity" INTEGER NOT NULL,
    "disclosure" INTEGER NOT NULL,
    "guidance" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CuratorScore_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Hint" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "selection" TEXT NOT NULL,
    "projection" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "trimmed" TEXT,
    "flagReason" TEXT,
    "note" TEXT,
    "renderedText" TEXT,
    "sourceHash" TEXT,
    "fingerprint" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Hint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Decision" (
    "id" SERIAL NOT NULL,
    "hintId" INTEGER NOT NULL,
    "curator" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "before" TEXT NOT NULL,
    "after" TEXT NOT NULL,
    "fingerprint" TEXT,
    "hintText" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Decision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportLog" (
    "id" SERIAL NOT NULL,
    "file" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "benchmark" TEXT,
    "added" INTEGER NOT NULL,
    "updated" INTEGER NOT NULL,
    "unchanged" INTEGER NOT NULL,
    "unmatched" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HintSet" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "selection" TEXT NOT NULL,
    "projection" TEXT NOT NULL,
    "filter" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HintSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HintSetVersion" (
    "id" SERIAL NOT NULL,
    "hintSetId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "lines" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedBy" TEXT,
    "review" TEXT,

    CONSTRAINT "HintSetVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewRound" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "hintSetId" INTEGER NOT NULL,
    "curatorsPerHint" INTEGER NOT NULL,
    "curators" TEXT NOT NULL,
    "blind" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'open',
    "publishedVersion" INTEGER,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewRound_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoundAssignment" (
    "id" SERIAL NOT NULL,
    "roundId" INTEGER NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "curator" TEXT NOT NULL,
    "action" TEXT,
    "flagReason" TEXT,
    "note" TEXT,
    "trimmed" TEXT,
    "sourceHash" TEXT,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "RoundAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoundAdjudication" (
    "id" SERIAL NOT NULL,
    "roundId" INTEGER NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "adjudicator" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "flagReason" TEXT,
    "note" TEXT,
    "trimmed" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RoundAdjudication_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Benchmark_name_key" ON "Benchmark"("name");

-- CreateIndex
CREATE INDEX "Instance_repo_idx" ON "Instance"("repo");

-- CreateIndex
CREATE INDEX "Instance_analysisStatus_idx" ON "Instance"("analysisStatus");

-- CreateIndex
CREATE INDEX "Instance_hintSource_idx" ON "Instance"("hintSource");

-- CreateIndex
CREATE UNIQUE INDEX "Instance_benchmarkId_externalId_key" ON "Instance"("benchmarkId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Run_benchmarkId_model_selection_projection_key" ON "Run"("benchmarkId", "model", "selection", "projection");

-- CreateIndex
CREATE INDEX "RunResult_instanceExternalId_idx" ON "RunResult"("instanceExternalId");

-- CreateIndex
CREATE UNIQUE INDEX "RunResult_runId_instanceExternalId_key" ON "RunResult"("runId", "instanceExternalId");

-- CreateIndex
CREATE UNIQUE INDEX "DesignVerdict_runId_instanceExternalId_constraintId_key" ON "DesignVerdict"("runId", "instanceExternalId", "constraintId");

-- CreateIndex
CREATE INDEX "Identifier_instanceId_idx" ON "Identifier"("instanceId");

-- CreateIndex
CREATE INDEX "JudgeScore_instanceId_idx" ON "JudgeScore"("instanceId");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeScore_benchmarkId_instanceExternalId_selection_identif_key" ON "JudgeScore"("benchmarkId", "instanceExternalId", "selection", "identifier", "attribute", "judge", "sample");

-- CreateIndex
CREATE UNIQUE INDEX "CuratorScore_instanceId_identifier_attribute_curator_key" ON "CuratorScore"("instanceId", "identifier", "attribute", "curator");

-- CreateIndex
CREATE UNIQUE INDEX "Hint_instanceId_selection_projection_key" ON "Hint"("instanceId", "selection", "projection");

-- CreateIndex
CREATE INDEX "Decision_hintId_idx" ON "Decision"("hintId");

-- CreateIndex
CREATE UNIQUE INDEX "HintSet_name_key" ON "HintSet"("name");

-- CreateIndex
CREATE UNIQUE INDEX "HintSetVersion_hintSetId_version_key" ON "HintSetVersion"("hintSetId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "User_name_key" ON "User"("name");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewRound_name_key" ON "ReviewRound"("name");

-- CreateIndex
CREATE INDEX "RoundAssignment_roundId_curator_idx" ON "RoundAssignment"("roundId", "curator");

-- CreateIndex
CREATE UNIQUE INDEX "RoundAssignment_roundId_instanceId_curator_key" ON "RoundAssignment"("roundId", "instanceId", "curator");

-- CreateIndex
CREATE UNIQUE INDEX "RoundAdjudication_roundId_instanceId_key" ON "RoundAdjudication"("roundId", "instanceId");

-- AddForeignKey
ALTER TABLE "Instance" ADD CONSTRAINT "Instance_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunResult" ADD CONSTRAINT "RunResult_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DesignVerdict" ADD CONSTRAINT "DesignVerdict_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Identifier" ADD CONSTRAINT "Identifier_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeScore" ADD CONSTRAINT "JudgeScore_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CuratorScore" ADD CONSTRAINT "CuratorScore_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Hint" ADD CONSTRAINT "Hint_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decision" ADD CONSTRAINT "Decision_hintId_fkey" FOREIGN KEY ("hintId") REFERENCES "Hint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HintSetVersion" ADD CONSTRAINT "HintSetVersion_hintSetId_fkey" FOREIGN KEY ("hintSetId") REFERENCES "HintSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewRound" ADD CONSTRAINT "ReviewRound_hintSetId_fkey" FOREIGN KEY ("hintSetId") REFERENCES "HintSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundAssignment" ADD CONSTRAINT "RoundAssignment_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "ReviewRound"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundAssignment" ADD CONSTRAINT "RoundAssignment_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundAdjudication" ADD CONSTRAINT "RoundAdjudication_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "ReviewRound"("id") ON DELETE CASCADE ON UPDATE CASCADE;

