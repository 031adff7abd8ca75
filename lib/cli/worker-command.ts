import { type Database, jobQueue } from "../server/db/client";
import { stopJobQueues } from "../server/db/job-queue";
import { requestAnalysis, workAnalysisQueue } from "../server/import/analysis-queue";
import { settleAbandonedJobs } from "../server/import/import-jobs";
import { requestJudgeRun, workJudgeQueue } from "../server/judge/judge-queue";
import { settings } from "../server/settings";

/**
 * `hints worker`: takes the job queues' jobs (analyses, judge runs) until stopped (Ctrl-C or SIGTERM, which lets the running
 * slice end first). Several workers on several machines share one PostgreSQL database's queue with its
 * servers; on SQLite there is one server, which analyses its uploads itself, so a worker is refused.
 */
export async function runWorkerCommand(
  db: Database,
  options: { workers: number; signal?: AbortSignal; log?: (line: string) => void },
): Promise<number> {
  const log = options.log ?? ((line: string) => process.stderr.write(`hintscope worker: ${line}\n`));
  const lease = settings().workerLeaseSeconds;
  if (!jobQueue(db, lease).shared) {
    process.stderr.write(
      "hints worker: this database is SQLite, served by one server that analyses its uploads itself; workers share a PostgreSQL database (DATABASE_URL=postgresql://…)\n",
    );
    return 2;
  }
  const { failed, requeued } = await settleAbandonedJobs(db);
  if (failed.length + requeued.length > 0)
    log(
      `jobs of stopped processes: ${failed.length} import(s) marked failed, ${requeued.length} analysis(es) queued again`,
    );
  await workAnalysisQueue(db, { workers: options.workers, log });
  await workJudgeQueue(db, log);
  log(
    `taking analysis and judge jobs (${options.workers} analysis thread(s), lease ${lease} s); Ctrl-C stops after the running slices`,
  );
  // What a stopped process left is queued (a job already waiting makes this a no-op).
  if ((await db.instance.count({ where: { analysisStatus: "pending" } })) > 0) await requestAnalysis(db);
  for (const run of await db.judgeRun.findMany({ where: { state: "running" }, select: { id: true } }))
    await requestJudgeRun(db, run.id);
  await new Promise<void>((resolve) => {
    if (options.signal?.aborted) return resolve();
    options.signal?.addEventListener("abort", () => resolve(), { once: true });
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  log("stopping: the running slices end first");
  await stopJobQueues(lease * 1000);
  log("stopped");
  return 0;
}
