-- The instance list's per-instance figures, stored by the analysis (null until an instance is analysed again).
-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "leakCount" INTEGER,
ADD COLUMN     "selectionCounts" TEXT;

