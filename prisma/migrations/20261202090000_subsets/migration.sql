-- Named subsets of a benchmark's instances (id lists).
-- CreateTable
CREATE TABLE "SubsetMember" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "benchmarkId" INTEGER NOT NULL,
    "subset" TEXT NOT NULL,
    "instanceExternalId" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "SubsetMember_benchmarkId_instanceExternalId_idx" ON "SubsetMember"("benchmarkId", "instanceExternalId");

-- CreateIndex
CREATE UNIQUE INDEX "SubsetMember_benchmarkId_subset_instanceExternalId_key" ON "SubsetMember"("benchmarkId", "subset", "instanceExternalId");

