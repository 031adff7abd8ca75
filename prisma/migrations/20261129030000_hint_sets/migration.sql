-- CreateTable
CREATE TABLE "HintSet" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "selection" TEXT NOT NULL,
    "projection" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "HintSetVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "hintSetId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "lines" TEXT NOT NULL,
    "publishedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedBy" TEXT,
    CONSTRAINT "HintSetVersion_hintSetId_fkey" FOREIGN KEY ("hintSetId") REFERENCES "HintSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "HintSet_name_key" ON "HintSet"("name");

-- CreateIndex
CREATE UNIQUE INDEX "HintSetVersion_hintSetId_version_key" ON "HintSetVersion"("hintSetId", "version");

