import { PatchError } from "../analysis/analyze-instance";
import { countBySelection } from "../domain/hint-vocabulary";
import type { EvidenceInput } from "../evidence/evidence";
import { instanceEvidence } from "../evidence/instance-evidence";
import { type HintInputs, hintSourceHash } from "../hint/fingerprint";
import type { Availability } from "../repository-store/repository-store";
import { analyzeWithStore } from "../repository-store/store-analysis";
import { type ResearchFacts, researchFacts } from "./research-facts";

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
      /** the selections that pick each identifier: [its position, a selection], a row each */
      selections: Array<[position: number, selection: string]>;
      approximate: boolean;
      /** why the instance was analysed from its hunks; null when exact */
      approximateReason: string | null;
      unsupportedFiles: string;
      evidence: string;
      /** identifiers per selection, as JSON: what the instance list shows */
      selectionCounts: string;
      leakCount: number;
      /** what the research page reads of the instance (research-facts.ts) */
      research: ResearchFacts;
      count: number;
    }
  | { patchError: string }
) & {
  /** what the instance's hints are made from, hashed (lib/hint/fingerprint.ts): hashed here, off the writer's thread */
  hintSource: string;
};

/**
 * Analyses one instance: from whole files where the repository store has its repository at the base
 * commit (`found`, settled by the caller, which fetches), else from its hunks.
 */
export async function analysisRecord(
  // With the descriptions a model wrote for it, where any: they are part of what its hints are made from.
  instance: EvidenceInput & Pick<HintInputs, "modelWritten"> & { repo?: string },
  found: Availability = { exact: false, reason: "no repository store" },
): Promise<AnalysisRecord> {
  try {
    const { analysis, approximateReason, facts } = await analyzeWithStore(
      {
        instanceId: instance.externalId,
        baseCommit: instance.baseCommit,
        goldPatch: instance.goldPatch,
        testPatch: instance.testPatch,
        problemStatement: instance.problemStatement,
        repo: instance.repo,
      },
      found,
    );
    const evidence = instanceEvidence(instance, analysis.identifiers, facts, analysis.literals);
    // Read from whole files or from hunks: a change of mode can change the hints, so it is part of their source.
    const hintSource = hintSourceHash(instance, undefined, found.exact && approximateReason === null);
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
        JSON.stringify({ definedAt: i.definedAt, usedAt: i.usedAt }),
        position,
      ]),
      selections: analysis.identifiers.flatMap((i, position) =>
        [...new Set(i.policies)].map((selection): [number, string] => [position, selection]),
      ),
      approximate: analysis.approximate,
      approximateReason,
      unsupportedFiles: JSON.stringify(analysis.unsupportedFiles),
      evidence: JSON.stringify(evidence),
      selectionCounts: JSON.stringify(countBySelection(analysis.identifiers)),
      leakCount: evidence.leaks.length,
      research: researchFacts(analysis.identifiers, evidence, instance),
      count: analysis.identifiers.length,
      hintSource,
    };
  } catch (error) {
    if (error instanceof PatchError) return { patchError: error.message, hintSource: hintSourceHash(instance) };
    throw error;
  }
}
