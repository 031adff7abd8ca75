-- Observed guesswork stored per agent patch, for the list's facet.
-- AlterTable
ALTER TABLE "AgentPatch" ADD COLUMN "namedDifferently" INTEGER;
ALTER TABLE "AgentPatch" ADD COLUMN "observedSource" TEXT;

