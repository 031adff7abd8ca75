-- Failed sign-ins in the database, so the sign-in limit holds across server processes.
-- CreateTable
CREATE TABLE "SignInFailure" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "SignInFailure_key_at_idx" ON "SignInFailure"("key", "at");
