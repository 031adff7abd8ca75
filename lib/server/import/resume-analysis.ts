import { backfillResearchFacts } from "../analysis/research-fact-rows";
import { getDb } from "../db/client";
import { requestJudgeRun } from "../judge/judge-queue";
import { fillRunOutcomes } from "../runs/run-outcome-texts";
import { requestAnalysis } from "./analysis-queue";
import { settleAbandonedJobs } from "./import-jobs";

/**
 * At a server's start, in the background, saying on stderr what it did: imports a stopped server left
 * half-done are shown failed, with why; analyses it left (an upload imported, then the process killed)
 * go back to the analysis queue, which this server works too (unless HINTSCOPE_SERVER_JOBS=0). Until
 * then those instances show "not analysed yet" in the list and cannot be decided. Instances analysed before
 * the research facts were stored get theirs (the research page would otherwise make them on its first read).
 */
export async function resumePendingAnalysis(): Promise<void> {
  try {
    const db = await getDb();
    const { failed, requeued } = await settleAbandonedJobs(db);
    if (failed.length > 0)
      process.stderr.write(`hintscope: ${failed.length} import job(s) left by a stopped server marked failed\n`);
    if (requeued.length > 0)
      process.stderr.write(`hintscope: ${requeued.length} analysis job(s) left by a stopped server queued again\n`);
    // Judge runs left running are asked for again (every call is a row; a run already queued or running
    // elsewhere is not doubled: the queue holds one per run).
    for (const run of await db.judgeRun.findMany({ where: { state: "running" }, select: { id: true } })) {
      process.stderr.write(`hintscope: judge run ${run.id} is running: queued to go on\n`);
      await requestJudgeRun(db, run.id);
    }
    // Run outcome texts a stopped process left to be made (reads never make them).
    await fillRunOutcomes(db);
    let reported = 0;
    const filled = await backfillResearchFacts(db, (done, total) => {
      if (done - reported < 5000) return;
      reported = done;
      process.stderr.write(`hintscope: research facts made for ${done} of ${total} analysed instance(s)…\n`);
    });
    if (filled > 0) process.stderr.write(`hintscope: research facts made for ${filled} analysed instance(s)\n`);
    const pending = await db.instance.count({ where: { analysisStatus: "pending" } });
    const waiting = await db.importJob.count({ where: { state: "analysing" } });
    if (pending === 0 && waiting === 0) return;
    process.stderr.write(`hintscope: ${pending} instance(s) left pending: their analysis is queued\n`);
    await requestAnalysis(db);
  } catch (error) {
    process.stderr.write(`hintscope: the analysis left pending could not be queued: ${(error as Error).message}\n`);
  }
}
