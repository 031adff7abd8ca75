-- Why an instance was analysed from its hunks (no repository store, no repository, commit not present,
-- fetch failed, patch does not apply); null when exact.
-- AlterTable
ALTER TABLE "Instance" ADD COLUMN "approximateReason" TEXT;
