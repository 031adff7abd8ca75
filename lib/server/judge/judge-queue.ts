import type { Database } from "../db/client";
import type { JobQueue } from "../db/job-queue";
import { requestJob, sliceMs, workQueue } from "../queued-work";
import { executeRun } from "./judge-execute";

/**
 * Judge runs as jobs of the queue: a run started on the admin page, or left running by a stopped server, is
 * asked for by its id, and whichever process works the queue (a server, a `hints worker`) takes it. One
 * process at a time runs a given run (the queue holds one running and one waiting per run), so two servers
 * starting never ask the endpoint twice for the same call; different runs go side by side on different
 * processes. Where the queue is shared, a run works in slices within the lease and asks for its next.
 */
export const JUDGE_QUEUE = "judge";

export function requestJudgeRun(db: Database, runId: number): Promise<void> {
  return requestJob(db, JUDGE_QUEUE, String(runId), () =>
    workJudgeQueue(db, (line) => process.stderr.write(`hintscope: ${line}\n`)),
  );
}

/** This process takes the judge queue's jobs (once per database; again is a no-op). */
export function workJudgeQueue(db: Database, log?: (line: string) => void): Promise<void> {
  return workQueue(db, JUDGE_QUEUE, (queue, key) => judgeSlice(db, queue, Number(key), log));
}

async function judgeSlice(db: Database, queue: JobQueue, runId: number, log?: (line: string) => void) {
  const status = await executeRun(db, runId, { stopAfterMs: sliceMs(queue) });
  log?.(
    `judge run ${runId}: ${status.state}; calls ${status.calls.done} done, ${status.calls.failed} failed, ${status.calls.pending} pending`,
  );
  // Its slice's time came with calls left: the next slice is asked for (any process may take it).
  if (status.state === "running" && status.calls.pending > 0) await queue.request(JUDGE_QUEUE, String(runId));
}
