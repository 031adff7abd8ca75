-- An identifier's selections as rows (IdentifierSelection), instead of a JSON array on the identifier
-- ("policies": ["defuse", "fea", ...]) that every reader parsed. A row names its identifier by instance and
-- position, which the analysis writes once per instance's identifier (now unique; its index replaces the
-- index on instanceId alone).

-- DropIndex
DROP INDEX "Identifier_instanceId_idx";

-- CreateIndex
CREATE UNIQUE INDEX "Identifier_instanceId_position_key" ON "Identifier"("instanceId", "position");

-- CreateTable
CREATE TABLE "IdentifierSelection" (
    "instanceId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "selection" TEXT NOT NULL,

    PRIMARY KEY ("instanceId", "position", "selection"),
    CONSTRAINT "IdentifierSelection_instanceId_position_fkey" FOREIGN KEY ("instanceId", "position") REFERENCES "Identifier" ("instanceId", "position") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Each identifier's stored selections, a row each (a selection named twice in one array, once).
INSERT INTO "IdentifierSelection" ("instanceId", "position", "selection")
SELECT DISTINCT i."instanceId", i."position", j."value"
FROM "Identifier" i, json_each(i."policies") j
WHERE json_valid(i."policies") AND j."type" = 'text';

-- AlterTable
ALTER TABLE "Identifier" DROP COLUMN "policies";
