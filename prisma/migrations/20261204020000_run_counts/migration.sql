-- Each run's results, those resolved, and those whose id is an instance of its benchmark, counted once here and
-- then kept by triggers on every write of a run, a result, an instance and a run's benchmark, whatever code
-- writes them: the benchmark page reads these instead of every instance id and every run's outcomes (issue 47:
-- its server time grew 2.7× from 10,000 to 50,000 instances). A narrow table of their own: on SQLite a column
-- of "Run" after its outcomes text (one id per instance) is read by walking that text's overflow pages.
CREATE TABLE "RunCount" (
    "runId" INTEGER NOT NULL PRIMARY KEY,
    "resultCount" INTEGER NOT NULL DEFAULT 0,
    "resolvedResults" INTEGER NOT NULL DEFAULT 0,
    "matchedResults" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "RunCount_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "RunCount" ("runId", "resultCount", "resolvedResults", "matchedResults")
SELECT r."id",
  (SELECT COUNT(*) FROM "RunResult" rr WHERE rr."runId" = r."id"),
  (SELECT COUNT(*) FROM "RunResult" rr WHERE rr."runId" = r."id" AND rr."resolved"),
  (SELECT COUNT(*) FROM "RunResult" rr JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = rr."instanceExternalId" WHERE rr."runId" = r."id")
FROM "Run" r;
-- Beyond what prisma/schema.prisma can describe: the schema test names them (search-index.ts).
CREATE TRIGGER "Run_counts_row" AFTER INSERT ON "Run" BEGIN INSERT INTO "RunCount" ("runId") VALUES (new."id"); END;
CREATE TRIGGER "RunResult_count_insert" AFTER INSERT ON "RunResult" BEGIN UPDATE "RunCount" SET "resultCount" = "resultCount" + 1, "resolvedResults" = "resolvedResults" + (CASE WHEN new."resolved" THEN 1 ELSE 0 END), "matchedResults" = "matchedResults" + EXISTS (SELECT 1 FROM "Run" r JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = new."instanceExternalId" WHERE r."id" = new."runId") WHERE "runId" = new."runId"; END;
CREATE TRIGGER "RunResult_count_delete" AFTER DELETE ON "RunResult" BEGIN UPDATE "RunCount" SET "resultCount" = "resultCount" - 1, "resolvedResults" = "resolvedResults" - (CASE WHEN old."resolved" THEN 1 ELSE 0 END), "matchedResults" = "matchedResults" - EXISTS (SELECT 1 FROM "Run" r JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = old."instanceExternalId" WHERE r."id" = old."runId") WHERE "runId" = old."runId"; END;
CREATE TRIGGER "RunResult_count_update" AFTER UPDATE OF "runId", "instanceExternalId", "resolved" ON "RunResult" BEGIN UPDATE "RunCount" SET "resultCount" = "resultCount" - 1, "resolvedResults" = "resolvedResults" - (CASE WHEN old."resolved" THEN 1 ELSE 0 END), "matchedResults" = "matchedResults" - EXISTS (SELECT 1 FROM "Run" r JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = old."instanceExternalId" WHERE r."id" = old."runId") WHERE "runId" = old."runId"; UPDATE "RunCount" SET "resultCount" = "resultCount" + 1, "resolvedResults" = "resolvedResults" + (CASE WHEN new."resolved" THEN 1 ELSE 0 END), "matchedResults" = "matchedResults" + EXISTS (SELECT 1 FROM "Run" r JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = new."instanceExternalId" WHERE r."id" = new."runId") WHERE "runId" = new."runId"; END;
CREATE TRIGGER "Instance_run_count_insert" AFTER INSERT ON "Instance" BEGIN UPDATE "RunCount" SET "matchedResults" = "matchedResults" + 1 WHERE "runId" IN (SELECT r."id" FROM "Run" r JOIN "RunResult" rr ON rr."runId" = r."id" AND rr."instanceExternalId" = new."externalId" WHERE r."benchmarkId" = new."benchmarkId"); END;
CREATE TRIGGER "Instance_run_count_delete" AFTER DELETE ON "Instance" BEGIN UPDATE "RunCount" SET "matchedResults" = "matchedResults" - 1 WHERE "runId" IN (SELECT r."id" FROM "Run" r JOIN "RunResult" rr ON rr."runId" = r."id" AND rr."instanceExternalId" = old."externalId" WHERE r."benchmarkId" = old."benchmarkId"); END;
CREATE TRIGGER "Instance_run_count_update" AFTER UPDATE OF "benchmarkId", "externalId" ON "Instance" BEGIN UPDATE "RunCount" SET "matchedResults" = "matchedResults" - 1 WHERE "runId" IN (SELECT r."id" FROM "Run" r JOIN "RunResult" rr ON rr."runId" = r."id" AND rr."instanceExternalId" = old."externalId" WHERE r."benchmarkId" = old."benchmarkId"); UPDATE "RunCount" SET "matchedResults" = "matchedResults" + 1 WHERE "runId" IN (SELECT r."id" FROM "Run" r JOIN "RunResult" rr ON rr."runId" = r."id" AND rr."instanceExternalId" = new."externalId" WHERE r."benchmarkId" = new."benchmarkId"); END;
CREATE TRIGGER "Run_count_move" AFTER UPDATE OF "benchmarkId" ON "Run" BEGIN UPDATE "RunCount" SET "matchedResults" = (SELECT COUNT(*) FROM "RunResult" rr JOIN "Instance" i ON i."benchmarkId" = new."benchmarkId" AND i."externalId" = rr."instanceExternalId" WHERE rr."runId" = new."id") WHERE "runId" = new."id"; END;
