-- Each run's results, those resolved, and those whose id is an instance of its benchmark, counted once here and
-- then kept by triggers on every write of a result, of an instance and of a run's benchmark, whatever code
-- writes them: the benchmark page reads these instead of every instance id and every run's outcomes (issue 47:
-- its server time grew 2.7× from 10,000 to 50,000 instances).
ALTER TABLE "Run" ADD COLUMN "resultCount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Run" ADD COLUMN "resolvedResults" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Run" ADD COLUMN "matchedResults" INTEGER NOT NULL DEFAULT 0;
UPDATE "Run" AS r SET
  "resultCount" = (SELECT COUNT(*) FROM "RunResult" rr WHERE rr."runId" = r."id"),
  "resolvedResults" = (SELECT COUNT(*) FROM "RunResult" rr WHERE rr."runId" = r."id" AND rr."resolved"),
  "matchedResults" = (SELECT COUNT(*) FROM "RunResult" rr JOIN "Instance" i ON i."benchmarkId" = r."benchmarkId" AND i."externalId" = rr."instanceExternalId" WHERE rr."runId" = r."id");
-- Inserts and deletes counted once per statement, from its rows (a transition table): a row trigger would write
-- the run's row once per result, and an import of 50,000 results leave as many row versions.
CREATE FUNCTION "run_result_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "Run" AS r SET "resultCount" = r."resultCount" + n.c, "resolvedResults" = r."resolvedResults" + n.resolved, "matchedResults" = r."matchedResults" + n.matched FROM (SELECT a."runId", COUNT(*) AS c, COUNT(*) FILTER (WHERE a."resolved") AS resolved, COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM "Run" x JOIN "Instance" i ON i."benchmarkId" = x."benchmarkId" AND i."externalId" = a."instanceExternalId" WHERE x."id" = a."runId")) AS matched FROM added a GROUP BY a."runId") AS n WHERE r."id" = n."runId"; RETURN NULL; END $$;
CREATE TRIGGER "RunResult_counts_insert" AFTER INSERT ON "RunResult" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "run_result_counts_insert"();
CREATE FUNCTION "run_result_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "Run" AS r SET "resultCount" = r."resultCount" - n.c, "resolvedResults" = r."resolvedResults" - n.resolved, "matchedResults" = r."matchedResults" - n.matched FROM (SELECT a."runId", COUNT(*) AS c, COUNT(*) FILTER (WHERE a."resolved") AS resolved, COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM "Run" x JOIN "Instance" i ON i."benchmarkId" = x."benchmarkId" AND i."externalId" = a."instanceExternalId" WHERE x."id" = a."runId")) AS matched FROM removed a GROUP BY a."runId") AS n WHERE r."id" = n."runId"; RETURN NULL; END $$;
CREATE TRIGGER "RunResult_counts_delete" AFTER DELETE ON "RunResult" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "run_result_counts_delete"();
-- A result changed in place (an import's newer row): its old part taken away, its new one added.
CREATE FUNCTION "run_result_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE "Run" AS r SET "resultCount" = r."resultCount" - 1, "resolvedResults" = r."resolvedResults" - (CASE WHEN OLD."resolved" THEN 1 ELSE 0 END), "matchedResults" = r."matchedResults" - (CASE WHEN EXISTS (SELECT 1 FROM "Instance" i WHERE i."benchmarkId" = r."benchmarkId" AND i."externalId" = OLD."instanceExternalId") THEN 1 ELSE 0 END) WHERE r."id" = OLD."runId";
  UPDATE "Run" AS r SET "resultCount" = r."resultCount" + 1, "resolvedResults" = r."resolvedResults" + (CASE WHEN NEW."resolved" THEN 1 ELSE 0 END), "matchedResults" = r."matchedResults" + (CASE WHEN EXISTS (SELECT 1 FROM "Instance" i WHERE i."benchmarkId" = r."benchmarkId" AND i."externalId" = NEW."instanceExternalId") THEN 1 ELSE 0 END) WHERE r."id" = NEW."runId";
  RETURN NULL; END $$;
CREATE TRIGGER "RunResult_counts_update" AFTER UPDATE OF "runId", "instanceExternalId", "resolved" ON "RunResult" FOR EACH ROW WHEN (OLD."runId" IS DISTINCT FROM NEW."runId" OR OLD."instanceExternalId" IS DISTINCT FROM NEW."instanceExternalId" OR OLD."resolved" IS DISTINCT FROM NEW."resolved") EXECUTE FUNCTION "run_result_counts_update"();
CREATE FUNCTION "instance_run_match_insert"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "Run" AS r SET "matchedResults" = r."matchedResults" + n.c FROM (SELECT rr."runId", COUNT(*) AS c FROM added a JOIN "RunResult" rr ON rr."instanceExternalId" = a."externalId" JOIN "Run" x ON x."id" = rr."runId" AND x."benchmarkId" = a."benchmarkId" GROUP BY rr."runId") AS n WHERE r."id" = n."runId"; RETURN NULL; END $$;
CREATE TRIGGER "Instance_run_match_insert" AFTER INSERT ON "Instance" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "instance_run_match_insert"();
CREATE FUNCTION "instance_run_match_delete"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "Run" AS r SET "matchedResults" = r."matchedResults" - n.c FROM (SELECT rr."runId", COUNT(*) AS c FROM removed a JOIN "RunResult" rr ON rr."instanceExternalId" = a."externalId" JOIN "Run" x ON x."id" = rr."runId" AND x."benchmarkId" = a."benchmarkId" GROUP BY rr."runId") AS n WHERE r."id" = n."runId"; RETURN NULL; END $$;
CREATE TRIGGER "Instance_run_match_delete" AFTER DELETE ON "Instance" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "instance_run_match_delete"();
CREATE FUNCTION "instance_run_match_move"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE "Run" AS r SET "matchedResults" = r."matchedResults" - 1 WHERE r."benchmarkId" = OLD."benchmarkId" AND EXISTS (SELECT 1 FROM "RunResult" rr WHERE rr."runId" = r."id" AND rr."instanceExternalId" = OLD."externalId");
  UPDATE "Run" AS r SET "matchedResults" = r."matchedResults" + 1 WHERE r."benchmarkId" = NEW."benchmarkId" AND EXISTS (SELECT 1 FROM "RunResult" rr WHERE rr."runId" = r."id" AND rr."instanceExternalId" = NEW."externalId");
  RETURN NULL; END $$;
CREATE TRIGGER "Instance_run_match_move" AFTER UPDATE OF "benchmarkId", "externalId" ON "Instance" FOR EACH ROW WHEN (OLD."benchmarkId" IS DISTINCT FROM NEW."benchmarkId" OR OLD."externalId" IS DISTINCT FROM NEW."externalId") EXECUTE FUNCTION "instance_run_match_move"();
CREATE FUNCTION "run_match_move"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "Run" AS r SET "matchedResults" = (SELECT COUNT(*) FROM "RunResult" rr JOIN "Instance" i ON i."benchmarkId" = NEW."benchmarkId" AND i."externalId" = rr."instanceExternalId" WHERE rr."runId" = NEW."id") WHERE r."id" = NEW."id"; RETURN NULL; END $$;
CREATE TRIGGER "Run_match_move" AFTER UPDATE OF "benchmarkId" ON "Run" FOR EACH ROW WHEN (OLD."benchmarkId" IS DISTINCT FROM NEW."benchmarkId") EXECUTE FUNCTION "run_match_move"();
