-- Instance ids a user picked, kept when they are too many for a link (the list's `pick` filter).
CREATE TABLE "Pick" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "size" INTEGER NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "PickMember" (
    "pickKey" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,

    PRIMARY KEY ("pickKey", "externalId"),
    CONSTRAINT "PickMember_pickKey_fkey" FOREIGN KEY ("pickKey") REFERENCES "Pick" ("key") ON DELETE CASCADE ON UPDATE CASCADE
);
