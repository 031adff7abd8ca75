-- Search over an instance's issue text: an FTS5 index of its words (letters and digits; `_`, `.` and every
-- other sign separate words), over the first 100,000 characters (as on PostgreSQL), kept by triggers.
-- Beyond what prisma/schema.prisma can describe: the schema test names these objects (instance-search.ts).
CREATE VIRTUAL TABLE "InstanceSearch" USING fts5("problemStatement", content='Instance', content_rowid='id', tokenize='unicode61 remove_diacritics 0');
CREATE TRIGGER "Instance_search_insert" AFTER INSERT ON "Instance" BEGIN INSERT INTO "InstanceSearch" (rowid, "problemStatement") VALUES (new."id", substr(new."problemStatement", 1, 100000)); END;
CREATE TRIGGER "Instance_search_delete" AFTER DELETE ON "Instance" BEGIN INSERT INTO "InstanceSearch" ("InstanceSearch", rowid, "problemStatement") VALUES ('delete', old."id", substr(old."problemStatement", 1, 100000)); END;
CREATE TRIGGER "Instance_search_update" AFTER UPDATE OF "problemStatement" ON "Instance" BEGIN INSERT INTO "InstanceSearch" ("InstanceSearch", rowid, "problemStatement") VALUES ('delete', old."id", substr(old."problemStatement", 1, 100000)); INSERT INTO "InstanceSearch" (rowid, "problemStatement") VALUES (new."id", substr(new."problemStatement", 1, 100000)); END;
INSERT INTO "InstanceSearch" (rowid, "problemStatement") SELECT "id", substr("problemStatement", 1, 100000) FROM "Instance";
