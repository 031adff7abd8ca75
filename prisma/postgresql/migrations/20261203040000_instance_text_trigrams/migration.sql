-- The list's search of an instance's id and repository, read from trigram indexes (pg_trgm, as the identifier
-- names are) for a needle of three characters or more, instead of testing every instance's two texts: at
-- 50,000 instances a search for one id took 190 ms, by these indexes 20 ms. SQLite reads the two columns from
-- the list's covering index, which its LIKE tests quickly enough.
-- Beyond what prisma/schema.prisma can describe (GIN trigram indexes): the schema test names them (search-index.ts).
CREATE INDEX "Instance_externalId_trgm_idx" ON "Instance" USING gin ("externalId" gin_trgm_ops);
CREATE INDEX "Instance_repo_trgm_idx" ON "Instance" USING gin ("repo" gin_trgm_ops);
