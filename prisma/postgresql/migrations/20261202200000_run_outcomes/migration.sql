-- A run's results as the research page reads them, made from its rows when first read after they change.
ALTER TABLE "Run" ADD COLUMN "outcomes" TEXT;
