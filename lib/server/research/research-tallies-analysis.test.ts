/**
 * The analysis changes what the research page counts (each instance's identifiers per selection, its facts and
 * evidence): once it is done the kept counts are made again, so the page reads them and not every instance.
 * Real SWE-bench Lite instances, analysed here; both engines.
 */
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { importThenAnalyse } from "../import/import-then-analyse";
import { benchmarkFactsFromRows, benchmarkTallyFromRows } from "../runs/research-tallies";

let env: Awaited<ReturnType<typeof openTempDatabase>>;

beforeAll(async () => {
  env = await openTempDatabase();
});
afterAll(() => env.close());

test("an import analysed at once leaves the kept counts current and equal to the counts of its rows", async () => {
  const { analysis } = await importThenAnalyse(env.db, [path.join(REAL_DATA, "swebench-lite.jsonl")], {
    benchmark: "SWE-bench Lite",
    analysis: { mode: "now", workers: 1 },
  });
  expect(analysis.analysed).toBe(4);
  const [kept] = await env.db.researchTally.findMany();
  expect(kept?.talliedAt).toBe(kept?.changes);
  expect(kept?.factsTalliedAt).toBe(kept?.factChanges);
  const benchmarkId = kept?.benchmarkId as number;
  const tally = JSON.parse(kept?.tallies as string);
  expect(tally).toEqual(JSON.parse(JSON.stringify(await benchmarkTallyFromRows(env.db, benchmarkId))));
  expect(tally.instances).toBe(4);
  // The analysis's counts are in it: identifiers per selection over the four instances.
  expect(Object.values(tally.selections as Record<string, { total: number }>).some((s) => s.total > 0)).toBe(true);
  const facts = JSON.parse(kept?.facts as string);
  expect(facts).toEqual(await benchmarkFactsFromRows(env.db, benchmarkId));
  expect(facts.sums.length).toBeGreaterThan(0);
});
