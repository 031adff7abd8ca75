-- Failed sign-ins in the database, so the sign-in limit holds across server processes.
-- CreateTable
CREATE TABLE "SignInFailure" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignInFailure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SignInFailure_key_at_idx" ON "SignInFailure"("key", "at");
