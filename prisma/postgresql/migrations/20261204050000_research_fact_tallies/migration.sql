-- The frontier's and the leak shares' sums per benchmark, kept beside the research tallies with a count of changes
-- of their own (see the SQLite migration of the same name).
ALTER TABLE "ResearchTally" ADD COLUMN "factChanges" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ResearchTally" ADD COLUMN "factsTalliedAt" INTEGER;
ALTER TABLE "ResearchTally" ADD COLUMN "facts" TEXT;
-- Beyond what prisma/schema.prisma can describe: the schema test names them (search-index.ts).
-- Facts inserted or deleted: once per statement, from its rows (the analysis writes an instance's facts in bulk).
CREATE FUNCTION "fact_research_tally_added"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" IN (SELECT DISTINCT a."benchmarkId" FROM added a); RETURN NULL; END $$;
CREATE FUNCTION "fact_research_tally_removed"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" IN (SELECT DISTINCT a."benchmarkId" FROM removed a); RETURN NULL; END $$;
CREATE FUNCTION "fact_research_tally_changed"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" IN (SELECT DISTINCT a."benchmarkId" FROM removed a UNION SELECT DISTINCT a."benchmarkId" FROM added a); RETURN NULL; END $$;
CREATE TRIGGER "SelectionFact_research_tally_insert" AFTER INSERT ON "SelectionFact" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "fact_research_tally_added"();
CREATE TRIGGER "SelectionFact_research_tally_delete" AFTER DELETE ON "SelectionFact" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "fact_research_tally_removed"();
CREATE TRIGGER "SelectionFact_research_tally_update" AFTER UPDATE ON "SelectionFact" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "fact_research_tally_changed"();
CREATE TRIGGER "LeakFact_research_tally_insert" AFTER INSERT ON "LeakFact" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "fact_research_tally_added"();
CREATE TRIGGER "LeakFact_research_tally_delete" AFTER DELETE ON "LeakFact" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "fact_research_tally_removed"();
CREATE TRIGGER "LeakFact_research_tally_update" AFTER UPDATE ON "LeakFact" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "fact_research_tally_changed"();
CREATE FUNCTION "instance_fact_tally_added"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" IN (SELECT DISTINCT a."benchmarkId" FROM added a WHERE a."leakCount" IS NOT NULL); RETURN NULL; END $$;
CREATE FUNCTION "instance_fact_tally_removed"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" IN (SELECT DISTINCT a."benchmarkId" FROM removed a WHERE a."leakCount" IS NOT NULL); RETURN NULL; END $$;
CREATE TRIGGER "Instance_fact_tally_insert" AFTER INSERT ON "Instance" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "instance_fact_tally_added"();
CREATE TRIGGER "Instance_fact_tally_delete" AFTER DELETE ON "Instance" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "instance_fact_tally_removed"();
-- An instance's evidence computed or dropped (its leak count set or cleared), or the instance moved: AFTER its
-- row is written, as every trigger on "Instance".
CREATE FUNCTION "instance_fact_tally_update"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "ResearchTally" SET "factChanges" = "factChanges" + 1 WHERE "benchmarkId" IN (OLD."benchmarkId", NEW."benchmarkId"); RETURN NULL; END $$;
CREATE TRIGGER "Instance_fact_tally_update" AFTER UPDATE OF "leakCount", "benchmarkId" ON "Instance" FOR EACH ROW WHEN ((OLD."leakCount" IS NULL) IS DISTINCT FROM (NEW."leakCount" IS NULL) OR OLD."benchmarkId" IS DISTINCT FROM NEW."benchmarkId") EXECUTE FUNCTION "instance_fact_tally_update"();
