/**
 * A benchmark's page counts each run's results, resolved results and results that match an imported instance
 * in the database: the counts equal those made from every result row (real SWE-bench Pro runs, and one that
 * names ids the benchmark does not hold, so matched and results differ).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { swebenchRecord } from "../../testing/fixtures";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { getBenchmark, listBenchmarks } from "./benchmarks";

let env: Awaited<ReturnType<typeof openTempDatabase>>;

beforeAll(async () => {
  env = await openTempDatabase();
  const runs = path.join(REAL_DATA, "results", "swebench-pro");
  await importFiles(env.db, [
    path.join(REAL_DATA, "swebench-pro-sample.jsonl"),
    ...readdirSync(runs).map((name) => path.join(runs, name)),
  ]);
});
afterAll(() => env.close());

test("each run's results, resolved and matched counts are the counts of its result rows", async () => {
  const benchmark = await env.db.benchmark.findFirstOrThrow({ where: { runs: { some: {} } } });
  // A run with no result at all is listed with zeros.
  await env.db.run.create({
    data: { benchmarkId: benchmark.id, model: "empty", selection: "none", projection: "none" },
  });
  // A run that names an id the benchmark does not hold (counted in results, not matched), resolved.
  const known = await env.db.instance.findFirstOrThrow({ where: { benchmarkId: benchmark.id } });
  await importFiles(
    env.db,
    [
      env.tmp.write(
        "extra.eval_results.json",
        JSON.stringify({ [known.externalId]: false, "nobody__nothing-1": true, "nobody__nothing-2": false }),
      ),
    ],
    { benchmark: benchmark.name },
  );
  const page = await getBenchmark(benchmark.id, env.db);
  if (!page) throw new Error("the benchmark is there");
  const instances = new Set(
    (await env.db.instance.findMany({ where: { benchmarkId: benchmark.id }, select: { externalId: true } })).map(
      (i) => i.externalId,
    ),
  );
  const runs = await env.db.run.findMany({
    where: { benchmarkId: benchmark.id },
    include: { results: { select: { instanceExternalId: true, resolved: true } } },
  });
  expect(page.runs.length).toBe(runs.length);
  expect(runs.length).toBeGreaterThan(2);
  for (const run of runs) {
    expect(page.runs.find((r) => r.id === run.id)).toMatchObject({
      results: run.results.length,
      resolved: run.results.filter((r) => r.resolved).length,
      matched: run.results.filter((r) => instances.has(r.instanceExternalId)).length,
    });
  }
  expect(page.runs.find((r) => r.model === "extra")).toMatchObject({ results: 3, resolved: 1, matched: 1 });
  expect(page.runs.find((r) => r.model === "empty")).toMatchObject({ results: 0, resolved: 0, matched: 0 });
  expect(await getBenchmark(benchmark.id + 1000, env.db)).toBeNull();
});

/** The page's counts of every run of every benchmark against the counts made from every result row now. */
async function expectCountsOfRows() {
  const benchmarks = await env.db.benchmark.findMany({ select: { id: true } });
  for (const { id } of benchmarks) {
    const page = await getBenchmark(id, env.db);
    const instances = new Set(
      (await env.db.instance.findMany({ where: { benchmarkId: id }, select: { externalId: true } })).map(
        (i) => i.externalId,
      ),
    );
    const runs = await env.db.run.findMany({
      where: { benchmarkId: id },
      include: { results: { select: { instanceExternalId: true, resolved: true } } },
    });
    expect(page?.runs.length).toBe(runs.length);
    for (const run of runs)
      expect(
        page?.runs.find((r) => r.id === run.id),
        run.model,
      ).toMatchObject({
        results: run.results.length,
        resolved: run.results.filter((r) => r.resolved).length,
        matched: run.results.filter((r) => instances.has(r.instanceExternalId)).length,
      });
  }
  // The benchmarks list: instances and results from the same kept counts.
  for (const row of await listBenchmarks(env.db)) {
    expect(row.instanceCount).toBe(await env.db.instance.count({ where: { benchmarkId: row.id } }));
    expect(row.resultCount).toBe(await env.db.runResult.count({ where: { run: { benchmarkId: row.id } } }));
    expect(row.runCount).toBe(await env.db.run.count({ where: { benchmarkId: row.id } }));
  }
}

test("the kept counts follow every later write: a result changed, an instance a run named added, instances and results deleted, a run moved", async () => {
  const benchmark = await env.db.benchmark.findFirstOrThrow({ where: { runs: { some: {} } } });
  const extra = { benchmark: benchmark.name };
  // A newer row of the same ids: one result flips to resolved (an update in place), one id is new.
  await importFiles(
    env.db,
    [
      env.tmp.write(
        "extra2.eval_results.json",
        JSON.stringify({ "nobody__nothing-2": true, "nobody__nothing-3": false }),
      ),
    ],
    extra,
  );
  await expectCountsOfRows();
  // The instance the extra run named arrives later: now it matches.
  await importFiles(
    env.db,
    [env.tmp.write("late.jsonl", `${JSON.stringify(swebenchRecord(1, { instance_id: "nobody__nothing-1" }))}\n`)],
    extra,
  );
  expect(await env.db.instance.count({ where: { externalId: "nobody__nothing-1", benchmarkId: benchmark.id } })).toBe(
    1,
  );
  await expectCountsOfRows();
  // Instances deleted (one a run names), then results deleted.
  const some = await env.db.instance.findMany({
    where: { benchmarkId: benchmark.id },
    take: 2,
    orderBy: { id: "asc" },
  });
  await env.db.instance.deleteMany({ where: { id: { in: some.map((i) => i.id) } } });
  await expectCountsOfRows();
  const run = await env.db.run.findFirstOrThrow({
    where: { benchmarkId: benchmark.id, counts: { resultCount: { gt: 2 } } },
  });
  const two = await env.db.runResult.findMany({ where: { runId: run.id }, take: 2 });
  await env.db.runResult.deleteMany({ where: { id: { in: two.map((r) => r.id) } } });
  await env.db.runResult.updateMany({ where: { runId: run.id }, data: { resolved: true } });
  await expectCountsOfRows();
  // A run moved to another benchmark: none of its ids is an instance there.
  const other = await env.db.benchmark.create({ data: { name: "Elsewhere" } });
  await env.db.run.update({ where: { id: run.id }, data: { benchmarkId: other.id } });
  expect((await getBenchmark(other.id, env.db))?.runs[0]).toMatchObject({ id: run.id, matched: 0 });
  await expectCountsOfRows();
  // And back again.
  await env.db.run.update({ where: { id: run.id }, data: { benchmarkId: benchmark.id } });
  await expectCountsOfRows();
  // A run deleted with its results; a benchmark's instances all deleted.
  await env.db.run.delete({ where: { id: run.id } });
  await env.db.instance.deleteMany({ where: { benchmarkId: benchmark.id } });
  await expectCountsOfRows();
});
