-- What the research page reads of each instance, stored with its analysis: its part of the frontier under
-- each selection, the leak channels its evidence shows, and (where anything faces the tests) the basis a hint
-- set's line is measured against.
-- Instances analysed before get theirs from their stored identifiers and evidence when the research figures are
-- next read or a server starts ("researchFacts" = 0). Columns are added (not the table redefined), so the search index's triggers
-- on "Instance" stay.
ALTER TABLE "Instance" ADD COLUMN "researchFacts" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "Instance_researchFacts_idx" ON "Instance"("researchFacts");
-- The count of instances with evidence per benchmark, read from the index alone.
CREATE INDEX "Instance_benchmarkId_leakCount_idx" ON "Instance"("benchmarkId", "leakCount");

CREATE TABLE "SelectionFact" (
    "instanceId" INTEGER NOT NULL,
    "benchmarkId" INTEGER NOT NULL,
    "selection" TEXT NOT NULL,
    "guessworkLeft" REAL NOT NULL,
    "beyondDefuse" INTEGER NOT NULL,
    "transcriptionSum" REAL NOT NULL,
    "transcriptionCount" INTEGER NOT NULL,

    PRIMARY KEY ("instanceId", "selection"),
    CONSTRAINT "SelectionFact_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "SelectionFact_benchmarkId_selection_idx" ON "SelectionFact"("benchmarkId", "selection");

CREATE TABLE "LeakFact" (
    "instanceId" INTEGER NOT NULL,
    "benchmarkId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,

    PRIMARY KEY ("instanceId", "channel"),
    CONSTRAINT "LeakFact_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "LeakFact_benchmarkId_channel_idx" ON "LeakFact"("benchmarkId", "channel");

CREATE TABLE "FrontierBasis" (
    "instanceId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "benchmarkId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "basis" TEXT NOT NULL,
    CONSTRAINT "FrontierBasis_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "FrontierBasis_benchmarkId_idx" ON "FrontierBasis"("benchmarkId");
