-- Observed guesswork stored per agent patch, for the list's facet.
-- AlterTable
ALTER TABLE "AgentPatch" ADD COLUMN     "namedDifferently" INTEGER,
ADD COLUMN     "observedSource" TEXT;

