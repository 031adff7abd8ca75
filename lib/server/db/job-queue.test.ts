/**
 * The job queue on PostgreSQL (pg-boss), on a real throwaway cluster: processes that start together make its
 * queues side by side without a deadlock, and a queue whose database was out of reach works once it is there.
 * Run once, in the SQLite stage, on a cluster of its own (the queue is PostgreSQL's only).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../../testing/postgres-cluster";
import { TEST_ENGINE } from "../../testing/temp-database";
import { HUNG_MS } from "../../testing/test-time";
import { jobQueueFor, stopJobQueues } from "./job-queue";
import { withPostgresSession } from "./postgres-admin";

const RUN = TEST_ENGINE === "sqlite" && POSTGRES_AVAILABLE;
let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null = null;
beforeAll(async () => {
  if (RUN) cluster = await startPostgresCluster();
});
afterAll(async () => {
  await stopJobQueues();
  cluster?.stop();
});

const rows = <T>(url: string, sql: string): Promise<T[]> =>
  withPostgresSession(url, async (client) => (await client.query(sql)).rows as T[]);

const QUEUES = ["analysis", "judge", "third"];

test.skipIf(!RUN)(
  "processes starting together make the queues side by side: none fails, each queue made once, one job waiting per key",
  async () => {
    const c = cluster as NonNullable<typeof cluster>;
    // Each round a fresh database; four clients (as four processes: a queue client per URL) ask for a job
    // of each of three queues at once, so each queue is made by all four at the same moment.
    for (let round = 0; round < 5; round++) {
      const url = c.createDatabase(`together${round}`);
      const clients = Array.from({ length: 4 }, (_, n) =>
        jobQueueFor(`${url}?application_name=process${n}`, "postgres", 8),
      );
      const asked = await Promise.allSettled(clients.flatMap((q) => QUEUES.map((name) => q.request(name, "k"))));
      const failures = asked.flatMap((r) => (r.status === "rejected" ? [String(r.reason?.message ?? r.reason)] : []));
      expect(failures, `round ${round}`).toEqual([]);
      const queues = await rows<{ name: string }>(
        url,
        `SELECT "name" FROM pgboss.queue WHERE "name" NOT LIKE '__pgboss%' ORDER BY "name"`,
      );
      expect(queues.map((q) => q.name)).toEqual([...QUEUES].sort());
      const jobs = await rows<{ name: string; n: string }>(
        url,
        `SELECT "name", COUNT(*) AS n FROM pgboss.job WHERE "singleton_key" = 'k' GROUP BY "name" ORDER BY "name"`,
      );
      expect(jobs.map((j) => [j.name, Number(j.n)])).toEqual([...QUEUES].sort().map((name) => [name, 1]));
      await stopJobQueues();
    }
  },
);

test.skipIf(!RUN)(
  "a queue whose database was out of reach tries again: asking and working fail while it is missing, then work",
  async () => {
    const c = cluster as NonNullable<typeof cluster>;
    const url = c.url("later");
    const queue = jobQueueFor(url, "postgres", 8);
    const keys: string[] = [];
    const handler = async (key: string) => {
      keys.push(key);
    };
    await expect(queue.request("analysis", "a")).rejects.toThrow(/database "later" does not exist/);
    await expect(queue.work("analysis", handler)).rejects.toThrow(/database "later" does not exist/);

    c.createDatabase("later");
    await queue.work("analysis", handler);
    // Working again is a no-op: one handler takes each job.
    await queue.work("analysis", handler);
    await queue.request("analysis", "a");
    // Taken at pg-boss's next poll; however busy the machine, within the test's time (lib/testing/test-time.ts).
    const deadline = Date.now() + HUNG_MS / 2;
    while (keys.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(keys).toEqual(["a"]);
  },
);
