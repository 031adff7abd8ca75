-- Evidence a curator can check, computed with the analysis (filled when instances are analysed again).
ALTER TABLE "Instance" ADD COLUMN "evidence" TEXT;
