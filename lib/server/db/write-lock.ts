/**
 * Writers take turns. SQLite has one writer at a time and better-sqlite3 waits for a lock by blocking the
 * thread, so two connections of one process writing at once would stall the process (the import's
 * transaction could never move on while another writer blocks waiting for it). Every write transaction of
 * this process therefore queues here first, asynchronously; other processes (a CLI import beside the
 * server) are met by a short busy timeout and retries that wait without blocking.
 */
const GENERATION = Symbol.for("hintscope.writeGeneration");
const globalGeneration = globalThis as unknown as { [GENERATION]?: number };

/**
 * How many writes of this process have settled: a read started before a write settled must not answer a
 * request that arrived after it (see sharedRead in the list's queries).
 */
export const writeGeneration = () => globalGeneration[GENERATION] ?? 0;

/** Counts `write` in the generation once it settles. */
export function counted<T>(write: Promise<T>): Promise<T> {
  const bump = () => {
    globalGeneration[GENERATION] = writeGeneration() + 1;
  };
  write.then(bump, bump);
  return write;
}

/**
 * A queue of writes named `name`: each runs once every write queued on it before has finished, and counts
 * in the generation. Kept on globalThis under a global symbol: Next bundles this module more than once.
 */
export function writeQueue(name: string): <T>(write: () => Promise<T>) => Promise<T> {
  const key = Symbol.for(`hintscope.${name}`);
  const queues = globalThis as unknown as Record<symbol, Promise<unknown> | undefined>;
  return <T>(write: () => Promise<T>): Promise<T> => {
    const before = queues[key] ?? Promise.resolve();
    const run = counted(before.then(write, write));
    queues[key] = run.catch(() => undefined);
    return run;
  };
}

/** Runs `write` once every write of this process queued before it has finished. */
export const withWriteLock = writeQueue("writeQueue");

const isBusy = (error: unknown) =>
  error instanceof Error &&
  (/SQLITE_BUSY|database is locked|SocketTimeout/i.test(error.message) ||
    (error as { code?: string }).code === "P1008" ||
    (error as { code?: string }).code === "SQLITE_BUSY");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `write` while another process holds the database's write lock, for up to `patienceMs`. */
export async function retryWhileBusy<T>(write: () => Promise<T>, patienceMs = 120_000): Promise<T> {
  const deadline = Date.now() + patienceMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      await sleep(Math.min(25 * 2 ** attempt, 250));
    }
  }
}

/** A write transaction of this process: queued behind the others, retried while another process writes. */
export const serialisedWrite = <T>(write: () => Promise<T>): Promise<T> => withWriteLock(() => retryWhileBusy(write));
