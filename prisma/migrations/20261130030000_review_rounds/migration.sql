-- Review rounds: several curators per hint, their decisions, adjudications; a published version names its round.
-- AlterTable
ALTER TABLE "HintSetVersion" ADD COLUMN "review" TEXT;

-- CreateTable
CREATE TABLE "ReviewRound" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "hintSetId" INTEGER NOT NULL,
    "curatorsPerHint" INTEGER NOT NULL,
    "curators" TEXT NOT NULL,
    "blind" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'open',
    "publishedVersion" INTEGER,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReviewRound_hintSetId_fkey" FOREIGN KEY ("hintSetId") REFERENCES "HintSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RoundAssignment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "roundId" INTEGER NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "curator" TEXT NOT NULL,
    "action" TEXT,
    "flagReason" TEXT,
    "note" TEXT,
    "trimmed" TEXT,
    "sourceHash" TEXT,
    "decidedAt" DATETIME,
    CONSTRAINT "RoundAssignment_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "ReviewRound" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RoundAssignment_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RoundAdjudication" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "roundId" INTEGER NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "adjudicator" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "flagReason" TEXT,
    "note" TEXT,
    "trimmed" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RoundAdjudication_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "ReviewRound" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ReviewRound_name_key" ON "ReviewRound"("name");

-- CreateIndex
CREATE INDEX "RoundAssignment_roundId_curator_idx" ON "RoundAssignment"("roundId", "curator");

-- CreateIndex
CREATE UNIQUE INDEX "RoundAssignment_roundId_instanceId_curator_key" ON "RoundAssignment"("roundId", "instanceId", "curator");

-- CreateIndex
CREATE UNIQUE INDEX "RoundAdjudication_roundId_instanceId_key" ON "RoundAdjudication"("roundId", "instanceId");

