-- What the research page reads of each instance, stored with its analysis: its part of the frontier under
-- each selection, the leak channels its evidence shows, and (where anything faces the tests) the basis a hint
-- set's line is measured against.
-- Instances analysed before get theirs from their stored identifiers and evidence when the research figures are
-- next read or a server starts ("researchFacts" = 0).
ALTER TABLE "Instance" ADD COLUMN "researchFacts" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "Instance_researchFacts_idx" ON "Instance"("researchFacts");
-- The count of instances with evidence per benchmark, read from the index alone.
CREATE INDEX "Instance_benchmarkId_leakCount_idx" ON "Instance"("benchmarkId", "leakCount");

CREATE TABLE "SelectionFact" (
    "instanceId" INTEGER NOT NULL,
    "benchmarkId" INTEGER NOT NULL,
    "selection" TEXT NOT NULL,
    "guessworkLeft" DOUBLE PRECISION NOT NULL,
    "beyondDefuse" INTEGER NOT NULL,
    "transcriptionSum" DOUBLE PRECISION NOT NULL,
    "transcriptionCount" INTEGER NOT NULL,

    CONSTRAINT "SelectionFact_pkey" PRIMARY KEY ("instanceId","selection")
);
CREATE INDEX "SelectionFact_benchmarkId_selection_idx" ON "SelectionFact"("benchmarkId", "selection");
ALTER TABLE "SelectionFact" ADD CONSTRAINT "SelectionFact_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "LeakFact" (
    "instanceId" INTEGER NOT NULL,
    "benchmarkId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,

    CONSTRAINT "LeakFact_pkey" PRIMARY KEY ("instanceId","channel")
);
CREATE INDEX "LeakFact_benchmarkId_channel_idx" ON "LeakFact"("benchmarkId", "channel");
ALTER TABLE "LeakFact" ADD CONSTRAINT "LeakFact_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "FrontierBasis" (
    "instanceId" INTEGER NOT NULL,
    "benchmarkId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "basis" TEXT NOT NULL,

    CONSTRAINT "FrontierBasis_pkey" PRIMARY KEY ("instanceId")
);
CREATE INDEX "FrontierBasis_benchmarkId_idx" ON "FrontierBasis"("benchmarkId");
ALTER TABLE "FrontierBasis" ADD CONSTRAINT "FrontierBasis_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
