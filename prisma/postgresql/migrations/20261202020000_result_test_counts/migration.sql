-- Per-test outcome counts of a result, where a per-instance harness report gives them.
-- AlterTable
ALTER TABLE "RunResult" ADD COLUMN "testCounts" TEXT;
