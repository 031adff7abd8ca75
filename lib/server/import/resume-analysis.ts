import { analyzePendingInstances, SERVER_ANALYSIS_WORKERS } from "../analysis/analyze-stored-instances";
import { getDb } from "../db/client";
import { executeRun } from "../judge/judge-execute";
import { settleAbandonedJobs } from "./import-jobs";

/**
 * Analyses what a server left pending when it stopped (an upload imported, then the process killed before
 * its analysis ran): at start-up, in the background, saying on stderr what it did. Until then those
 * instances show "not analysed yet" in the list and cannot be decided.
 */
export async function resumePendingAnalysis(): Promise<void> {
  try {
    const db = await getDb();
    // Jobs whose server stopped mid-way are shown failed, with why (never left "importing" for good).
    const abandoned = await settleAbandonedJobs(db);
    if (abandoned.length > 0)
      process.stderr.write(`hintscope: ${abandoned.length} import job(s) left by a stopped server marked failed\n`);
    // Judge runs a stopped server was running take up where they were (every call is a row).
    for (const run of await db.judgeRun.findMany({ where: { state: "running" }, select: { id: true } })) {
      process.stderr.write(`hintscope: resuming judge run ${run.id}\n`);
      void executeRun(db, run.id).catch((error: Error) =>
        process.stderr.write(`hintscope: judge run ${run.id} failed: ${error.message}\n`),
      );
    }
    const pending = await db.instance.count({ where: { analysisStatus: "pending" } });
    if (pending === 0) return;
    process.stderr.write(`hintscope: resuming the analysis of ${pending} instance(s) left pending\n`);
    const summary = await analyzePendingInstances(db, undefined, { workers: SERVER_ANALYSIS_WORKERS });
    process.stderr.write(
      `hintscope: analysed ${summary.analysed} instance(s)${summary.failed.length > 0 ? `, ${summary.failed.length} failed` : ""}\n`,
    );
  } catch (error) {
    process.stderr.write(`hintscope: the analysis left pending could not resume: ${(error as Error).message}\n`);
  }
}
