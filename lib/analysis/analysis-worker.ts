// A worker thread of the analysis pool (lib/server/analysis-pool.ts): analyses the instances it is sent.
import { parentPort } from "node:worker_threads";
import type { EvidenceInput } from "../evidence/evidence";
import { type AnalysisRecord, analysisRecord } from "./analysis-record";

export type WorkRequest = { id: number; instance: EvidenceInput };
export type WorkResponse = { id: number; record: AnalysisRecord } | { id: number; failure: string };

parentPort?.on("message", async ({ id, instance }: WorkRequest) => {
  let response: WorkResponse;
  try {
    response = { id, record: await analysisRecord(instance) };
  } catch (error) {
    response = { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(response);
});
