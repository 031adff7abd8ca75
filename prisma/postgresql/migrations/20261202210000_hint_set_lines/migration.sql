-- A published version's lines as rows (they were one JSONL text): read by instance, counted, compared in SQL.
CREATE TABLE "HintSetLine" (
    "versionId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "instanceId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "line" TEXT NOT NULL,

    CONSTRAINT "HintSetLine_pkey" PRIMARY KEY ("versionId","position")
);

CREATE UNIQUE INDEX "HintSetLine_versionId_instanceId_key" ON "HintSetLine"("versionId", "instanceId");

ALTER TABLE "HintSetLine" ADD CONSTRAINT "HintSetLine_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "HintSetVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each stored text's lines, in order (the empty piece after the last line is left out).
INSERT INTO "HintSetLine" ("versionId", "position", "instanceId", "status", "line")
SELECT v."id", (l."n" - 1)::INTEGER, (l."text"::jsonb) ->> 'instance_id', (l."text"::jsonb) ->> 'status', l."text"
FROM "HintSetVersion" v CROSS JOIN LATERAL regexp_split_to_table(v."lines", E'\n') WITH ORDINALITY AS l("text", "n")
WHERE l."text" <> '';

ALTER TABLE "HintSetVersion" DROP COLUMN "lines";

-- A version's lines are measured on the frontier joined to their instances' basis by benchmark and id.
DROP INDEX "FrontierBasis_benchmarkId_idx";

CREATE INDEX "FrontierBasis_benchmarkId_externalId_idx" ON "FrontierBasis"("benchmarkId", "externalId");
