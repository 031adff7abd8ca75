// A worker thread of the analysis pool (lib/server/analysis/analysis-pool.ts): analyses the instances it is sent.
import { parentPort } from "node:worker_threads";
import type { EvidenceInput } from "../evidence/evidence";
import type { Availability } from "../repository-store/repository-store";
import { type AnalysisRecord, analysisRecord } from "./analysis-record";

export type WorkRequest = { id: number; instance: EvidenceInput; found?: Availability };
export type WorkResponse = { id: number; record: AnalysisRecord } | { id: number; failure: string };

parentPort?.on("message", async ({ id, instance, found }: WorkRequest) => {
  let response: WorkResponse;
  try {
    response = { id, record: await analysisRecord(instance, found) };
  } catch (error) {
    response = { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(response);
});
