import { type Database, jobQueue } from "./db/client";
import type { JobQueue } from "./db/job-queue";
import { settings } from "./settings";

/** The database's job queue, with this deployment's lease (HINTSCOPE_WORKER_LEASE_S). */
export const queueOf = (db: Database): JobQueue => jobQueue(db, settings().workerLeaseSeconds);

/**
 * How long one job may work before it ends and asks for the next: a quarter of the lease where other
 * processes share the queue (a process that dies loses at most that), without end where this one is alone.
 */
export const sliceMs = (queue: JobQueue): number | undefined =>
  queue.shared ? (settings().workerLeaseSeconds * 1000) / 4 : undefined;

/**
 * This process takes `name`'s jobs with `handler` (once per database and queue: again is a no-op; one that
 * failed, as with the database out of reach, is tried again).
 */
export async function workQueue(
  db: Database,
  name: string,
  handler: (queue: JobQueue, key: string) => Promise<void>,
): Promise<void> {
  const queue = queueOf(db);
  await queue.work(name, (key) => handler(queue, key));
}

/**
 * Asks for a job of `name` (for `key`); a server works its queues too unless HINTSCOPE_SERVER_JOBS=0 leaves
 * them to `hints worker` processes (`serve` registers this process's handler).
 */
export async function requestJob(db: Database, name: string, key: string, serve: () => Promise<void>) {
  if (settings().serverWorksQueues) await serve();
  await queueOf(db).request(name, key);
}
