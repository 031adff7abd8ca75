-- A run's stored outcomes (Run.outcomes) are now kept in instance id order, so the research page reads them
-- over each benchmark's numbered instances by one merge. Texts stored before are made again, sorted, the
-- next time they are read (from the result rows, which are untouched).
UPDATE "Run" SET "outcomes" = NULL;
