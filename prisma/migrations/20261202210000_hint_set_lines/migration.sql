-- A published version's lines as rows (they were one JSONL text): read by instance, counted, compared in SQL.
CREATE TABLE "HintSetLine" (
    "versionId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "instanceId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "line" TEXT NOT NULL,

    PRIMARY KEY ("versionId", "position"),
    CONSTRAINT "HintSetLine_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "HintSetVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "HintSetLine_versionId_instanceId_key" ON "HintSetLine"("versionId", "instanceId");

-- Each stored text's lines, in order: the lines are JSON objects, so joined by commas they are one JSON array.
INSERT INTO "HintSetLine" ("versionId", "position", "instanceId", "status", "line")
SELECT v."id", CAST(l."key" AS INTEGER), json_extract(l."value", '$.instance_id'), json_extract(l."value", '$.status'), l."value"
FROM "HintSetVersion" v, json_each('[' || replace(rtrim(v."lines", char(10)), char(10), ',') || ']') AS l;

ALTER TABLE "HintSetVersion" DROP COLUMN "lines";

-- A version's lines are measured on the frontier joined to their instances' basis by benchmark and id.
DROP INDEX "FrontierBasis_benchmarkId_idx";

CREATE INDEX "FrontierBasis_benchmarkId_externalId_idx" ON "FrontierBasis"("benchmarkId", "externalId");
