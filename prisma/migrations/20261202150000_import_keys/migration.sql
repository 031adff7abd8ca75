-- Imports that can be taken back: each row an import adds carries its key (ImportLog.key).

-- AlterTable
ALTER TABLE "Benchmark" ADD COLUMN "importKey" TEXT;

-- AlterTable
ALTER TABLE "Instance" ADD COLUMN "importKey" TEXT;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN "importKey" TEXT;

-- AlterTable
ALTER TABLE "RunResult" ADD COLUMN "importKey" TEXT;

-- AlterTable
ALTER TABLE "AgentPatch" ADD COLUMN "importKey" TEXT;

-- AlterTable
ALTER TABLE "DesignVerdict" ADD COLUMN "importKey" TEXT;

-- AlterTable
ALTER TABLE "JudgeScore" ADD COLUMN "importKey" TEXT;

-- AlterTable
ALTER TABLE "CuratorScore" ADD COLUMN "importKey" TEXT;

-- AlterTable
ALTER TABLE "ImportLog" ADD COLUMN "key" TEXT;
ALTER TABLE "ImportLog" ADD COLUMN "takenBackAt" DATETIME;
ALTER TABLE "ImportLog" ADD COLUMN "takenBackBy" TEXT;

-- AlterTable
ALTER TABLE "InstanceLabel" ADD COLUMN "importKey" TEXT;

-- CreateIndex
CREATE INDEX "Instance_importKey_idx" ON "Instance"("importKey");

-- CreateIndex
CREATE INDEX "RunResult_importKey_idx" ON "RunResult"("importKey");

-- CreateIndex
CREATE INDEX "AgentPatch_importKey_idx" ON "AgentPatch"("importKey");

-- CreateIndex
CREATE INDEX "JudgeScore_importKey_idx" ON "JudgeScore"("importKey");

-- CreateIndex
CREATE UNIQUE INDEX "ImportLog_key_key" ON "ImportLog"("key");

