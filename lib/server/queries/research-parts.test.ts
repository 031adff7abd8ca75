/**
 * The research data in parts: the base's SPEC §4 table, read from the identifier counts the analysis stores
 * on each instance, is the table computed from every identifier's selections (real records, analysed here);
 * a view that reads a part it did not load is told which; a view's figures are the same whichever other
 * parts were loaded beside its own.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { policyStats } from "../../analysis/policy-stats";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { readPolicies } from "../stored-json";
import { loadResearchData } from "./research";
import { designRows, disclosureRows, policyRows, resolveRateRows } from "./research-report";

let env: Awaited<ReturnType<typeof openTempDatabase>>;

beforeAll(async () => {
  env = await openTempDatabase();
  const runs = path.join(REAL_DATA, "results", "swebench-pro");
  await importFiles(env.db, [
    path.join(REAL_DATA, "swebench-pro-sample.jsonl"),
    path.join(REAL_DATA, "swebench-multilingual.jsonl"),
    path.join(REAL_DATA, "swebench-lite.jsonl"),
    ...readdirSync(runs).map((name) => path.join(runs, name)),
  ]);
  await analyzePendingInstances(env.db);
}, 300_000);
afterAll(() => env.close());

test("SPEC §4's table from the stored counts equals the table from every identifier's selections", async () => {
  const [instances, identifiers, benchmarks] = await Promise.all([
    env.db.instance.findMany({ select: { id: true, benchmarkId: true } }),
    env.db.identifier.findMany({ select: { instanceId: true, policies: true } }),
    env.db.benchmark.findMany({ select: { id: true, name: true } }),
  ]);
  const name = new Map(benchmarks.map((b) => [b.id, b.name]));
  const fromIdentifiers = policyStats(
    instances.map((i) => ({
      benchmark: name.get(i.benchmarkId) as string,
      identifiers: identifiers
        .filter((x) => x.instanceId === i.id)
        .map((x) => ({ policies: readPolicies(x.policies) })),
    })),
  );
  expect(benchmarks.length).toBeGreaterThanOrEqual(3);
  expect(fromIdentifiers.some((r) => r.total > 0)).toBe(true);
  const data = await loadResearchData(env.db, []);
  expect(data.specTable).toEqual(fromIdentifiers);
  expect(disclosureRows(data).length).toBe(fromIdentifiers.length);
});

test("a part not loaded is named where a view reads it; loaded parts give the same figures either way", async () => {
  const runsOnly = await loadResearchData(env.db, ["runs"]);
  expect(() => runsOnly.judgeSamples).toThrow(/the judge part was not loaded/);
  expect(() => runsOnly.ratings).toThrow(/the judge part was not loaded/);
  expect(() => runsOnly.frontierInstances()).toThrow(/the frontier part was not loaded/);
  const baseOnly = await loadResearchData(env.db, []);
  expect(() => baseOnly.runOutcomes).toThrow(/the runs part was not loaded/);
  const all = await loadResearchData(env.db);
  const rates = resolveRateRows(runsOnly);
  expect(rates.length).toBeGreaterThan(0);
  expect(rates).toEqual(resolveRateRows(all));
  expect(policyRows(runsOnly)).toEqual(policyRows(all));
  expect(designRows(runsOnly)).toEqual(designRows(all));
  // The per-instance disclosure counts the disclosure chart averages come from the base in both.
  const instance = await env.db.instance.findFirstOrThrow({
    where: { countDefuse: { gt: 0 } },
    select: { externalId: true, countDefuse: true, benchmark: { select: { name: true } } },
  });
  expect(baseOnly.disclosedBy(instance.benchmark.name, instance.externalId, "defuse")).toBe(instance.countDefuse);
  expect(baseOnly.disclosedBy(instance.benchmark.name, instance.externalId, "constructor")).toBe(0);
});
