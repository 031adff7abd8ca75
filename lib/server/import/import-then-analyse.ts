import { type AnalysisRunSummary, analyzePendingInstances } from "../analysis/analyze-stored-instances";
import type { Database } from "../db/client";
import { fillResearchTallies } from "../runs/research-tallies";
import { requestAnalysis } from "./analysis-queue";
import { type ImportOptions, type ImportSummary, importFiles } from "./import-files";

/**
 * How the analysis of what an import wrote is run: here, now, on `workers` threads (the CLI, an upload
 * answered at once), or handed to the analysis queue (an upload's background job), whichever process works
 * it taking it up (analysis-queue.ts).
 */
export type AnalysisWay =
  | {
      mode: "now";
      workers: number;
      /** "N of M": instances analysed so far, of the instances pending when the analysis began */
      onProgress?: (done: number, of: number) => void;
      /** what fetching a repository reports as it goes (git's progress lines) */
      onFetchProgress?: (line: string) => void;
    }
  | { mode: "queued" };

export interface ImportThenAnalyseOptions<W extends AnalysisWay = AnalysisWay> extends ImportOptions {
  analysis: W;
  /**
   * Told once the import has committed, before its analysis begins (awaited): a failure after this leaves the
   * import written, with its instances pending (`hints reanalyze`, or the queue, takes them up again).
   */
  onImported?: (summary: ImportSummary) => void | Promise<void>;
}

export interface ImportThenAnalyseResult<W extends AnalysisWay = AnalysisWay> {
  summary: ImportSummary;
  /** the analysis run here; "queued" where the queue has it */
  analysis: W extends { mode: "now" } ? AnalysisRunSummary : "queued";
}

/**
 * The one import-then-analyse path (the upload route, `hints import` and an upload's job all come here):
 * imports the files in one transaction (all or nothing, importFiles), then analyses the instances left
 * pending (this import's, and any left before it), outside that transaction.
 */
export async function importThenAnalyse<W extends AnalysisWay>(
  db: Database,
  files: string[],
  options: ImportThenAnalyseOptions<W>,
): Promise<ImportThenAnalyseResult<W>> {
  const { analysis: way, onImported, ...importOptions } = options as ImportThenAnalyseOptions;
  type Result = ImportThenAnalyseResult<W>;
  const summary = await importFiles(db, files, importOptions);
  await onImported?.(summary);
  if (way.mode === "queued") {
    await requestAnalysis(db);
    return { summary, analysis: "queued" } as Result;
  }
  const onProgress = way.onProgress;
  const of = onProgress ? await db.instance.count({ where: { analysisStatus: "pending" } }) : 0;
  const analysis = await analyzePendingInstances(db, onProgress && ((done) => onProgress(done, of)), {
    workers: way.workers,
    onFetchProgress: way.onFetchProgress,
  });
  // The analysis's counts and facts changed: the research page's kept sums made again.
  await fillResearchTallies(db);
  return { summary, analysis } as Result;
}
