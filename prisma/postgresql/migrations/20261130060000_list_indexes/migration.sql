-- The list's language facet reads the distinct languages from an index; its scans (search, facets, review
-- status, order) read a covering index instead of the rows, whose patches make every row pages long.
-- CreateIndex
CREATE INDEX "Instance_language_idx" ON "Instance"("language");

-- CreateIndex
CREATE INDEX "Instance_list_idx" ON "Instance"("externalId", "repo", "language", "benchmarkId", "hintSource", "leakCount", "selectionCounts", "id");
