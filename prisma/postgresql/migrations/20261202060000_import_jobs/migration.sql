-- Upload import jobs as rows every server process reads (state, progress, runner, heartbeat, result).
-- CreateTable
CREATE TABLE "ImportJob" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "records" INTEGER NOT NULL DEFAULT 0,
    "analysed" INTEGER NOT NULL DEFAULT 0,
    "fetching" TEXT,
    "runner" TEXT NOT NULL,
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "summary" TEXT,
    "analysis" TEXT,
    "errors" TEXT,
    "fields" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ImportJob_state_idx" ON "ImportJob"("state");
