/**
 * `npm run bench:ui`, sort section: the instance list sorted by every sortable column at 10,000 and 50,000
 * instances (BENCH_SORT_SCALE=10000,50000), on SQLite and on a throwaway PostgreSQL cluster where
 * PostgreSQL is installed. The rows are the shared SWE-bench records replicated under new ids, real
 * problem statements and patches (so rows are as wide as a corpus's: what a scan pays), with one run's
 * results. Prints, per engine, size and column, the median of three of: one list window (50 rows at
 * offset 100, with the count of the view) and the instance page's navigation (position, previous, next,
 * next pending) for an instance in the middle of the view.
 */
import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseListState, SORTABLE } from "../review/list-state";
import { type Cell, insertRows } from "../server/db/bulk-sql";
import { bulkTarget, engineOf, openDatabase } from "../server/db/client";
import { recountResolvedSql } from "../server/list/list-sql";
import { listIds, listNavigation, listWindow } from "../server/list/review-list";
import { makeTempDir } from "../testing/fixtures";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../testing/postgres-cluster";
import { SHARED_DATA_MISSING, sharedFiles } from "../testing/shared-data";

const SIZES = (process.env.BENCH_SORT_SCALE ?? "10000,50000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);

type Shared = { id: string; repo: string; text: string; gold: string; test: string };

async function sharedRecords(): Promise<Shared[]> {
  const records: Shared[] = [];
  for (const file of sharedFiles("instances").filter((f) => /swebench-(lite|multilingual)/.test(f)))
    for await (const line of createInterface({ input: createReadStream(file) })) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as Record<string, string>;
      records.push({
        id: r.instance_id ?? "",
        repo: r.repo ?? "",
        text: r.problem_statement ?? "",
        gold: r.patch ?? "",
        test: r.test_patch ?? "",
      });
    }
  return records;
}

const COLUMNS = [
  "benchmarkId",
  "externalId",
  "repo",
  "baseCommit",
  "problemStatement",
  "goldPatch",
  "testPatch",
  "failToPass",
  "passToPass",
  "sourceFormat",
  "original",
  "contentHash",
  "hintSource",
  "analysisStatus",
  "selectionCounts",
  "countDefuse",
  "countDoc2feat",
  "countFea",
  "countPro",
  "leakCount",
  "updatedAt",
  "language",
];

/** Languages as a corpus holds them, one in five instances with none found. */
const LANGUAGES = ["python", "go", "javascript", "java", null];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return median(runs);
}

async function measure(
  records: Shared[],
  count: number,
  cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null,
) {
  const tmp = makeTempDir("hintscope-sort-bench-");
  const url = cluster ? cluster.createDatabase(`sort_${count}`) : `file:${path.join(tmp.dir, "sort.db")}`;
  const db = await openDatabase(url);
  try {
    const started = Date.now();
    const benchmark = await db.benchmark.create({ data: { name: `Sort ${count}` } });
    const run = await db.run.create({
      data: { benchmarkId: benchmark.id, model: "m", selection: "defuse", projection: "declaration", source: "bench" },
    });
    for (let start = 0; start < count; start += 1_000) {
      await db.$transaction(async (tx) => {
        const rows: Cell[][] = [];
        const results: Cell[][] = [];
        for (let i = start; i < Math.min(count, start + 1_000); i++) {
          const r = records[i % records.length] as Shared;
          const id = `${r.id}-r${Math.floor(i / records.length)}`;
          const counts = { defuse: i % 37, doc2feat: i % 11, fea: i % 5, pro: i % 7 };
          rows.push([
            benchmark.id,
            id,
            r.repo,
            "0",
            r.text,
            r.gold,
            r.test,
            "[]",
            "[]",
            "swebench",
            "{}",
            id,
            `h${i % 3}`,
            "done",
            JSON.stringify(counts),
            counts.defuse,
            counts.doc2feat,
            counts.fea,
            counts.pro,
            i % 3,
            new Date(),
            LANGUAGES[i % LANGUAGES.length] ?? null,
          ]);
          results.push([run.id, id, i % 4 === 0]);
        }
        await insertRows(bulkTarget(db, tx), "Instance", COLUMNS, rows);
        await insertRows(bulkTarget(db, tx), "RunResult", ["runId", "instanceExternalId", "resolved"], results);
      });
    }
    // The stored Resolved counts, as an import leaves them.
    await db.$executeRawUnsafe(recountResolvedSql(engineOf(db).sql), benchmark.id);
    if (cluster) await db.$executeRawUnsafe("ANALYZE");
    const engine = cluster ? "PostgreSQL" : "SQLite";
    console.log(`${engine}: ${count} instances written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const sort of SORTABLE) {
      const state = parseListState(new URLSearchParams({ sort }));
      const ids = await listIds(db, state);
      const middle = ids[Math.floor(ids.length / 2)]?.id as number;
      const window = await timed(() => listWindow(db, state, { offset: 100, limit: 50 }));
      const navigation = await timed(() => listNavigation(db, state, middle));
      console.log(
        `  ${engine} ${count} sort=${sort.padEnd(10)} window ${window.toFixed(0).padStart(6)} ms   navigation ${navigation.toFixed(0).padStart(6)} ms`,
      );
    }
  } finally {
    await db.$disconnect();
    tmp.cleanup();
  }
}

async function main() {
  const records = await sharedRecords();
  if (records.length === 0) {
    console.log(SHARED_DATA_MISSING);
    return;
  }
  const cluster =
    POSTGRES_AVAILABLE && (process.env.BENCH_SORT_ENGINES ?? "postgres").includes("postgres")
      ? await startPostgresCluster()
      : null;
  if (!cluster && !POSTGRES_AVAILABLE) console.log("PostgreSQL is not installed: SQLite only");
  try {
    // BENCH_SORT_ENGINES=sqlite (or postgres) measures one engine only.
    const engines = (process.env.BENCH_SORT_ENGINES ?? "sqlite,postgres").split(",");
    for (const engine of (cluster ? ["sqlite", "postgres"] : ["sqlite"]).filter((e) => engines.includes(e)))
      for (const count of SIZES) await measure(records, count, engine === "postgres" ? cluster : null);
  } finally {
    cluster?.stop();
  }
}

await main();
