import path from "node:path";
import { PROJECTIONS, SELECTIONS } from "../domain/hint-vocabulary";
import { RESEARCH_FACTS_VERSION } from "../instance-analysis/research-facts";
import { parseListState } from "../review/list-state";
import { disclosureColumn } from "../server/analysis/research-fact-rows";
import { countColumn } from "../server/analysis/stored-counts";
import { insertRows, selectRows } from "../server/db/bulk-sql";
import { bulkTarget, type Database, openDatabase } from "../server/db/client";
import { LIST_PAGE, listFacets, listWindow } from "../server/list/review-list";
import { getBenchmark } from "../server/queries/benchmarks";
import { guessworkRows } from "../server/research/guesswork";
import { composeResearchData, loadResearchJudge } from "../server/research/research";
import { loadResearchGround, loadResearchRunCounts } from "../server/research/research-counts";
import { loadResearchFrontier } from "../server/research/research-frontier";
import {
  designRows,
  disclosureRows,
  evidenceJudgeRows,
  frontierRows,
  leakRows,
  pairedView,
  policyRows,
  raterAgreementRows,
  resolveRateRows,
} from "../server/research/research-report";
import { fillResearchTallies } from "../server/runs/research-tallies";
import { outcomeText } from "../stats/run-outcome-text";
import { makeTempDir } from "../testing/fixtures";
import { startPostgresCluster } from "../testing/postgres-cluster";

/*
 * The research page and the benchmark page at two corpus sizes in one run (issue 47: "their cost does not grow
 * with the corpus: 10k against 50k within 1.2×"). Each size is a synthetic corpus written straight into a
 * fresh database as the analysis and the imports leave it (instances with their stored counts and research
 * facts, nine runs over every instance with their stored outcomes), so building 50,000 takes seconds, not the
 * analysis's minutes. Timed in this process: what each page's server components compute before rendering
 * (the benchmark page: its runs, the list's first window and its facets; the research page: every section's
 * data and tables), the median of five after one warm-up, and the ratio of the larger size to the smaller.
 *
 *   npm run bench:research                       SQLite, 10,000 and 50,000
 *   BENCH_RESEARCH_SIZES=2000,10000 …            other sizes
 *   BENCH_RESEARCH_ENGINE=postgres …             a throwaway PostgreSQL cluster
 */

const SIZES = (process.env.BENCH_RESEARCH_SIZES ?? "10000,50000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const ENGINE = process.env.BENCH_RESEARCH_ENGINE === "postgres" ? "postgres" : "sqlite";
const RUNS = 9;
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Writes a corpus of `count` instances and nine runs over all of them into an empty database. */
export async function buildCorpus(db: Database, count: number): Promise<number> {
  const benchmark = await db.benchmark.create({ data: { name: `Scale ${count}` } });
  const target = bulkTarget(db, db);
  const evidence = JSON.stringify({ leaks: [], identifiers: [], literals: [] });
  const CHUNK = 5000;
  const now = new Date();
  for (let start = 0; start < count; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) {
      const counts = [1 + (i % 3), 2 + (i % 4), 1 + (i % 2), 4 + (i % 5)];
      rows.push([
        benchmark.id,
        `scale__repo-${String(i).padStart(6, "0")}`,
        `scale/repo-${i % 40}`,
        "0".repeat(40),
        `Feature ${i}`,
        `diff --git a/m${i}.py b/m${i}.py\n+def feature_${i}(a, b=None):\n+    return a\n`,
        "",
        "[]",
        "[]",
        "swebench",
        "{}",
        `hash-${i}`,
        "done",
        evidence,
        JSON.stringify(Object.fromEntries(SELECTIONS.map((s, k) => [s, counts[k]]))),
        i % 7 === 0 ? 1 : 0,
        ...counts,
        RESEARCH_FACTS_VERSION,
        now,
      ]);
    }
    await insertRows(
      target,
      "Instance",
      [
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
        "evidence",
        "selectionCounts",
        "leakCount",
        ...SELECTIONS.map(countColumn),
        "researchFacts",
        "updatedAt",
      ],
      rows,
    );
  }
  const instances = (await selectRows(target, `SELECT "id", "externalId" FROM "Instance" ORDER BY "id"`, [])).map(
    (row) => ({ id: Number(row.id), externalId: String(row.externalId) }),
  );
  // The research facts the analysis stores: each selection's part of the frontier, a leak channel on one in seven.
  for (let start = 0; start < instances.length; start += CHUNK) {
    const slice = instances.slice(start, start + CHUNK);
    await insertRows(
      target,
      "SelectionFact",
      [
        "instanceId",
        "benchmarkId",
        "selection",
        "guessworkLeft",
        "beyondDefuse",
        "transcriptionSum",
        "transcriptionCount",
        ...PROJECTIONS.map(disclosureColumn),
      ],
      slice.flatMap(({ id }, n) =>
        SELECTIONS.map((selection, k) => [
          id,
          benchmark.id,
          selection,
          k === 0 ? 0 : 0.5,
          k,
          0.1 * k,
          k + 1,
          ...PROJECTIONS.map((_, p) => ((n + p) % 10) / 100),
        ]),
      ),
    );
    await insertRows(
      target,
      "FrontierBasis",
      ["instanceId", "benchmarkId", "externalId", "basis"],
      slice.map(({ id, externalId }) => [
        id,
        benchmark.id,
        externalId,
        JSON.stringify({ test: ["f"], messages: [], transcription: [] }),
      ]),
    );
    await insertRows(
      target,
      "LeakFact",
      ["instanceId", "benchmarkId", "channel"],
      slice.filter((_, n) => (start + n) % 7 === 0).map(({ id }) => [id, benchmark.id, "id_commit"]),
    );
  }
  // Nine runs over every instance, a different share resolved each, with their stored outcomes.
  for (let run = 0; run < RUNS; run++) {
    const created = await db.run.create({
      data: {
        benchmarkId: benchmark.id,
        model: `model-${run}`,
        selection: SELECTIONS[run % SELECTIONS.length] as string,
        projection: PROJECTIONS[run % PROJECTIONS.length] as string,
      },
    });
    const results = instances.map(
      ({ externalId }, n) => [externalId, (n * 7 + run * 13) % 10 < 2 + run, null] as [string, boolean, null],
    );
    for (let start = 0; start < results.length; start += CHUNK)
      await insertRows(
        target,
        "RunResult",
        ["runId", "instanceExternalId", "resolved"],
        results.slice(start, start + CHUNK).map(([id, resolved]) => [created.id, id, resolved]),
      );
    await db.run.update({ where: { id: created.id }, data: { outcomes: outcomeText(results) } });
  }
  // The research tallies, as the write that imports runs leaves them (lib/server/runs/research-tallies.ts).
  await fillResearchTallies(db);
  return benchmark.id;
}

/** What the benchmark page's server components compute (app/benchmarks/[id]/page.tsx). */
async function benchmarkPage(db: Database, id: number) {
  const benchmark = await getBenchmark(id, db);
  if (!benchmark) throw new Error(`no benchmark ${id}`);
  const scope = { benchmarkId: id };
  await Promise.all([
    listWindow(db, parseListState({}), { offset: 0, limit: LIST_PAGE }, scope),
    listFacets(db, scope),
  ]);
  return benchmark.runs.length;
}

/**
 * What the research page's sections compute (components/research/*, lib/server/research/research-request.ts):
 * every part, every table, from the counts the database keeps.
 */
async function researchPage(db: Database) {
  const ground = await loadResearchGround(db);
  const [runs, judge, frontier] = await Promise.all([
    loadResearchRunCounts(db, ground),
    loadResearchJudge(db, ground),
    loadResearchFrontier(db, ground),
  ]);
  const data = composeResearchData(ground, { runs, judge, frontier });
  const tables = [
    resolveRateRows(data),
    policyRows(data),
    designRows(data),
    disclosureRows(data),
    frontierRows(data),
    leakRows(data),
    evidenceJudgeRows(data),
    raterAgreementRows(data),
    await guessworkRows(db),
  ];
  pairedView(data);
  return tables.reduce((sum, rows) => sum + rows.length, 0);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function main() {
  const tmp = makeTempDir("hintscope-research-scale-");
  const cluster = ENGINE === "postgres" ? await startPostgresCluster() : null;
  const measured: Array<{
    count: number;
    benchmark: number;
    research: number;
    runsPart: number;
    windowPart: number;
    facetsPart: number;
  }> = [];
  try {
    for (const count of SIZES) {
      const url = cluster ? cluster.createDatabase(`research_${count}`) : `file:${path.join(tmp.dir, `${count}.db`)}`;
      const db = await openDatabase(url);
      try {
        const building = performance.now();
        const id = await buildCorpus(db, count);
        console.log(
          `${ENGINE} ${count.toLocaleString("en")} instances, ${RUNS} runs: built in ${((performance.now() - building) / 1000).toFixed(1)} s`,
        );
        const benchmark = await timed(() => benchmarkPage(db, id));
        // The page's parts apart: its runs (this file's kept counts), the list's first window, its facets.
        const runsPart = await timed(() => getBenchmark(id, db));
        const windowPart = await timed(() =>
          listWindow(db, parseListState({}), { offset: 0, limit: LIST_PAGE }, { benchmarkId: id }),
        );
        const facetsPart = await timed(() => listFacets(db, { benchmarkId: id }));
        const research = await timed(() => researchPage(db));
        console.log(
          `  benchmark page ${benchmark.toFixed(0)} ms (runs ${runsPart.toFixed(1)}, list window ${windowPart.toFixed(1)}, facets ${facetsPart.toFixed(1)})   research page ${research.toFixed(0)} ms   (server side, median of ${ROUNDS})`,
        );
        measured.push({ count, benchmark, research, runsPart, windowPart, facetsPart });
      } finally {
        await db.$disconnect();
      }
    }
  } finally {
    cluster?.stop();
    tmp.cleanup();
  }
  const [small, large] = [measured[0], measured.at(-1)];
  if (small && large && small !== large) {
    const ratio = (a: number, b: number) => `${(b / a).toFixed(2)}×`;
    console.log(
      `${large.count.toLocaleString("en")} against ${small.count.toLocaleString("en")}: benchmark page ${ratio(small.benchmark, large.benchmark)} (runs ${ratio(small.runsPart, large.runsPart)}, list window ${ratio(small.windowPart, large.windowPart)}, facets ${ratio(small.facetsPart, large.facetsPart)}), research page ${ratio(small.research, large.research)}   target ≤ 1.2×`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
