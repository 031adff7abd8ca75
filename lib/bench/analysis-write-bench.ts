/**
 * `npm run bench:analysis-writes [COUNT]`: the analysis's write path on both engines, on the same corpus in
 * one run (issue 47: PostgreSQL's writes were about 5× SQLite's). COUNT instances (default 5,000): the shared
 * SWE-bench records replicated under new ids where ../shared/data is present, else synthetic ones. Each
 * engine imports the corpus into a fresh database and analyses it with the answers of a first, untimed run
 * on a scratch SQLite database (a pool that remembers each answer by the instance's content, its ids aside:
 * the copies of a record write the same analysis), so no analysis runs beside the timed writes; the time of
 * each batch's write transactions (claims, identifiers, selections, the instance rows, the research facts) is
 * summed. Prints each engine's
 * write time, per instance, and PostgreSQL's ratio to SQLite's (the target: at most 2×); then whether both
 * engines wrote the same analysis (every analysed table's rows, compared value by value). Then times the
 * research-facts version bump on each engine: every analysed instance's facts made again from what is stored,
 * as a server's first start after the release makes them (with "N of M" on stderr), and checks they are the
 * rows the analysis wrote.
 */

import { createHash } from "node:crypto";
import path from "node:path";
import type { EvidenceInput } from "../evidence/evidence";
import { analysisRecord } from "../instance-analysis/analysis-record";
import type { AnalysisPool, WorkResponse } from "../server/analysis/analysis-pool";
import { analyzePendingInstances } from "../server/analysis/analyze-stored-instances";
import { backfillResearchFacts } from "../server/analysis/research-fact-rows";
import { type Database, openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { makeTempDir } from "../testing/fixtures";
import { startPostgresCluster } from "../testing/postgres-cluster";
import { SHARED_DATA } from "../testing/shared-data";
import { replicate } from "./replicated-instances";
import { writeSyntheticInstances } from "./synthetic-instances";

interface Figures {
  engine: string;
  writeMs: number;
  analysisMs: number;
  batches: number;
  digest: Record<string, string>;
  /** the research facts made again after a version bump (every analysed instance's), and whether the same */
  backfillMs: number;
  backfilled: number;
  backfillSame: boolean;
}

/** The analysed tables, each read in a fixed order; `analyzedAt` (the clock) left out. */
const TABLES: Record<string, string> = {
  Instance: `SELECT "id", "analysisStatus", "analysisError", "approximate", "approximateReason", "unsupportedFiles",
    "hintSource", "evidence", "selectionCounts", "countDefuse", "leakCount", "researchFacts" FROM "Instance" ORDER BY "id"`,
  Identifier: `SELECT "instanceId", "position", "name", "member", "owner", "kind", "path", "newFile", "signature", "side",
    "status", "locations" FROM "Identifier" ORDER BY "instanceId", "position"`,
  IdentifierSelection: `SELECT "instanceId", "position", "selection" FROM "IdentifierSelection" ORDER BY "instanceId", "position", "selection"`,
  SelectionFact: `SELECT "instanceId", "benchmarkId", "selection", "guessworkLeft", "beyondDefuse", "transcriptionSum",
    "transcriptionCount" FROM "SelectionFact" ORDER BY "instanceId", "selection"`,
  LeakFact: `SELECT "instanceId", "benchmarkId", "channel" FROM "LeakFact" ORDER BY "instanceId", "channel"`,
  FrontierBasis: `SELECT "instanceId", "benchmarkId", "externalId", "basis" FROM "FrontierBasis" ORDER BY "instanceId"`,
};

/** A value as both engines' rows compare: booleans as 0/1, every number as its decimal text. */
const normal = (value: unknown) =>
  value === null || value === undefined
    ? null
    : typeof value === "boolean"
      ? String(Number(value))
      : typeof value === "number" || typeof value === "bigint"
        ? String(value)
        : String(value);

async function digest(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, sql] of Object.entries(TABLES)) {
    const hash = createHash("sha256");
    const rows = await db.$queryRawUnsafe<Array<Record<string, unknown>>>(sql);
    for (const row of rows) hash.update(`${JSON.stringify(Object.values(row).map(normal))}\n`);
    out[table] = `${rows.length} rows ${hash.digest("hex").slice(0, 12)}`;
  }
  return out;
}

/** Analyses in this thread, each distinct instance (by its content, ids aside) once across the engines. */
function rememberingPool(): AnalysisPool & { misses: number } {
  const answers = new Map<string, Promise<WorkResponse>>();
  return {
    misses: 0,
    size: 1,
    answeredBy: new Set<number>(),
    run(instance, found) {
      const { externalId: _e, ...content } = instance as EvidenceInput & { id?: number; benchmarkId?: number };
      const key = createHash("sha256")
        .update(JSON.stringify({ ...content, id: 0, benchmarkId: 0 }))
        .digest("hex");
      let answer = answers.get(key);
      if (!answer) {
        this.misses++;
        answer = analysisRecord(instance, found).then(
          (record): WorkResponse => ({ id: 0, record }),
          (error: unknown): WorkResponse => ({ id: 0, failure: String(error) }),
        );
        answers.set(key, answer);
      }
      return answer;
    },
    close: async () => {},
  };
}
const pool = rememberingPool();

async function measure(engine: string, url: string, file: string): Promise<Figures> {
  const db = await openDatabase(url);
  try {
    await importFiles(db, [file], { benchmark: "Write bench" });
    let writeMs = 0;
    let batches = 0;
    const started = performance.now();
    await analyzePendingInstances(
      db,
      (done) => process.stderr.write(`\r  ${engine}: analysed ${done}, writes ${(writeMs / 1000).toFixed(1)} s   `),
      {
        pool,
        store: null,
        onWritten: (ms) => {
          writeMs += ms;
          batches++;
        },
      },
    );
    const analysisMs = performance.now() - started;
    process.stderr.write("\n");
    const analysed = await digest(db);
    // (The warm-up only computes the answers.)
    const backfill = engine === "warm-up" ? { backfillMs: 0, backfilled: 0 } : await versionBump(engine, db);
    const again = engine === "warm-up" ? analysed : await digest(db);
    const backfillSame = Object.keys(TABLES).every((t) => again[t] === analysed[t]);
    return { engine, writeMs, analysisMs, batches, digest: analysed, ...backfill, backfillSame };
  } finally {
    await db.$disconnect();
  }
}

/**
 * The research-facts version bump: every analysed instance's facts behind (as after a release that changes
 * them), then made again as a server's first start makes them (backfillResearchFacts), timed, saying "N of M"
 * on stderr as it goes. The rows marked behind are vacuumed first on PostgreSQL (untimed), as rows written
 * long before a release would be.
 */
async function versionBump(engine: string, db: Database): Promise<{ backfillMs: number; backfilled: number }> {
  await db.$executeRawUnsafe(
    `UPDATE "Instance" SET "researchFacts" = "researchFacts" - 1 WHERE "evidence" IS NOT NULL`,
  );
  if (engine === "postgres") await db.$executeRawUnsafe(`VACUUM ANALYZE "Instance"`);
  const started = performance.now();
  const backfilled = await backfillResearchFacts(db, (filled, total) =>
    process.stderr.write(`\r  ${engine}: research facts made again for ${filled} of ${total}   `),
  );
  process.stderr.write("\n");
  return { backfillMs: performance.now() - started, backfilled };
}

async function main() {
  const count = Number(process.argv[2] ?? process.env.BENCH_WRITE_COUNT ?? 5000);
  if (!Number.isInteger(count) || count < 1) throw new Error(`the instance count must be a whole number (${count})`);
  const engines = (process.env.BENCH_WRITE_ENGINES ?? "sqlite,postgres").split(",");
  const tmp = makeTempDir("hintscope-write-bench-");
  const cluster = engines.includes("postgres") ? await startPostgresCluster() : null;
  try {
    const file = path.join(tmp.dir, "corpus.jsonl");
    if (SHARED_DATA) await replicate(file, count);
    else await writeSyntheticInstances(file, count, "Write bench");
    console.log(`analysis writes: ${count} instances (${SHARED_DATA ? "shared records replicated" : "synthetic"})`);
    // Every answer computed once, untimed.
    await measure("warm-up", `file:${tmp.dir}/warm-up.db`, file);
    pool.misses = 0;
    const figures: Figures[] = [];
    for (const engine of engines) {
      const url = cluster && engine === "postgres" ? cluster.createDatabase("writes") : `file:${tmp.dir}/writes.db`;
      const f = await measure(engine, url, file);
      if (pool.misses > 0) console.log(`  (${engine}: ${pool.misses} instances analysed beside the timed writes)`);
      figures.push(f);
      console.log(
        `  ${engine.padEnd(8)} writes ${(f.writeMs / 1000).toFixed(1)} s (${(f.writeMs / count).toFixed(2)} ms/instance, ${f.batches} batches); ` +
          `the whole analysis run ${(f.analysisMs / 1000).toFixed(1)} s`,
      );
      console.log(
        `  ${engine.padEnd(8)} research-facts version bump: ${f.backfilled} instances' facts made again in ${(f.backfillMs / 1000).toFixed(1)} s ` +
          `(${(f.backfillMs / Math.max(1, f.backfilled)).toFixed(2)} ms/instance); ${f.backfillSame ? "the same rows as the analysis wrote" : "DIFFERENT rows from the analysis's"}`,
      );
      if (!f.backfillSame) process.exitCode = 1;
    }
    const [sqlite, postgres] = ["sqlite", "postgres"].map((e) => figures.find((f) => f.engine === e));
    if (sqlite && postgres) {
      console.log(
        `  ratio PostgreSQL / SQLite writes: ${(postgres.writeMs / sqlite.writeMs).toFixed(2)}× (target ≤ 2×); ` +
          `version bump ${(postgres.backfillMs / sqlite.backfillMs).toFixed(2)}×`,
      );
      const differ = Object.keys(TABLES).filter((t) => sqlite.digest[t] !== postgres.digest[t]);
      for (const t of Object.keys(TABLES))
        console.log(`  ${t.padEnd(20)} sqlite ${sqlite.digest[t]}  postgres ${postgres.digest[t]}`);
      console.log(differ.length === 0 ? "  same analysis on both engines" : `  DIFFERENT on: ${differ.join(", ")}`);
      if (differ.length > 0) process.exitCode = 1;
    }
  } finally {
    await cluster?.stop();
    tmp.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
