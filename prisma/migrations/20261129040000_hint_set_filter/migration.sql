-- A hint set may cover a saved instance-list view instead of a whole benchmark.
ALTER TABLE "HintSet" ADD COLUMN "filter" TEXT;
