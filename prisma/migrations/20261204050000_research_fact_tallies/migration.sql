-- The frontier's and the leak shares' sums per benchmark (what the analysis stores per instance in SelectionFact
-- and LeakFact, and the instances whose evidence was computed), kept beside the research tallies as a text of
-- their own with a count of changes of their own: the analysis's writes leave the runs' tallies current. Made by
-- the same fill (lib/server/runs/research-tallies.ts); read only while "factsTalliedAt" equals "factChanges",
-- else summed from the rows as before (issue 47: the frontier's sums were most of the research page at 50,000).
ALTER TABLE "ResearchTally" ADD COLUMN "factChanges" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ResearchTally" ADD COLUMN "factsTalliedAt" INTEGER;
ALTER TABLE "ResearchTally" ADD COLUMN "facts" TEXT;
-- Beyond what prisma/schema.prisma can describe: the schema test names them (search-index.ts).
CREATE TRIGGER "SelectionFact_research_tally_insert" AFTER INSERT ON "SelectionFact" BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" = new."benchmarkId"; END;
CREATE TRIGGER "SelectionFact_research_tally_delete" AFTER DELETE ON "SelectionFact" BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" = old."benchmarkId"; END;
CREATE TRIGGER "SelectionFact_research_tally_update" AFTER UPDATE ON "SelectionFact" BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" IN (old."benchmarkId", new."benchmarkId"); END;
CREATE TRIGGER "LeakFact_research_tally_insert" AFTER INSERT ON "LeakFact" BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" = new."benchmarkId"; END;
CREATE TRIGGER "LeakFact_research_tally_delete" AFTER DELETE ON "LeakFact" BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" = old."benchmarkId"; END;
CREATE TRIGGER "LeakFact_research_tally_update" AFTER UPDATE ON "LeakFact" BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" IN (old."benchmarkId", new."benchmarkId"); END;
CREATE TRIGGER "Instance_fact_tally_insert" AFTER INSERT ON "Instance" WHEN new."leakCount" IS NOT NULL BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" = new."benchmarkId"; END;
CREATE TRIGGER "Instance_fact_tally_delete" AFTER DELETE ON "Instance" WHEN old."leakCount" IS NOT NULL BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" = old."benchmarkId"; END;
CREATE TRIGGER "Instance_fact_tally_update" AFTER UPDATE OF "leakCount", "benchmarkId" ON "Instance" WHEN (old."leakCount" IS NULL) IS NOT (new."leakCount" IS NULL) OR old."benchmarkId" IS NOT new."benchmarkId" BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" IN (old."benchmarkId", new."benchmarkId"); END;
