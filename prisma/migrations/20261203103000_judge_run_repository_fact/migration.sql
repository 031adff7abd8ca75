-- A judge run may leave the measured repository fact out of the N call (the paper's with/without comparison).
ALTER TABLE "JudgeRun" ADD COLUMN "repositoryFact" BOOLEAN NOT NULL DEFAULT true;
