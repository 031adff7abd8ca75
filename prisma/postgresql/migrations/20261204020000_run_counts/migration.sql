-- Each run's results, those resolved, and those whose id is an instance of its benchmark, counted once here and
-- then kept by triggers on every write of a run, a result, an instance and a run's benchmark, whatever code
-- writes them: the benchmark page reads these instead of every instance id and every run's outcomes (issue 47:
-- its server time grew 2.7× from 10,000 to 50,000 instances). A narrow table, as on SQLite.
CREATE TABLE "RunCount" (
    "runId" INTEGER NOT NULL,
    "resultCount" INTEGER NOT NULL DEFAULT 0,
    "resolvedResults" INTEGER NOT NULL DEFAULT 0,
    "matchedResults" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "RunCount_pkey" PRIMARY KEY ("runId")
);
ALTER TABLE "RunCount" ADD CONSTRAINT "RunCount_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
INSERT INTO "RunCount" ("runId", "resultCount", "resolvedResults", "matchedResults")
SELECT r."id",
  (SELECT COUNT(*) FROM "RunResult" rr WHERE rr."runId" = r."id"),
  (SELECT COUNT(*) FROM "RunResult" rr WHERE rr."runId" = r."id" AND rr."resolved"),
  (SELECT COUNT(*) FROM "RunResult" rr JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = rr."instanceExternalId" WHERE rr."runId" = r."id")
FROM "Run" r;
CREATE FUNCTION "run_counts_row"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO "RunCount" ("runId") VALUES (NEW."id"); RETURN NULL; END $$;
CREATE TRIGGER "Run_counts_row" AFTER INSERT ON "Run" FOR EACH ROW EXECUTE FUNCTION "run_counts_row"();
-- Inserts and deletes counted once per statement, from its rows (a transition table): a row trigger would write
-- the run's count once per result, and an import of 50,000 results leave as many row versions.
CREATE FUNCTION "run_result_count_insert"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "RunCount" AS c SET "resultCount" = c."resultCount" + n.c, "resolvedResults" = c."resolvedResults" + n.resolved, "matchedResults" = c."matchedResults" + n.matched FROM (SELECT a."runId", COUNT(*) AS c, COUNT(*) FILTER (WHERE a."resolved") AS resolved, COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM "Run" x JOIN "Instance" i ON i."benchmarkId" = x."benchmarkId" AND i."externalId" = a."instanceExternalId" WHERE x."id" = a."runId")) AS matched FROM added a GROUP BY a."runId") AS n WHERE c."runId" = n."runId"; RETURN NULL; END $$;
CREATE TRIGGER "RunResult_count_insert" AFTER INSERT ON "RunResult" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "run_result_count_insert"();
CREATE FUNCTION "run_result_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "RunCount" AS c SET "resultCount" = c."resultCount" - n.c, "resolvedResults" = c."resolvedResults" - n.resolved, "matchedResults" = c."matchedResults" - n.matched FROM (SELECT a."runId", COUNT(*) AS c, COUNT(*) FILTER (WHERE a."resolved") AS resolved, COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM "Run" x JOIN "Instance" i ON i."benchmarkId" = x."benchmarkId" AND i."externalId" = a."instanceExternalId" WHERE x."id" = a."runId")) AS matched FROM removed a GROUP BY a."runId") AS n WHERE c."runId" = n."runId"; RETURN NULL; END $$;
CREATE TRIGGER "RunResult_count_delete" AFTER DELETE ON "RunResult" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "run_result_count_delete"();
-- A result changed in place (an import's newer row): its old part taken away, its new one added.
CREATE FUNCTION "run_result_count_update"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "RunCount" AS c SET "resultCount" = c."resultCount" - 1, "resolvedResults" = c."resolvedResults" - (CASE WHEN OLD."resolved" THEN 1 ELSE 0 END), "matchedResults" = c."matchedResults" - (CASE WHEN EXISTS (SELECT 1 FROM "Run" x JOIN "Instance" i ON i."benchmarkId" = x."benchmarkId" AND i."externalId" = OLD."instanceExternalId" WHERE x."id" = OLD."runId") THEN 1 ELSE 0 END) WHERE c."runId" = OLD."runId"; UPDATE "RunCount" AS c SET "resultCount" = c."resultCount" + 1, "resolvedResults" = c."resolvedResults" + (CASE WHEN NEW."resolved" THEN 1 ELSE 0 END), "matchedResults" = c."matchedResults" + (CASE WHEN EXISTS (SELECT 1 FROM "Run" x JOIN "Instance" i ON i."benchmarkId" = x."benchmarkId" AND i."externalId" = NEW."instanceExternalId" WHERE x."id" = NEW."runId") THEN 1 ELSE 0 END) WHERE c."runId" = NEW."runId"; RETURN NULL; END $$;
CREATE TRIGGER "RunResult_count_update" AFTER UPDATE OF "runId", "instanceExternalId", "resolved" ON "RunResult" FOR EACH ROW WHEN (OLD."runId" IS DISTINCT FROM NEW."runId" OR OLD."instanceExternalId" IS DISTINCT FROM NEW."instanceExternalId" OR OLD."resolved" IS DISTINCT FROM NEW."resolved") EXECUTE FUNCTION "run_result_count_update"();
CREATE FUNCTION "instance_run_count_insert"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "RunCount" AS c SET "matchedResults" = c."matchedResults" + n.c FROM (SELECT rr."runId", COUNT(*) AS c FROM added a JOIN "RunResult" rr ON rr."instanceExternalId" = a."externalId" JOIN "Run" x ON x."id" = rr."runId" AND x."benchmarkId" = a."benchmarkId" GROUP BY rr."runId") AS n WHERE c."runId" = n."runId"; RETURN NULL; END $$;
CREATE TRIGGER "Instance_run_count_insert" AFTER INSERT ON "Instance" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "instance_run_count_insert"();
CREATE FUNCTION "instance_run_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "RunCount" AS c SET "matchedResults" = c."matchedResults" - n.c FROM (SELECT rr."runId", COUNT(*) AS c FROM removed a JOIN "RunResult" rr ON rr."instanceExternalId" = a."externalId" JOIN "Run" x ON x."id" = rr."runId" AND x."benchmarkId" = a."benchmarkId" GROUP BY rr."runId") AS n WHERE c."runId" = n."runId"; RETURN NULL; END $$;
CREATE TRIGGER "Instance_run_count_delete" AFTER DELETE ON "Instance" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "instance_run_count_delete"();
CREATE FUNCTION "instance_run_count_move"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "RunCount" AS c SET "matchedResults" = c."matchedResults" - 1 WHERE c."runId" IN (SELECT x."id" FROM "Run" x JOIN "RunResult" rr ON rr."runId" = x."id" AND rr."instanceExternalId" = OLD."externalId" WHERE x."benchmarkId" = OLD."benchmarkId"); UPDATE "RunCount" AS c SET "matchedResults" = c."matchedResults" + 1 WHERE c."runId" IN (SELECT x."id" FROM "Run" x JOIN "RunResult" rr ON rr."runId" = x."id" AND rr."instanceExternalId" = NEW."externalId" WHERE x."benchmarkId" = NEW."benchmarkId"); RETURN NULL; END $$;
CREATE TRIGGER "Instance_run_count_move" AFTER UPDATE OF "benchmarkId", "externalId" ON "Instance" FOR EACH ROW WHEN (OLD."benchmarkId" IS DISTINCT FROM NEW."benchmarkId" OR OLD."externalId" IS DISTINCT FROM NEW."externalId") EXECUTE FUNCTION "instance_run_count_move"();
CREATE FUNCTION "run_count_move"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "RunCount" AS c SET "matchedResults" = (SELECT COUNT(*) FROM "RunResult" rr JOIN "Instance" i ON i."benchmarkId" = NEW."benchmarkId" AND i."externalId" = rr."instanceExternalId" WHERE rr."runId" = NEW."id") WHERE c."runId" = NEW."id"; RETURN NULL; END $$;
CREATE TRIGGER "Run_count_move" AFTER UPDATE OF "benchmarkId" ON "Run" FOR EACH ROW WHEN (OLD."benchmarkId" IS DISTINCT FROM NEW."benchmarkId") EXECUTE FUNCTION "run_count_move"();
