/**
 * `npm run bench:run-import` (issue 47): nine runs imported into a corpus, and the list read right before and
 * right after, on SQLite and on a throwaway PostgreSQL cluster where PostgreSQL is installed. The corpus is the
 * shared SWE-bench records replicated under new ids (lib/bench/replicated-instances.ts) and imported as any
 * file is, with identifier names from each record's gold patch written beside them (the search reads names; the
 * analysis' own speed is analysis-bench's). The nine runs are SWE-bench Pro `eval_results.json` files over every
 * instance, a different share resolved each, each imported by importFiles as the command line does.
 *
 * Prints per engine: the time of each run's import; then, before the runs and right after them (no pause, no
 * ANALYZE or VACUUM of the bench's own), the median of five of the list's first page (its first window of 50
 * rows with both counts, and its facets: what the server reads for the first paint) and of search keystrokes
 * (one window each, as the list asks per keystroke: "pars" and "parsable", then "pa", which waits for a third
 * character); and the ratio after / before of each, against the issue's bound of 1.5×.
 *
 *   BENCH_RUN_IMPORT_SCALE=50000   instances in the corpus (default 50,000; a few thousand shows it works)
 *   BENCH_RUN_IMPORT_ENGINES=sqlite,postgres
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseListState } from "../review/list-state";
import { type Cell, insertRows } from "../server/db/bulk-sql";
import { bulkTarget, type Database, openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { listFacets, listWindow } from "../server/list/review-list";
import { makeTempDir } from "../testing/fixtures";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../testing/postgres-cluster";
import { SHARED_DATA_MISSING, sharedFiles } from "../testing/shared-data";
import { replicate } from "./replicated-instances";

const SIZE = Number(process.env.BENCH_RUN_IMPORT_SCALE ?? 50_000);
const ENGINES = (process.env.BENCH_RUN_IMPORT_ENGINES ?? "sqlite,postgres").split(",");
const BENCHMARK = "Run import bench";
const RUNS = 9;
/** The bound the issue sets: the list right after nine runs within 1.5× its time before them. */
const BOUND = 1.5;
/** Times taken of each read, the median printed. */
const SAMPLES = 5;

const IDENTIFIER_COLUMNS = [
  "instanceId",
  "name",
  "member",
  "kind",
  "path",
  "newFile",
  "side",
  "status",
  "locations",
  "position",
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return median(runs);
}

/** Names the gold patch adds (up to 12 an instance), as the search-bench writes them. */
function namesOf(patch: string): string[] {
  const added = patch.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++"));
  return [...new Set(added.join("\n").match(/[A-Za-z_][A-Za-z0-9_]{4,}/g) ?? [])].slice(0, 12);
}

async function writeIdentifiers(db: Database): Promise<number> {
  const instances = await db.instance.findMany({ select: { id: true, goldPatch: true }, orderBy: { id: "asc" } });
  const rows: Cell[][] = [];
  for (const { id, goldPatch } of instances)
    for (const [position, name] of namesOf(goldPatch).entries())
      rows.push([id, name, name, "function", "x.py", false, "code", "new", "{}", position]);
  for (let start = 0; start < rows.length; start += 20_000)
    await db.$transaction((tx) =>
      insertRows(bulkTarget(db, tx), "Identifier", IDENTIFIER_COLUMNS, rows.slice(start, start + 20_000)),
    );
  return rows.length;
}

/** What the list reads: its first paint, and a window per search keystroke. */
const READS: Array<{ name: string; read: (db: Database) => Promise<unknown> }> = [
  {
    name: "first page (window + facets)",
    read: (db) =>
      Promise.all([listWindow(db, parseListState(new URLSearchParams()), { offset: 0, limit: 50 }), listFacets(db)]),
  },
  ...["pars", "parsable", "pa"].map((q) => ({
    name: `keystroke ${JSON.stringify(q)}`,
    read: (db: Database) => listWindow(db, parseListState(new URLSearchParams({ q })), { offset: 0, limit: 50 }),
  })),
];

async function measureAll(db: Database): Promise<number[]> {
  const times: number[] = [];
  for (const { read } of READS) times.push(await timed(() => read(db)));
  return times;
}

async function measure(
  engine: "sqlite" | "postgres",
  cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null,
) {
  const tmp = makeTempDir("hintscope-run-import-bench-");
  const url =
    engine === "postgres" && cluster
      ? cluster.createDatabase(`run_import_${SIZE}`)
      : `file:${path.join(tmp.dir, "bench.db")}`;
  const label = engine === "postgres" ? "PostgreSQL" : "SQLite";
  const db = await openDatabase(url);
  try {
    let started = performance.now();
    const corpus = path.join(tmp.dir, "corpus.jsonl");
    await replicate(corpus, SIZE);
    await importFiles(db, [corpus], { benchmark: BENCHMARK });
    const names = await writeIdentifiers(db);
    console.log(
      `${label}: ${SIZE} instances imported, ${names} identifier names written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // The corpus as a database in use has it: its statistics and visibility up to date (autovacuum's work).
    if (engine === "postgres") await db.$executeRawUnsafe("VACUUM ANALYZE");
    const before = await measureAll(db);
    const ids = (await db.instance.findMany({ select: { externalId: true }, orderBy: { id: "asc" } })).map(
      (i) => i.externalId,
    );
    started = performance.now();
    for (let run = 0; run < RUNS; run++) {
      const file = path.join(tmp.dir, `bench-model-${run}.eval_results.json`);
      writeFileSync(
        file,
        JSON.stringify(Object.fromEntries(ids.map((id, n) => [id, (n * 7 + run * 13) % 10 < 2 + (run % 7)]))),
      );
      const t = performance.now();
      await importFiles(db, [file], { benchmark: BENCHMARK });
      console.log(`  ${label} run ${run + 1} of ${RUNS} imported in ${((performance.now() - t) / 1000).toFixed(2)} s`);
    }
    console.log(`  ${label}: ${RUNS} runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const after = await measureAll(db);
    for (const [n, { name }] of READS.entries()) {
      const ratio = (after[n] as number) / (before[n] as number);
      console.log(
        `  ${label} ${SIZE} ${name.padEnd(30)} before ${(before[n] as number).toFixed(1).padStart(8)} ms   after ${(after[n] as number).toFixed(1).padStart(8)} ms   ×${ratio.toFixed(2)} ${ratio <= BOUND ? "(within" : "(OVER"} ${BOUND}×)`,
      );
    }
  } finally {
    await db.$disconnect();
    tmp.cleanup();
  }
}

async function main() {
  if (sharedFiles("instances").filter((f) => /swebench-(lite|multilingual)/.test(f)).length === 0) {
    console.log(SHARED_DATA_MISSING);
    return;
  }
  const postgres = ENGINES.includes("postgres") && POSTGRES_AVAILABLE;
  if (ENGINES.includes("postgres") && !POSTGRES_AVAILABLE) console.log("PostgreSQL is not installed: SQLite only");
  const cluster = postgres ? await startPostgresCluster() : null;
  try {
    if (ENGINES.includes("sqlite")) await measure("sqlite", null);
    if (cluster) await measure("postgres", cluster);
  } finally {
    cluster?.stop();
  }
}

await main();
