-- Descriptions a model wrote for identifiers the benchmark does not describe.
-- CreateTable
CREATE TABLE "ModelDescription" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "behaviour" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelDescription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ModelDescription_instanceId_identifier_path_key" ON "ModelDescription"("instanceId", "identifier", "path");

-- AddForeignKey
ALTER TABLE "ModelDescription" ADD CONSTRAINT "ModelDescription_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

