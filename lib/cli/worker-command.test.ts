/**
 * `hints worker` processes sharing the analysis queue of one PostgreSQL database (pg-boss), on a real
 * throwaway cluster: one worker is killed in the middle of its slice, the other takes that slice up once the
 * lease lapses, and every instance is written once. On SQLite a worker is refused, saying why.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { afterAll, expect, test, vi } from "vitest";
import { type Database, openDatabase } from "../server/db/client";
import { stopJobQueue } from "../server/db/job-queue";
import { importFiles } from "../server/import/import-files";
import { QUEUED } from "../server/import/import-job-rows";
import { jsonl, makeTempDir, swebenchRecord } from "../testing/fixtures";
import { hintsCommand } from "../testing/hints-command";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../testing/postgres-cluster";
import { openTempDatabase, TEST_ENGINE } from "../testing/temp-database";
import { HUNG_MS } from "../testing/test-time";

// The tests spawn `hints` processes (the bundle the run's global setup built) and wait for them to end: no
// wall-clock limit here, which a loaded machine reached.
vi.setConfig({ testTimeout: 0, hookTimeout: 0 });

const tmp = makeTempDir("hintscope-worker-");
afterAll(tmp.cleanup);

interface Worker {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startWorker(url: string, env: Record<string, string> = {}): Worker {
  const child = spawn(...hintsCommand(["worker", "--threads", "1"]), {
    env: { ...process.env, DATABASE_URL: url, ...env },
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

let workersSaid = () => "";
async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = HUNG_MS - 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the workers said:\n${workersSaid()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pending = (db: Database) => db.instance.count({ where: { analysisStatus: "pending" } });

test.skipIf(TEST_ENGINE !== "sqlite")("on SQLite a worker is refused, saying why", async () => {
  const { url, close } = await openTempDatabase();
  try {
    const worker = startWorker(url);
    expect(await worker.exited).toBe(2);
    expect(worker.stderr()).toMatch(/this database is SQLite, served by one server that analyses its uploads itself/);
  } finally {
    await close();
  }
});

// In the SQLite run on a cluster of its own (once is enough), under PostgreSQL on the run's cluster.
test.skipIf(TEST_ENGINE === "sqlite" && !POSTGRES_AVAILABLE)(
  "two workers share the analysis queue's shares: one killed mid-slice, the other takes its slice up once the lease lapses; each instance written once",
  async () => {
    const cluster = TEST_ENGINE === "sqlite" ? await startPostgresCluster() : null;
    const temp = cluster ? null : await openTempDatabase();
    const url = cluster ? cluster.createDatabase("workers") : (temp?.url as string);
    const db = await openDatabase(url);
    const workers: Worker[] = [];
    try {
      const count = 4_000;
      const file = tmp.write(
        "swebench-lite-workers.jsonl",
        jsonl(Array.from({ length: count }, (_, n) => swebenchRecord(n + 1))),
      );
      await importFiles(db, [file]);
      expect(await pending(db)).toBe(count);
      // An upload's job as the server that imported it hands it over: analysing, waiting in the queue.
      await db.importJob.create({
        data: { id: "upload-1", name: "workers.jsonl", state: "analysing", runner: QUEUED },
      });

      // A short lease (slices of 2 s): a dead worker's slice is taken up again within seconds.
      const env = { HINTSCOPE_WORKER_LEASE_S: "8" };
      workers.push(startWorker(url, env), startWorker(url, env));
      workersSaid = () => workers.map((w) => w.stderr()).join("\n----\n");
      const pidOf = (runner: string) => Number(runner.split(":")[1]);
      // What the slices that ended said they analysed, over both workers.
      const ended = () =>
        workers
          .flatMap((w) => [...w.stderr().matchAll(/analysed (\d+) instance\(s\)/g)])
          .reduce((sum, m) => sum + Number(m[1]), 0);
      // Both workers take shares of the analysis, side by side.
      await until("both workers to end a slice", async () =>
        workers.every((w) => /analysed \d+ instance\(s\)/.test(w.stderr())),
      );
      // Then the one that last wrote is killed while its slice runs (more is counted than the ended slices
      // said) and much is left.
      const victim = await until("a worker mid-slice", async () => {
        const row = await db.importJob.findUniqueOrThrow({ where: { id: "upload-1" } });
        const worker = workers.find((w) => w.child.pid === pidOf(row.runner));
        return worker && row.analysed > ended() && (await pending(db)) > count / 4 ? worker : undefined;
      });
      const survivor = workers.find((w) => w !== victim) as Worker;
      victim.child.kill("SIGKILL");
      await victim.exited;
      const leftAtKill = await pending(db);
      expect(leftAtKill).toBeGreaterThan(0);
      const survivorBefore = survivor.stderr();

      const job = await until("the analysis to end", async () => {
        const row = await db.importJob.findUniqueOrThrow({ where: { id: "upload-1" } });
        return row.state === "done" ? row : undefined;
      });
      expect(await pending(db)).toBe(0);
      expect(pidOf(job.runner)).toBe(survivor.child.pid);
      // The job's count is exact though a slice was cut short: it moved with each batch's own write.
      expect(job.analysed).toBe(count);
      expect(JSON.parse(job.analysis as string)).toMatchObject({ analysed: count, failed: [] });
      // The survivor analysed what was left after the kill.
      // (Its last slice says so once it has written the job's end: waited for, not raced.)
      await until("the survivor to say none is pending", async () =>
        /analysed \d+ instance\(s\)[^\n]*; 0 pending/.test(survivor.stderr().slice(survivorBefore.length)),
      );

      // Every instance analysed, each written once: the same identifiers for every one of these
      // same-shaped records, and no identifier twice.
      expect(await db.instance.count({ where: { analysisStatus: "done" } })).toBe(count);
      const perInstance = await db.identifier.groupBy({ by: ["instanceId"], _count: { _all: true } });
      expect(perInstance).toHaveLength(count);
      expect(new Set(perInstance.map((g) => g._count._all)).size).toBe(1);
      const twice = await db.$queryRawUnsafe<unknown[]>(
        `SELECT "instanceId", "name", "side", "path", "position" FROM "Identifier"
         GROUP BY "instanceId", "name", "side", "path", "position" HAVING COUNT(*) > 1`,
      );
      expect(twice).toEqual([]);

      // A worker asked to stop ends its running slice and exits 0.
      survivor.child.kill("SIGTERM");
      expect(await survivor.exited).toBe(0);
      expect(survivor.stderr()).toMatch(/stopped\n$/);
    } finally {
      for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
      await stopJobQueue(url);
      await db.$disconnect();
      await temp?.close();
      cluster?.stop();
    }
  },
);
