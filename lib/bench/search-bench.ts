/**
 * `npx tsx lib/bench/search-bench.ts` (also in `npm run bench:ui`): the list's search at 10,000 and 50,000
 * instances (BENCH_SEARCH_SCALE=10000,50000) on SQLite, and on a throwaway PostgreSQL cluster where PostgreSQL
 * is installed. The instances are the shared records'
 * real issue texts and identifier names, replicated under new ids and written straight into the tables (the
 * import's own speed is import-bench's). Prints the time of one list window (the count of matches and the
 * first 50 rows, as the list asks) for an identifier fragment, a phrase of issue text, a rare word, a word
 * the last of which is a prefix, and a search that finds nothing. Target: under 300 ms at 50,000.
 */
import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseListState } from "../review/list-state";
import { type Cell, insertRows } from "../server/db/bulk-sql";
import { bulkTarget, engineOf, openDatabase } from "../server/db/client";
import { listQuery } from "../server/list/list-sql";
import { listWindow } from "../server/list/review-list";
import { makeTempDir } from "../testing/fixtures";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../testing/postgres-cluster";
import { SHARED_DATA_MISSING, sharedFiles } from "../testing/shared-data";

const SIZES = (process.env.BENCH_SEARCH_SCALE ?? "10000,50000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);

async function sharedRecords(): Promise<Array<{ id: string; repo: string; text: string; names: string[] }>> {
  const records: Array<{ id: string; repo: string; text: string; names: string[] }> = [];
  for (const file of sharedFiles("instances").filter((f) => /swebench-(lite|multilingual)/.test(f))) {
    for await (const line of createInterface({ input: createReadStream(file) })) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as { instance_id: string; repo: string; problem_statement: string; patch: string };
      // Names from the gold patch's added lines, up to 12 (the bench needs realistic names, not the analysis).
      const added = r.patch.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++"));
      const names = [...new Set(added.join("\n").match(/[A-Za-z_][A-Za-z0-9_]{4,}/g) ?? [])].slice(0, 12);
      records.push({ id: r.instance_id, repo: r.repo, text: r.problem_statement, names });
    }
  }
  return records;
}

async function main() {
  const records = await sharedRecords();
  if (records.length === 0) {
    console.log(SHARED_DATA_MISSING);
    return;
  }
  const cluster = POSTGRES_AVAILABLE ? await startPostgresCluster() : null;
  if (!cluster) console.log("PostgreSQL is not installed: SQLite only");
  try {
    for (const engine of cluster ? ["sqlite", "postgres"] : ["sqlite"])
      for (const count of SIZES) await measure(records, count, engine === "postgres" ? cluster : null);
  } finally {
    cluster?.stop();
  }
}

async function measure(
  records: Awaited<ReturnType<typeof sharedRecords>>,
  count: number,
  cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null,
) {
  {
    const tmp = makeTempDir("hintscope-search-bench-");
    const url = cluster ? cluster.createDatabase(`search_${count}`) : `file:${path.join(tmp.dir, "search.db")}`;
    const db = await openDatabase(url);
    try {
      const started = Date.now();
      const benchmark = await db.benchmark.create({ data: { name: `Search ${count} ${Date.now()}` } });
      for (let start = 0; start < count; start += 2_000) {
        await db.$transaction(async (tx) => {
          const rows: Cell[][] = [];
          for (let i = start; i < Math.min(count, start + 2_000); i++) {
            const r = records[i % records.length] as (typeof records)[number];
            const id = `${r.id}-r${Math.floor(i / records.length)}`;
            rows.push([
              benchmark.id,
              id,
              r.repo,
              "0",
              r.text,
              "",
              "",
              "[]",
              "[]",
              "swebench",
              "{}",
              id,
              "done",
              new Date(),
            ]);
          }
          await insertRows(bulkTarget(db, tx), "Instance", INSTANCE_COLUMNS, rows);
        });
      }
      const instances = await db.instance.findMany({ where: { benchmarkId: benchmark.id }, select: { id: true } });
      const identifiers: Cell[][] = [];
      instances.forEach(({ id }, i) => {
        const r = records[i % records.length] as (typeof records)[number];
        for (const [position, name] of r.names.entries())
          identifiers.push([id, name, name, "function", "x.py", false, "code", "new", "{}", position]);
      });
      for (let start = 0; start < identifiers.length; start += 20_000)
        await db.$transaction((tx) =>
          insertRows(bulkTarget(db, tx), "Identifier", IDENTIFIER_COLUMNS, identifiers.slice(start, start + 20_000)),
        );
      console.log(
        `${cluster ? "PostgreSQL" : "SQLite"}: ${count} instances, ${identifiers.length} identifiers written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      // The planner's statistics, as autovacuum would have them on a database in use.
      if (cluster) await db.$executeRawUnsafe("ANALYZE");
      if (process.env.BENCH_SEARCH_EXPLAIN) {
        const { from, params } = listQuery(
          parseListState(new URLSearchParams({ q: process.env.BENCH_SEARCH_EXPLAIN })),
          engineOf(db).sql,
        );
        const plan = await db.$queryRawUnsafe<Array<Record<string, string>>>(
          `${cluster ? "EXPLAIN ANALYZE" : "EXPLAIN QUERY PLAN"} SELECT COUNT(*) ${from}`,
          ...params,
        );
        console.log(plan.map((row) => Object.values(row).join(" ")).join("\n"));
      }
      for (const q of [
        "parsable_locale",
        "is not defined",
        "getpreferredencoding",
        "ValueError: inval",
        "zzqxv nothing",
      ]) {
        const times: number[] = [];
        let matching = 0;
        for (let run = 0; run < 5; run++) {
          const t = performance.now();
          matching = (await listWindow(db, parseListState(new URLSearchParams({ q })), { offset: 0, limit: 50 }))
            .matching;
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        console.log(
          `  search ${JSON.stringify(q).padEnd(24)} ${String(matching).padStart(6)} found   median ${times[2]?.toFixed(0)} ms (${times.map((x) => x.toFixed(0)).join(", ")})   target < 300 ms`,
        );
      }
    } finally {
      await db.$disconnect();
      tmp.cleanup();
    }
  }
}

const INSTANCE_COLUMNS = [
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
  "analysisStatus",
  "updatedAt",
] as const;
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
] as const;

await main();
