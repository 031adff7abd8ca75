-- Comments on lines of an instance's issue, gold patch or test patch (threads, replies, resolve).

-- CreateTable
CREATE TABLE "LineComment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "instanceId" INTEGER NOT NULL,
    "pane" TEXT NOT NULL,
    "startLine" INTEGER NOT NULL,
    "endLine" INTEGER NOT NULL,
    "quote" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "threadId" INTEGER,
    "roundId" INTEGER,
    "resolvedBy" TEXT,
    "resolvedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LineComment_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LineComment_instanceId_idx" ON "LineComment"("instanceId");

-- CreateIndex
CREATE INDEX "LineComment_threadId_idx" ON "LineComment"("threadId");

