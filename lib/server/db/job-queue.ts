import PgBoss from "pg-boss";
import type { SqlDialect } from "./database-url";
import { withPostgresSession } from "./postgres-admin";

/**
 * Work that any process of the deployment may take: "run the queue's job for this key" (the analysis of
 * what is pending: one key; a judge run: its id), asked for by one process and done by whichever takes it.
 * Per key a queue holds at most one job waiting behind the one running: asking again while one waits adds
 * nothing (the waiting job will see whatever was asked for); jobs of different keys run side by side.
 *
 * On PostgreSQL the queue is pg-boss's, in the database: every server and every `hints worker` process that
 * works the queue shares it, one job runs at a time, and a job whose process died is taken again by another
 * once its lease lapses. On SQLite (one server, one writer) it is this process's own: a job runs in the
 * process that asked for it.
 */
export interface JobQueue {
  /** whether other processes take this queue's jobs too (PostgreSQL): a job then works within its lease */
  readonly shared: boolean;
  /** Asks for a job of `queue` for `key` (coalesced: per key at most one waits). */
  request(queue: string, key?: string): Promise<void>;
  /**
   * Takes `queue`'s jobs in this process until stopped; a handler that throws is tried again. Once per queue:
   * asking again is a no-op (the first handler stays), unless the first time failed.
   */
  work(queue: string, handler: (key: string) => Promise<void>): Promise<void>;
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

/** A queue of this process: a job runs when asked for, one at a time per key, at most one waiting. */
function inProcessQueue(): JobQueue {
  const handlers = new Map<string, (key: string) => Promise<void>>();
  const state = new Map<string, { queue: string; key: string; running: Promise<void> | null; again: boolean }>();
  const slot = (queue: string, key: string) => {
    const id = `${queue}\u0000${key}`;
    let s = state.get(id);
    if (!s) {
      s = { queue, key, running: null, again: false };
      state.set(id, s);
    }
    return s;
  };
  const run = (s: ReturnType<typeof slot>) => {
    const handler = handlers.get(s.queue);
    // Asked for before this process works the queue: it runs once work() is called.
    if (!handler || s.running) {
      s.again = true;
      return;
    }
    s.running = handler(s.key)
      .catch((error: Error) => {
        process.stderr.write(`hintscope: the ${s.queue} job${s.key ? ` ${s.key}` : ""} failed: ${error.message}\n`);
      })
      .finally(() => {
        s.running = null;
        if (s.again) {
          s.again = false;
          run(s);
        }
      });
  };
  return {
    shared: false,
    request: async (queue, key = "") => run(slot(queue, key)),
    work: async (queue, handler) => {
      if (handlers.has(queue)) return;
      handlers.set(queue, handler);
      for (const s of state.values())
        if (s.queue === queue && s.again && !s.running) {
          s.again = false;
          run(s);
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
/** A handler that throws is tried again, a second later. */
const RETRY = { retryLimit: 1000, retryDelay: 1 } as const;

/** A queue in the database, through pg-boss: shared by every process that works it. */
function pgBossQueue(url: string, leaseSeconds: number): JobQueue {
  let started: Promise<PgBoss> | null = null;
  /** Each queue made once per process, and worked once; a try that failed is forgotten, so the next one tries again. */
  const created = new Map<string, Promise<PgBoss>>();
  const working = new Map<string, Promise<void>>();
  const once = <T>(tries: Map<string, Promise<T>>, key: string, attempt: () => Promise<T>): Promise<T> => {
    let promise = tries.get(key);
    if (!promise) {
      promise = attempt();
      tries.set(key, promise);
      promise.catch(() => tries.delete(key));
    }
    return promise;
  };
  const boss = () => {
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
    })().catch((error: Error) => {
      started = null;
      throw error;
    });
    return started;
  };
  const queueOf = (queue: string) =>
    once(created, queue, async () => {
      const b = await boss();
      // "stately": per key one job waiting and one running at most; a handler that throws is retried.
      await createQueueOnce(b, url, queue, { name: queue, policy: "stately", ...RETRY, expireInSeconds: leaseSeconds });
      return b;
    });
  return {
    shared: true,
    request: async (queue, key = "") => {
      const b = await queueOf(queue);
      // null when a job of this key already waits: that one will do.
      const send = () =>
        b.send(queue, { key }, { singletonKey: key || undefined, expireInSeconds: leaseSeconds, ...RETRY });
      // (A queue another process has just made may not route to its partition for a moment: seen once in CI as
      // `no partition of relation "job" found for row`, four processes making three queues at once. Once more.)
      await send().catch(async (error: Error) => {
        if (!/no partition of relation/.test(error.message)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
        await send();
      });
    },
    work: (queue, handler) =>
      once(working, queue, async () => {
        const b = await queueOf(queue);
        await b.work<{ key?: string }>(queue, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
          await handler(job?.data.key ?? "");
        });
      }),
    stop: async (timeoutMs = 30_000) => {
      const b = await started?.catch(() => null);
      await b?.stop({ graceful: true, wait: true, close: true, timeout: timeoutMs });
    },
  };
}

/**
 * Makes `queue` unless it exists, one process at a time (a session lock of the database's own): pg-boss's
 * `create_queue` inserts the queue's row, then adds its partition's foreign key to the queue table, so two
 * processes making queues at once (workers and servers starting together) each hold what the other waits
 * for, and PostgreSQL ends one with "deadlock detected".
 */
async function createQueueOnce(b: PgBoss, url: string, queue: string, options: PgBoss.Queue): Promise<void> {
  if (await b.getQueue(queue)) return;
  // The lock is the session's: it ends with it.
  await withPostgresSession(url, async (client) => {
    await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [CREATE_QUEUE_LOCK]);
    if (!(await b.getQueue(queue))) await b.createQueue(queue, options);
  });
}

const CREATE_QUEUE_LOCK = `hintscope.${BOSS_SCHEMA}.create_queue`;
