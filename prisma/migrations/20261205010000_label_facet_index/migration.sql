-- The label facet reads each benchmark's distinct sources, names and values one index look-up each (a skip
-- scan, lib/server/list/list-facets.ts): the index now holds the value too (issue 47: facets that grow with
-- the values, not with the instances). It serves every query the three-column one served.
DROP INDEX "InstanceLabel_benchmarkId_source_name_idx";
CREATE INDEX "InstanceLabel_benchmarkId_source_name_value_idx" ON "InstanceLabel"("benchmarkId", "source", "name", "value");
