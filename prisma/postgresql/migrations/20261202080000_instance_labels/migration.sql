-- Labels the field published about instances (annotations, classifications), with their source.
-- CreateTable
CREATE TABLE "InstanceLabel" (
    "id" SERIAL NOT NULL,
    "benchmarkId" INTEGER NOT NULL,
    "instanceExternalId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "notes" TEXT,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "InstanceLabel_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InstanceLabel_benchmarkId_source_name_idx" ON "InstanceLabel"("benchmarkId", "source", "name");

-- CreateIndex
CREATE UNIQUE INDEX "InstanceLabel_benchmarkId_instanceExternalId_source_name_key" ON "InstanceLabel"("benchmarkId", "instanceExternalId", "source", "name");

