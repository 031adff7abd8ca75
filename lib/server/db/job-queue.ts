import PgBoss from "pg-boss";
import type { SqlDialect } from "./database-url";

/**
 * Work that any process of the deployment may take: "run the queue's job", asked for by one process and
 * done by whichever takes it. A queue holds at most one job waiting behind the one running: asking again
 * while one waits adds nothing (the waiting job will see whatever was asked for).
 *
 * On PostgreSQL the queue is pg-boss's, in the database: every server and every `hints worker` process that
 * works the queue shares it, one job runs at a time, and a job whose process died is taken again by another
 * once its lease lapses. On SQLite (one server, one writer) it is this process's own: a job runs in the
 * process that asked for it.
 */
export interface JobQueue {
  /** whether other processes take this queue's jobs too (PostgreSQL): a job then works within its lease */
  readonly shared: boolean;
  /** Asks for a job of `queue` (coalesced: at most one waits). */
  request(queue: string): Promise<void>;
  /** Takes `queue`'s jobs in this process, one at a time, until stopped; a handler that throws is tried again. */
  work(queue: string, handler: () => Promise<void>): Promise<void>;
  /** Stops taking jobs, waiting (up to `timeoutMs`) for a running one to end. */
  stop(timeoutMs?: number): Promise<void>;
}

/** The queues of this process, one per database URL (a client, not state: what they hold is in the database). */
const queues = new Map<string, JobQueue>();

/**
 * The job queue of the database at `url`. `leaseSeconds`: how long a job may run before another process takes
 * it again (its process is then taken for dead); a handler should end well within it.
 */
export function jobQueueFor(url: string, dialect: SqlDialect, leaseSeconds: number): JobQueue {
  let queue = queues.get(url);
  if (!queue) {
    queue = dialect === "postgres" ? pgBossQueue(url, leaseSeconds) : inProcessQueue();
    queues.set(url, queue);
  }
  return queue;
}

/** Stops the queue of the database at `url`, if this process started one (its client closing). */
export async function stopJobQueue(url: string, timeoutMs?: number): Promise<void> {
  const queue = queues.get(url);
  queues.delete(url);
  await queue?.stop(timeoutMs);
}

/** Stops every queue this process started (a worker's or a test's end). */
export async function stopJobQueues(timeoutMs?: number): Promise<void> {
  const all = [...queues.values()];
  queues.clear();
  await Promise.all(all.map((queue) => queue.stop(timeoutMs)));
}

/** A queue of this process: a job runs when asked for, one at a time, at most one waiting. */
function inProcessQueue(): JobQueue {
  const handlers = new Map<string, () => Promise<void>>();
  const state = new Map<string, { running: Promise<void> | null; again: boolean }>();
  const run = (queue: string) => {
    const handler = handlers.get(queue);
    const s = state.get(queue) ?? { running: null, again: false };
    state.set(queue, s);
    if (!handler) return;
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = handler()
      .catch((error: Error) => {
        process.stderr.write(`hintscope: the ${queue} job failed: ${error.message}\n`);
      })
      .finally(() => {
        s.running = null;
        if (s.again) {
          s.again = false;
          run(queue);
        }
      });
  };
  return {
    shared: false,
    request: async (queue) => {
      // Asked for before this process works the queue: it runs once work() is called.
      if (!handlers.has(queue)) state.set(queue, { running: null, again: true });
      run(queue);
    },
    work: async (queue, handler) => {
      handlers.set(queue, handler);
      if (state.get(queue)?.again) {
        (state.get(queue) as { again: boolean }).again = false;
        run(queue);
      }
    },
    stop: async () => {
      handlers.clear();
      await Promise.all([...state.values()].map((s) => s.running));
    },
  };
}

/** pg-boss's tables live in a schema of their own, beside the app's. */
const BOSS_SCHEMA = "pgboss";

/** A queue in the database, through pg-boss: shared by every process that works it. */
function pgBossQueue(url: string, leaseSeconds: number): JobQueue {
  let started: Promise<PgBoss> | null = null;
  const created = new Set<string>();
  const boss = async () => {
    started ??= (async () => {
      const instance = new PgBoss({
        connectionString: url,
        schema: BOSS_SCHEMA,
        max: 2,
        // How often a lapsed lease is noticed (pg-boss's maintenance: expiring, archiving): a quarter of it.
        maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.round(leaseSeconds / 4))),
      });
      instance.on("error", (error: Error) => process.stderr.write(`hintscope: job queue: ${error.message}\n`));
      await instance.start();
      return instance;
    })();
    return started;
  };
  const queueOf = async (queue: string) => {
    const b = await boss();
    if (!created.has(queue)) {
      // "stately": one job waiting and one running at most; a handler that throws is retried.
      await b.createQueue(queue, {
        name: queue,
        policy: "stately",
        retryLimit: 1000,
        retryDelay: 1,
        expireInSeconds: leaseSeconds,
      });
      created.add(queue);
    }
    return b;
  };
  return {
    shared: true,
    request: async (queue) => {
      const b = await queueOf(queue);
      // null when a job already waits: that one will do.
      await b.send(queue, {}, { expireInSeconds: leaseSeconds, retryLimit: 1000, retryDelay: 1 });
    },
    work: async (queue, handler) => {
      const b = await queueOf(queue);
      await b.work(queue, { pollingIntervalSeconds: 1, batchSize: 1 }, async () => {
        await handler();
      });
    },
    stop: async (timeoutMs = 30_000) => {
      if (!started) return;
      const b = await started;
      await b.stop({ graceful: true, wait: true, close: true, timeout: timeoutMs });
    },
  };
}
