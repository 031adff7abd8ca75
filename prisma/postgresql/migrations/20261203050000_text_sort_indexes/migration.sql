-- The list sorted by id or repository, in byte order as the list sorts text (COLLATE "C"), read in its order
-- from an index, and an instance's neighbours in it found by index look-ups: the database's own collation
-- may differ from "C", and then the list's covering index served neither (j and k read every instance).
-- Beyond what prisma/schema.prisma can describe (a column's collation in an index): the schema test names them (search-index.ts).
CREATE INDEX "Instance_externalId_bytes_id_idx" ON "Instance" ("externalId" COLLATE "C", "id");
CREATE INDEX "Instance_repo_bytes_id_idx" ON "Instance" ("repo" COLLATE "C", "id");
