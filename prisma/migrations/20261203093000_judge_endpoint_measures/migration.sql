-- The judge's endpoints: what the endpoint test measured, body parameters as data, a deadline per endpoint;
-- a run's notes on what it found about its endpoint.
ALTER TABLE "JudgeEndpoint" ADD COLUMN "measured" TEXT;
ALTER TABLE "JudgeEndpoint" ADD COLUMN "parameters" TEXT;
ALTER TABLE "JudgeEndpoint" ADD COLUMN "timeoutMs" INTEGER NOT NULL DEFAULT 120000;
ALTER TABLE "JudgeRun" ADD COLUMN "notes" TEXT;
