-- Design-constraint verdicts per run and instance (SWE-Shield).
CREATE TABLE "DesignVerdict" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runId" INTEGER NOT NULL,
    "instanceExternalId" TEXT NOT NULL,
    "constraintId" TEXT NOT NULL,
    "verdict" TEXT NOT NULL,
    CONSTRAINT "DesignVerdict_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "DesignVerdict_runId_instanceExternalId_constraintId_key" ON "DesignVerdict"("runId", "instanceExternalId", "constraintId");
