-- Named subsets of a benchmark's instances (id lists).
-- CreateTable
CREATE TABLE "SubsetMember" (
    "id" SERIAL NOT NULL,
    "benchmarkId" INTEGER NOT NULL,
    "subset" TEXT NOT NULL,
    "instanceExternalId" TEXT NOT NULL,

    CONSTRAINT "SubsetMember_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SubsetMember_benchmarkId_instanceExternalId_idx" ON "SubsetMember"("benchmarkId", "instanceExternalId");

-- CreateIndex
CREATE UNIQUE INDEX "SubsetMember_benchmarkId_subset_instanceExternalId_key" ON "SubsetMember"("benchmarkId", "subset", "instanceExternalId");

