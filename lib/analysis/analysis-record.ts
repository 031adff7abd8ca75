import type { EvidenceInput } from "../evidence/evidence";
import { instanceEvidence } from "../evidence/instance-evidence";
import { hintSourceHash } from "../hint/fingerprint";
import { countBySelection } from "../hint/vocabulary";
import { analyzeInstance, PatchError } from "./analyze-instance";

/** A stored cell value. */
export type RecordCell = string | number | boolean | null;

/**
 * What the analysis of one instance stores, ready for the database: identifier rows (all columns but the
 * instance id, in IDENTIFIER_COLUMNS order), the instance's flags and its evidence as JSON. Made where the
 * analysis runs (a worker thread, or the process), so the writer only writes.
 */
export type AnalysisRecord = (
  | {
      identifiers: RecordCell[][];
      approximate: boolean;
      unsupportedFiles: string;
      evidence: string;
      /** identifiers per selection, as JSON: what the instance list shows */
      selectionCounts: string;
      leakCount: number;
      count: number;
    }
  | { patchError: string }
) & {
  /** what the instance's hints are made from, hashed (lib/hint/fingerprint.ts): hashed here, off the writer's thread */
  hintSource: string;
};

export async function analysisRecord(instance: EvidenceInput): Promise<AnalysisRecord> {
  const hintSource = hintSourceHash(instance);
  try {
    const analysis = await analyzeInstance({
      instanceId: instance.externalId,
      goldPatch: instance.goldPatch,
      testPatch: instance.testPatch,
    });
    const evidence = instanceEvidence(instance, analysis.identifiers);
    return {
      identifiers: analysis.identifiers.map((i, position) => [
        i.name,
        i.member,
        i.owner,
        i.kind,
        i.path,
        i.newFile,
        i.signature,
        i.side,
        i.status,
        JSON.stringify(i.policies),
        JSON.stringify({ definedAt: i.definedAt, usedAt: i.usedAt }),
        position,
      ]),
      approximate: analysis.approximate,
      unsupportedFiles: JSON.stringify(analysis.unsupportedFiles),
      evidence: JSON.stringify(evidence),
      selectionCounts: JSON.stringify(countBySelection(analysis.identifiers)),
      leakCount: evidence.leaks.length,
      count: analysis.identifiers.length,
      hintSource,
    };
  } catch (error) {
    if (error instanceof PatchError) return { patchError: error.message, hintSource };
    throw error;
  }
}
