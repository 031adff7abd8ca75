/**
 * `npm run bench:scale`: import and analysis of real shared instances replicated to each size (default
 * 10,000 and 50,000; BENCH_SCALE_SIZES=10000,50000,200000), on each engine (BENCH_SCALE_ENGINES=sqlite,postgres),
 * each size in a process of its own so its peak resident memory is its own. Prints, per engine and size, the
 * import and the analysis in milliseconds per instance, the analysis's rate over its first and last tenth
 * (a rate that falls within one run is time per instance growing with the corpus), and the peak resident
 * memory after each phase; then each size's ratios to the smallest. The target (issue 28): time per instance
 * constant and memory flat across sizes.
 */

import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { analyzePendingInstances } from "../server/analysis/analyze-stored-instances";
import { openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { makeTempDir } from "../testing/fixtures";
import { startPostgresCluster } from "../testing/postgres-cluster";
import { SHARED_DATA, SHARED_DATA_MISSING } from "../testing/shared-data";
import { replicate } from "./replicated-instances";

interface Figures {
  engine: string;
  count: number;
  importMs: number;
  analysisMs: number;
  /** instances per second over the analysis's first and last tenth */
  firstTenthRate: number;
  lastTenthRate: number;
  importPeakMb: number;
  peakMb: number;
}

const mb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** One size on one database, in this process: what the parent prints. */
async function measure(engine: string, count: number, url: string, dir: string): Promise<Figures> {
  const file = path.join(dir, `replicated-${count}.jsonl`);
  await replicate(file, count);
  const db = await openDatabase(url);
  try {
    const importStarted = performance.now();
    await importFiles(db, [file], {
      benchmark: `Scale ${count}`,
      onProgress: (_file, records) => process.stderr.write(`\r  ${engine} ${count}: read ${records}   `),
    });
    const importMs = performance.now() - importStarted;
    const importPeakMb = mb();
    const tenth = Math.max(1, Math.floor(count / 10));
    const marks: Array<[number, number]> = [];
    const analysisStarted = performance.now();
    // On as many workers as the command line's import uses.
    await analyzePendingInstances(
      db,
      (done) => {
        marks.push([done, performance.now()]);
        process.stderr.write(`\r  ${engine} ${count}: analysed ${done}, ${mb()} MB peak   `);
      },
      { workers: availableParallelism() },
    );
    const analysisMs = performance.now() - analysisStarted;
    process.stderr.write("\n");
    // The rate between the marks nearest a tenth in and a tenth from the end.
    const at = (done: number) =>
      marks.reduce((best, m) => (Math.abs(m[0] - done) < Math.abs(best[0] - done) ? m : best));
    const rate = (from: [number, number], to: [number, number]) => ((to[0] - from[0]) * 1000) / (to[1] - from[1]);
    const start: [number, number] = [0, analysisStarted];
    const end = marks.at(-1) ?? start;
    return {
      engine,
      count,
      importMs,
      analysisMs,
      firstTenthRate: rate(start, at(tenth)),
      lastTenthRate: rate(at(count - tenth), end),
      importPeakMb,
      peakMb: mb(),
    };
  } finally {
    await db.$disconnect();
  }
}

/** Runs one size in a child process (its own peak memory) and reads its figures from its last line. */
function child(engine: string, count: number, url: string, dir: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [
        // BENCH_SCALE_NODE_FLAGS: flags for each size's process, e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile it.
        ...(process.env.BENCH_SCALE_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
        "--import",
        "tsx",
        fileURLToPath(import.meta.url),
        "--child",
        engine,
        String(count),
        url,
        dir,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    proc.stdout.on("data", (chunk) => {
      out += chunk;
    });
    proc.on("error", reject);
    proc.on("close", (code) => {
      const last = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !last.startsWith("{")) reject(new Error(`${engine} ${count} failed (exit ${code}): ${out}`));
      else resolve(JSON.parse(last) as Figures);
    });
  });
}

const perInstance = (ms: number, count: number) => `${(ms / count).toFixed(2)} ms`;

async function main() {
  if (process.argv[2] === "--child") {
    const [engine, count, url, dir] = process.argv.slice(3) as [string, string, string, string];
    console.log(JSON.stringify(await measure(engine, Number(count), url, dir)));
    return;
  }
  if (!SHARED_DATA) {
    console.log(`skipped: ${SHARED_DATA_MISSING}`);
    return;
  }
  const sizes = (process.env.BENCH_SCALE_SIZES ?? "10000,50000").split(",").map(Number);
  const engines = (process.env.BENCH_SCALE_ENGINES ?? "sqlite,postgres").split(",");
  for (const engine of engines) {
    const tmp = makeTempDir("hintscope-scale-");
    const cluster = engine === "postgres" ? await startPostgresCluster() : null;
    const rows: Figures[] = [];
    try {
      for (const count of sizes) {
        const url = cluster
          ? cluster.createDatabase(`scale_${count}`)
          : `file:${path.join(tmp.dir, `scale-${count}.db`)}`;
        const figures = await child(engine, count, url, tmp.dir);
        rows.push(figures);
        const first = rows[0] as Figures;
        const ratio = (a: number, b: number) => (a / b).toFixed(2);
        console.log(
          `${engine} ${count}: import ${(figures.importMs / 1000).toFixed(1)} s (${perInstance(figures.importMs, count)}/instance), ` +
            `analysis ${(figures.analysisMs / 1000).toFixed(1)} s (${perInstance(figures.analysisMs, count)}/instance; ` +
            `${figures.firstTenthRate.toFixed(0)}/s over the first tenth, ${figures.lastTenthRate.toFixed(0)}/s over the last); ` +
            `peak resident memory ${figures.importPeakMb} MB after the import, ${figures.peakMb} MB after the analysis` +
            (figures === first
              ? ""
              : `; per instance against ${first.count}: import ×${ratio(figures.importMs / count, first.importMs / first.count)}, ` +
                `analysis ×${ratio(figures.analysisMs / count, first.analysisMs / first.count)}, memory ×${ratio(figures.peakMb, first.peakMb)}`),
        );
      }
    } finally {
      await cluster?.stop();
      tmp.cleanup();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
