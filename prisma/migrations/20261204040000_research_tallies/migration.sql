-- What the research page counts, per benchmark (each run's rows by status, each pair of runs' 2×2 table, per
-- model the instances all its runs attempted by which resolved them, the identifiers each selection picks:
-- lib/stats/run-tallies.ts), kept as one text made by the write that changes them (lib/server/runs/
-- research-tallies.ts), so the page reads counts, not every instance of every run (issue 47: 6.2× from 10,000
-- to 50,000 instances). Triggers count every change to what they are made from, whatever code writes it: a
-- tally is read only while "talliedAt" equals "changes" (made after the last change), else the page counts
-- from the rows as before. A narrow table of its own.
CREATE TABLE "ResearchTally" (
    "benchmarkId" INTEGER NOT NULL PRIMARY KEY,
    "changes" INTEGER NOT NULL DEFAULT 0,
    "talliedAt" INTEGER,
    "tallies" TEXT,
    CONSTRAINT "ResearchTally_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "ResearchTally" ("benchmarkId", "changes") SELECT "id", 1 FROM "Benchmark";
-- Beyond what prisma/schema.prisma can describe: the schema test names them (search-index.ts).
CREATE TRIGGER "Benchmark_research_tally_row" AFTER INSERT ON "Benchmark" BEGIN INSERT INTO "ResearchTally" ("benchmarkId", "changes") VALUES (new."id", 1); END;
CREATE TRIGGER "Run_research_tally_insert" AFTER INSERT ON "Run" BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" = new."benchmarkId"; END;
CREATE TRIGGER "Run_research_tally_delete" AFTER DELETE ON "Run" BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" = old."benchmarkId"; END;
CREATE TRIGGER "Run_research_tally_update" AFTER UPDATE OF "benchmarkId", "model" ON "Run" BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (old."benchmarkId", new."benchmarkId"); END;
CREATE TRIGGER "RunResult_research_tally_insert" AFTER INSERT ON "RunResult" BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" = (SELECT "benchmarkId" FROM "Run" WHERE "id" = new."runId"); END;
CREATE TRIGGER "RunResult_research_tally_delete" AFTER DELETE ON "RunResult" BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" = (SELECT "benchmarkId" FROM "Run" WHERE "id" = old."runId"); END;
CREATE TRIGGER "RunResult_research_tally_update" AFTER UPDATE OF "runId", "instanceExternalId", "resolved", "status" ON "RunResult" BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (SELECT "benchmarkId" FROM "Run" WHERE "id" IN (old."runId", new."runId")); END;
CREATE TRIGGER "Instance_research_tally_insert" AFTER INSERT ON "Instance" BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" = new."benchmarkId"; END;
CREATE TRIGGER "Instance_research_tally_delete" AFTER DELETE ON "Instance" BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" = old."benchmarkId"; END;
CREATE TRIGGER "Instance_research_tally_update" AFTER UPDATE OF "benchmarkId", "externalId", "countDefuse", "countDoc2feat", "countFea", "countPro" ON "Instance" WHEN old."benchmarkId" IS NOT new."benchmarkId" OR old."externalId" IS NOT new."externalId" OR old."countDefuse" IS NOT new."countDefuse" OR old."countDoc2feat" IS NOT new."countDoc2feat" OR old."countFea" IS NOT new."countFea" OR old."countPro" IS NOT new."countPro" BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (old."benchmarkId", new."benchmarkId"); END;
