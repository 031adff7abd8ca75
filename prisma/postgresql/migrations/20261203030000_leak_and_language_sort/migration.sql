-- The instance list sorted by Leaks or by Language, read in its order from an index (and its neighbours found
-- by index look-ups), as the selection counts and Resolved are: each key an expression an index holds (the
-- language in byte order, as the list sorts text). The list reads the stored leak count alone now, so it is
-- filled here for instances analysed before it was stored (from their evidence, as the list computed it).
-- Beyond what prisma/schema.prisma can describe (expression indexes): the schema test names them (search-index.ts).
UPDATE "Instance" SET "leakCount" = jsonb_array_length("evidence"::jsonb -> 'leaks')
WHERE "leakCount" IS NULL AND "evidence" IS NOT NULL AND jsonb_typeof("evidence"::jsonb -> 'leaks') = 'array';
CREATE INDEX "Instance_leaks_id_idx" ON "Instance" ((COALESCE("leakCount", 0)), "id");
CREATE INDEX "Instance_language_id_idx" ON "Instance" ((COALESCE("language", 'unknown')) COLLATE "C", "id");
