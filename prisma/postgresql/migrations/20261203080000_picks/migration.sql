-- Instance ids a user picked, kept when they are too many for a link (the list's `pick` filter).
CREATE TABLE "Pick" (
    "key" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pick_pkey" PRIMARY KEY ("key")
);

CREATE TABLE "PickMember" (
    "pickKey" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,

    CONSTRAINT "PickMember_pkey" PRIMARY KEY ("pickKey", "externalId")
);

ALTER TABLE "PickMember" ADD CONSTRAINT "PickMember_pickKey_fkey" FOREIGN KEY ("pickKey") REFERENCES "Pick"("key") ON DELETE CASCADE ON UPDATE CASCADE;
