import { AppError } from "../app-error";
import type { Database } from "../db/client";
import type { JobQueue } from "../db/job-queue";
import { requestJob, sliceMs, workQueue } from "../queued-work";
import { executeRun } from "./judge-execute";

/**
 * Judge runs as jobs of the queue: a run started on the admin page, or left running by a stopped server, is
 * asked for by its id, and whichever process works the queue (a server, a `hints worker`) takes it. One
 * process at a time runs a given run (the queue holds one running and one waiting per run), so two servers
 * starting never ask the endpoint twice for the same call. Where the queue is shared, a run works in slices
 * within the lease and asks for its next.
 *
 * Each endpoint's runs have a queue of their own, which a process works beside the others: a run of a slow or
 * hanging endpoint holds its own queue's slot, never another endpoint's (on PostgreSQL a process takes one job
 * of a queue at a time, so one queue for every run let a stuck endpoint hold every other run back for as long
 * as its calls lasted). Runs of one endpoint take turns, which its `concurrency` already bounds.
 */
export const JUDGE_QUEUE = "judge";

/** The queue of one endpoint's runs. */
export const endpointQueue = (endpointId: number) => `${JUDGE_QUEUE}-endpoint-${endpointId}`;

const stderrLog = (line: string) => process.stderr.write(`hintscope: ${line}\n`);

/**
 * Asks for run `runId`: through the judge queue, which every server and worker takes, to its endpoint's queue,
 * which the process that takes it works from then on (a process works only the queues of endpoints it was sent
 * runs of: making a queue per endpoint ahead, in every process, cost each one a table and a poll a second).
 */
export function requestJudgeRun(db: Database, runId: number): Promise<void> {
  return requestJob(db, JUDGE_QUEUE, String(runId), () => workJudgeQueue(db, stderrLog));
}

/**
 * This process takes judge jobs: the judge queue's, each a run asked for by its id and sent on to its
 * endpoint's queue, which this process then works too. Once per database; again is a no-op.
 */
export async function workJudgeQueue(db: Database, log?: (line: string) => void): Promise<void> {
  await workQueue(db, JUDGE_QUEUE, async (queue, key) => {
    const endpointId = await endpointOf(db, Number(key));
    await workEndpointQueue(db, endpointId, log);
    await queue.request(endpointQueue(endpointId), key);
  });
}

/** This process takes the jobs of one endpoint's queue (once; again is a no-op). */
function workEndpointQueue(db: Database, endpointId: number, log?: (line: string) => void): Promise<void> {
  return workQueue(db, endpointQueue(endpointId), (queue, key) => judgeSlice(db, queue, endpointId, Number(key), log));
}

async function endpointOf(db: Database, runId: number): Promise<number> {
  const run = await db.judgeRun.findUnique({ where: { id: runId }, select: { endpointId: true } });
  if (!run) throw new AppError("not-found", `no judge run ${runId}`);
  return run.endpointId;
}

async function judgeSlice(
  db: Database,
  queue: JobQueue,
  endpointId: number,
  runId: number,
  log?: (line: string) => void,
) {
  const status = await executeRun(db, runId, { stopAfterMs: sliceMs(queue) });
  log?.(
    `judge run ${runId}: ${status.state}; calls ${status.calls.done} done, ${status.calls.failed} failed, ${status.calls.pending} pending`,
  );
  // Its slice's time came with calls left: the next slice is asked for (any process may take it).
  if (status.state === "running" && status.calls.pending > 0)
    await queue.request(endpointQueue(endpointId), String(runId));
}
