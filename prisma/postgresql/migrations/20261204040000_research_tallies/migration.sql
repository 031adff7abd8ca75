-- What the research page counts, per benchmark, kept as one text made by the write that changes them, read only
-- while "talliedAt" equals "changes" (see the SQLite migration of the same name). Triggers count every change
-- to what they are made from, whatever code writes it. A narrow table of its own.
CREATE TABLE "ResearchTally" (
    "benchmarkId" INTEGER NOT NULL,
    "changes" INTEGER NOT NULL DEFAULT 0,
    "talliedAt" INTEGER,
    "tallies" TEXT,
    CONSTRAINT "ResearchTally_pkey" PRIMARY KEY ("benchmarkId")
);
ALTER TABLE "ResearchTally" ADD CONSTRAINT "ResearchTally_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;
INSERT INTO "ResearchTally" ("benchmarkId", "changes") SELECT "id", 1 FROM "Benchmark";
-- Beyond what prisma/schema.prisma can describe: the schema test names them (search-index.ts).
CREATE FUNCTION "research_tally_row"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO "ResearchTally" ("benchmarkId", "changes") VALUES (NEW."id", 1); RETURN NULL; END $$;
CREATE TRIGGER "Benchmark_research_tally_row" AFTER INSERT ON "Benchmark" FOR EACH ROW EXECUTE FUNCTION "research_tally_row"();
-- A run's own row: one benchmark (two when it moves).
CREATE FUNCTION "run_research_tally"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (CASE WHEN TG_OP = 'INSERT' THEN NEW."benchmarkId" ELSE OLD."benchmarkId" END, CASE WHEN TG_OP = 'DELETE' THEN OLD."benchmarkId" ELSE NEW."benchmarkId" END); RETURN NULL; END $$;
CREATE TRIGGER "Run_research_tally_insert" AFTER INSERT ON "Run" FOR EACH ROW EXECUTE FUNCTION "run_research_tally"();
CREATE TRIGGER "Run_research_tally_delete" AFTER DELETE ON "Run" FOR EACH ROW EXECUTE FUNCTION "run_research_tally"();
CREATE TRIGGER "Run_research_tally_update" AFTER UPDATE OF "benchmarkId", "model" ON "Run" FOR EACH ROW WHEN (OLD."benchmarkId" IS DISTINCT FROM NEW."benchmarkId" OR OLD."model" IS DISTINCT FROM NEW."model") EXECUTE FUNCTION "run_research_tally"();
-- Results and instances inserted or deleted: once per statement, from its rows (a transition table), so an
-- import of 50,000 results writes each benchmark's row once, not 50,000 times.
CREATE FUNCTION "run_result_research_tally_insert"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (SELECT r."benchmarkId" FROM "Run" r WHERE r."id" IN (SELECT DISTINCT a."runId" FROM added a)); RETURN NULL; END $$;
CREATE TRIGGER "RunResult_research_tally_insert" AFTER INSERT ON "RunResult" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "run_result_research_tally_insert"();
CREATE FUNCTION "run_result_research_tally_delete"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (SELECT r."benchmarkId" FROM "Run" r WHERE r."id" IN (SELECT DISTINCT a."runId" FROM removed a)); RETURN NULL; END $$;
CREATE TRIGGER "RunResult_research_tally_delete" AFTER DELETE ON "RunResult" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "run_result_research_tally_delete"();
CREATE FUNCTION "run_result_research_tally_update"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (SELECT r."benchmarkId" FROM "Run" r WHERE r."id" IN (OLD."runId", NEW."runId")); RETURN NULL; END $$;
CREATE TRIGGER "RunResult_research_tally_update" AFTER UPDATE OF "runId", "instanceExternalId", "resolved", "status" ON "RunResult" FOR EACH ROW WHEN (OLD."runId" IS DISTINCT FROM NEW."runId" OR OLD."instanceExternalId" IS DISTINCT FROM NEW."instanceExternalId" OR OLD."resolved" IS DISTINCT FROM NEW."resolved" OR OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "run_result_research_tally_update"();
CREATE FUNCTION "instance_research_tally_insert"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (SELECT DISTINCT a."benchmarkId" FROM added a); RETURN NULL; END $$;
CREATE TRIGGER "Instance_research_tally_insert" AFTER INSERT ON "Instance" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "instance_research_tally_insert"();
CREATE FUNCTION "instance_research_tally_delete"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (SELECT DISTINCT a."benchmarkId" FROM removed a); RETURN NULL; END $$;
CREATE TRIGGER "Instance_research_tally_delete" AFTER DELETE ON "Instance" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "instance_research_tally_delete"();
-- An instance's id or counts changed (the analysis writes its counts): AFTER the row is written, as every trigger
-- on "Instance" (a BEFORE ROW UPDATE trigger makes PostgreSQL compute its generated search words again).
CREATE FUNCTION "instance_research_tally_update"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "changes" = "changes" + 1 WHERE "benchmarkId" IN (OLD."benchmarkId", NEW."benchmarkId"); RETURN NULL; END $$;
CREATE TRIGGER "Instance_research_tally_update" AFTER UPDATE OF "benchmarkId", "externalId", "countDefuse", "countDoc2feat", "countFea", "countPro" ON "Instance" FOR EACH ROW WHEN (OLD."benchmarkId" IS DISTINCT FROM NEW."benchmarkId" OR OLD."externalId" IS DISTINCT FROM NEW."externalId" OR OLD."countDefuse" IS DISTINCT FROM NEW."countDefuse" OR OLD."countDoc2feat" IS DISTINCT FROM NEW."countDoc2feat" OR OLD."countFea" IS DISTINCT FROM NEW."countFea" OR OLD."countPro" IS DISTINCT FROM NEW."countPro") EXECUTE FUNCTION "instance_research_tally_update"();
