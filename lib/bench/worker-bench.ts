/**
 * `npm run bench:workers`: the analysis of an upload taken by `hints worker` processes sharing a PostgreSQL
 * database's queue (a throwaway cluster on loopback): the shared SWE-bench-format instances replicated under
 * new ids to BENCH_WORKERS_COUNT (default 6,000), imported once, then analysed by one worker and again by two
 * (each worker one analysis thread; HINTSCOPE_SERVER_JOBS does not matter: no server runs). Prints the wall
 * time from the workers' start to nothing pending, and the ratio.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { markForAnalysis } from "../server/analysis/analyze-stored-instances";
import { type Database, openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { QUEUED } from "../server/import/import-job-rows";
import { makeTempDir } from "../testing/fixtures";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../testing/postgres-cluster";
import { SHARED_DATA, SHARED_DATA_MISSING } from "../testing/shared-data";
import { replicate } from "./replicated-instances";

const COUNT = Number(process.env.BENCH_WORKERS_COUNT ?? 6000);

const pending = (db: Database) => db.instance.count({ where: { analysisStatus: "pending" } });

async function analyseWith(db: Database, url: string, workers: number): Promise<number> {
  await markForAnalysis(db);
  await db.importJob.deleteMany();
  await db.importJob.create({ data: { id: `bench-${workers}`, name: "bench", state: "analysing", runner: QUEUED } });
  const started = performance.now();
  const children: ChildProcess[] = Array.from({ length: workers }, () =>
    spawn(process.execPath, ["--import", "tsx", "lib/cli/hints.ts", "worker", "--threads", "1"], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  let last = "";
  for (;;) {
    const left = await pending(db);
    const line = `  ${workers} worker(s): ${COUNT - left} of ${COUNT} analysed, ${((performance.now() - started) / 1000).toFixed(0)} s`;
    if (line !== last) process.stderr.write(`${line}\r`);
    last = line;
    if (left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write("\n");
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGTERM");
        }),
    ),
  );
  return seconds;
}

async function main() {
  if (!SHARED_DATA) {
    console.log(SHARED_DATA_MISSING);
    return;
  }
  if (!POSTGRES_AVAILABLE) {
    console.log("bench:workers needs PostgreSQL (Debian: apt-get install postgresql)");
    return;
  }
  const cluster = await startPostgresCluster();
  const tmp = makeTempDir("hintscope-worker-bench-");
  try {
    const url = cluster.createDatabase("workers_bench");
    const db = await openDatabase(url);
    const file = path.join(tmp.dir, `replicated-${COUNT}.jsonl`);
    await replicate(file, COUNT);
    await importFiles(db, [file], { benchmark: "Workers bench" });
    const one = await analyseWith(db, url, 1);
    const two = await analyseWith(db, url, 2);
    console.log(
      `workers: ${COUNT.toLocaleString("en")} real-shaped instances analysed from the queue on PostgreSQL, wall time from the workers' start (each one analysis thread)`,
    );
    console.log(
      `  one worker ${one.toFixed(1)} s, two workers ${two.toFixed(1)} s: ${(one / two).toFixed(2)}× (2 cores)`,
    );
    await db.$disconnect();
  } finally {
    cluster.stop();
    tmp.cleanup();
  }
}

await main();
