// A worker thread of the analysis pool (lib/server/analysis/analysis-pool.ts, on piscina): analyses the
// instance of each task it is handed, and says which thread did.
import { threadId } from "node:worker_threads";
import type { EvidenceInput } from "../evidence/evidence";
import type { Availability } from "../repository-store/repository-store";
import { type AnalysisRecord, analysisRecord } from "./analysis-record";

export type WorkRequest = { instance: EvidenceInput; found?: Availability };
export type WorkAnswer = { record: AnalysisRecord; thread: number };

export default async function analyse({ instance, found }: WorkRequest): Promise<WorkAnswer> {
  return { record: await analysisRecord(instance, found), thread: threadId };
}
