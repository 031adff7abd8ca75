/**
 * A benchmark's page counts each run's results, resolved results and results that match an imported instance
 * in the database: the counts equal those made from every result row (real SWE-bench Pro runs, and one that
 * names ids the benchmark does not hold, so matched and results differ).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { getBenchmark } from "./benchmarks";

let env: Awaited<ReturnType<typeof openTempDatabase>>;

beforeAll(async () => {
  env = await openTempDatabase();
  const runs = path.join(REAL_DATA, "results", "swebench-pro");
  await importFiles(env.db, [
    path.join(REAL_DATA, "swebench-pro-sample.jsonl"),
    ...readdirSync(runs).map((name) => path.join(runs, name)),
  ]);
}, 300_000);
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
