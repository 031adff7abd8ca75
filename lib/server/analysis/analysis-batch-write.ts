import type { AnalysisRecord } from "../../instance-analysis/analysis-record";
import { RESEARCH_FACTS_VERSION, type ResearchFacts } from "../../instance-analysis/research-facts";
import type { Cell } from "../db/bulk-sql";
import { writeTogether } from "../db/bulk-write-together";
import { bulkTarget, type Database, type Tx, writeTurn } from "../db/client";
import { type BatchOptions, writeInBatches } from "../db/transactions";
import { claimAndClear } from "./claim-and-clear";
import { RESEARCH_FACT_TABLES, researchFactWrites } from "./research-fact-rows";
import { SELECTION_COUNT_COLUMNS, selectionCountCells } from "./stored-counts";

/**
 * The time one analysed instance's write is given (its identifiers, selections, facts and row): a batch of 50
 * took 5.2 s on PostgreSQL under a load of 50, so ten times that measure, over the transaction's base time.
 */
const WRITE_MS_PER_INSTANCE = 1000;

/** What a batch's write transaction also does, given the transaction and what the batch wrote. */
export type BatchHook = (tx: Tx, written: { analysed: number; failed: number }) => Promise<unknown>;

const IDENTIFIER_COLUMNS = [
  "instanceId",
  "name",
  "member",
  "owner",
  "kind",
  "path",
  "newFile",
  "signature",
  "side",
  "status",
  "locations",
  "position",
] as const;

const UPDATE_COLUMNS = [
  "analysisStatus",
  "analysisError",
  "approximate",
  "approximateReason",
  "unsupportedFiles",
  "hintSource",
  "evidence",
  "selectionCounts",
  ...SELECTION_COUNT_COLUMNS,
  "leakCount",
  "researchFacts",
  "analyzedAt",
] as const;

/** An analysed instance's row as the analysis sets it. */
interface InstanceUpdate {
  analysisStatus: "done" | "error";
  analysisError: string | null;
  approximate: boolean;
  approximateReason: string | null;
  unsupportedFiles: string;
  hintSource: string;
  evidence: string | null;
  selectionCounts: string | null;
  leakCount: number | null;
  research: ResearchFacts | null;
}

/** One analysed instance: its id and place, its record's identifier and selection rows, its row's values. */
export interface Analysed {
  id: number;
  benchmarkId: number;
  externalId: string;
  identifiers: Cell[][];
  selections: Cell[][];
  update: InstanceUpdate;
}

/** An instance's analysis record as the rows the batch write stores (a patch that did not parse: none, an error). */
export function analysedRows(
  instance: { id: number; benchmarkId: number; externalId: string },
  result: AnalysisRecord,
): Analysed {
  const { id, benchmarkId, externalId } = instance;
  if ("patchError" in result)
    return {
      id,
      benchmarkId,
      externalId,
      identifiers: [],
      selections: [],
      update: {
        analysisStatus: "error",
        analysisError: result.patchError,
        approximate: false,
        approximateReason: null,
        unsupportedFiles: "[]",
        hintSource: result.hintSource,
        evidence: null,
        selectionCounts: null,
        leakCount: null,
        research: null,
      },
    };
  return {
    id,
    benchmarkId,
    externalId,
    identifiers: result.identifiers.map((row) => [id, ...row]),
    selections: [...result.selections].map(([position, selection]) => [id, position, selection]),
    update: {
      analysisStatus: "done",
      analysisError: null,
      approximate: result.approximate,
      approximateReason: result.approximateReason,
      unsupportedFiles: result.unsupportedFiles,
      hintSource: result.hintSource,
      evidence: result.evidence,
      selectionCounts: result.selectionCounts,
      leakCount: result.leakCount,
      research: result.research,
    },
  };
}

/** The analysed instances' rows as writes, in the order their references need (identifiers before their selections). */
function writesOf(analysed: readonly Analysed[], now: Date) {
  return [
    { insert: "Identifier", columns: IDENTIFIER_COLUMNS, rows: analysed.flatMap((a) => a.identifiers) },
    {
      insert: "IdentifierSelection",
      columns: ["instanceId", "position", "selection"],
      rows: analysed.flatMap((a) => a.selections),
    },
    {
      update: "Instance",
      columns: UPDATE_COLUMNS,
      rows: analysed.map(({ id, update: u }) => ({
        id,
        values: [
          u.analysisStatus,
          u.analysisError,
          u.approximate,
          u.approximateReason,
          u.unsupportedFiles,
          u.hintSource,
          u.evidence,
          u.selectionCounts,
          ...selectionCountCells(u.selectionCounts),
          u.leakCount,
          RESEARCH_FACTS_VERSION,
          now,
        ],
      })),
    },
    ...researchFactWrites(
      analysed.map(({ id, benchmarkId, externalId, update }) => ({
        id,
        benchmarkId,
        externalId,
        facts: update.research,
      })),
    ),
  ];
}

/**
 * Writes a batch of analysed instances, in its write turn, in transactions whose time is stated from the
 * instances they write; one that runs out of time (a loaded machine, a row another connection holds) is
 * rolled back and written again in halves. Each transaction claims its instances (only those still pending
 * are written: another process analysing the same ones, a worker whose lease lapsed while it still ran,
 * writes each once) and clears their old rows, then writes the new ones: on PostgreSQL two statements, each a
 * round trip (claimAndClear, writeTogether). Returns the ids it wrote.
 */
export async function writeAnalysedBatch(
  db: Database,
  batch: readonly Analysed[],
  options: { duringWrite?: BatchHook; writeTimeouts?: Pick<BatchOptions, "timeoutMs" | "onTimeout"> },
): Promise<Set<number>> {
  const now = new Date();
  const written = await writeTurn(db)(() =>
    writeInBatches(
      db,
      batch,
      async (tx, slice) => {
        const mine = await claimAndClear(
          db,
          tx,
          `"analysisStatus" = 'pending'`,
          slice.map((a) => a.id),
          ["Identifier", ...RESEARCH_FACT_TABLES],
        );
        const claimed = slice.filter((a) => mine.has(a.id));
        await writeTogether(bulkTarget(db, tx), writesOf(claimed, now));
        if (options.duringWrite) {
          const failed = claimed.filter((a) => a.update.analysisStatus === "error").length;
          await options.duringWrite(tx, { analysed: claimed.length - failed, failed });
        }
        return mine;
      },
      { msPerItem: WRITE_MS_PER_INSTANCE, ...options.writeTimeouts },
    ),
  );
  return new Set(written.flatMap((mine) => [...mine]));
}
