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
import { SELECTIONS } from "../../domain/hint-vocabulary";
import type { InstanceEvidence } from "../../evidence/evidence";
import { leakShares } from "../../evidence/evidence-summary";
import { instanceDisclosure } from "../../evidence/solution-disclosure";
import { frontierInstance, RESEARCH_FACTS_VERSION } from "../../instance-analysis/research-facts";
import { parseListState } from "../../review/list-state";
import { type FrontierInstance, frontier, frontierBasis, hintSetPoint } from "../../stats/frontier";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { backfillResearchFacts } from "../analysis/research-fact-rows";
import { countColumn } from "../analysis/stored-counts";
import { decideView } from "../hints/bulk-decisions";
import { createHintSet, publishHintSet, versionLines } from "../hints/hint-sets";
import { importFiles } from "../import/import-files";
import { policiesOf, readEvidence, WITH_SELECTIONS } from "../stored-json";
import { loadResearchData } from "./research";
import {
  designRows,
  disclosureRows,
  frontierRows,
  leakRows,
  policyRows,
  type ReportRow,
  resolveRateRows,
} from "./research-report";

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
});
afterAll(() => env.close());

test("SPEC §4's table from the stored counts equals the table from every identifier's selections", async () => {
  const [instances, identifiers, benchmarks] = await Promise.all([
    env.db.instance.findMany({ select: { id: true, benchmarkId: true } }),
    env.db.identifier.findMany({ select: { instanceId: true, ...WITH_SELECTIONS } }),
    env.db.benchmark.findMany({ select: { id: true, name: true } }),
  ]);
  const name = new Map(benchmarks.map((b) => [b.id, b.name]));
  const fromIdentifiers = policyStats(
    instances.map((i) => ({
      benchmark: name.get(i.benchmarkId) as string,
      identifiers: identifiers
        .filter((x) => x.instanceId === i.id)
        .map((x) => ({ policies: policiesOf(x.selections) })),
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
  expect(() => runsOnly.frontierPoints()).toThrow(/the frontier part was not loaded/);
  expect(() => runsOnly.evidenceOfKey("x")).toThrow(/the judge part was not loaded/);
  const baseOnly = await loadResearchData(env.db, []);
  expect(() => baseOnly.runOutcomes).toThrow(/the runs part was not loaded/);
  const all = await loadResearchData(env.db);
  const rates = resolveRateRows(runsOnly);
  expect(rates.length).toBeGreaterThan(0);
  expect(rates).toEqual(resolveRateRows(all));
  expect(policyRows(runsOnly)).toEqual(policyRows(all));
  expect(designRows(runsOnly)).toEqual(designRows(all));
  // The per-instance disclosure counts the disclosure chart averages come from the base in both: every
  // instance's stored count of every selection, at its number in its benchmark's numbering.
  const instances = await env.db.instance.findMany({
    select: {
      externalId: true,
      countDefuse: true,
      countDoc2feat: true,
      countFea: true,
      countPro: true,
      benchmark: { select: { name: true } },
    },
  });
  expect(instances.some((i) => i.countDefuse > 0)).toBe(true);
  for (const i of instances) {
    const number = baseOnly.instancesOf(i.benchmark.name).numberOf(i.externalId) as number;
    expect(baseOnly.instancesOf(i.benchmark.name).ids[number]).toBe(i.externalId);
    for (const selection of SELECTIONS)
      expect(baseOnly.disclosedBy(i.benchmark.name, selection)?.[number]).toBe(i[countColumn(selection)]);
    expect(baseOnly.disclosedBy(i.benchmark.name, "constructor")).toBeNull();
  }
  expect(baseOnly.instancesOf("no such benchmark").size).toBe(0);
});

/** Every instance as the frontier reads it, from every stored identifier and every instance's evidence. */
async function everyInstance() {
  const [instances, identifiers, benchmarks] = await Promise.all([
    env.db.instance.findMany({
      select: {
        id: true,
        externalId: true,
        benchmarkId: true,
        evidence: true,
        goldPatch: true,
        interfaceText: true,
        requirements: true,
      },
    }),
    env.db.identifier.findMany({
      select: {
        instanceId: true,
        name: true,
        member: true,
        owner: true,
        kind: true,
        path: true,
        newFile: true,
        signature: true,
        ...WITH_SELECTIONS,
      },
      orderBy: [{ instanceId: "asc" }, { position: "asc" }],
    }),
    env.db.benchmark.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  return benchmarks.map((b) => {
    const own = instances.filter((i) => i.benchmarkId === b.id);
    const evidence = own.map((i) => readEvidence(i.evidence));
    const byId = new Map<string, FrontierInstance>(
      own.map((i, n) => {
        const named = identifiers
          .filter((x) => x.instanceId === i.id)
          .map(({ instanceId: _, selections, ...x }) => ({ ...x, policies: policiesOf(selections) }));
        // With each selection × projection's rendered hint measured against the gold patch.
        const instance = frontierInstance(named, evidence[n] as InstanceEvidence | null);
        return [i.externalId, { ...instance, disclosure: instanceDisclosure(named, i) }];
      }),
    );
    return { name: b.name, evidence, byId };
  });
}

/** Rows compared figure by figure: the same keys and labels, numbers equal to 12 places (sums in another order). */
function expectSameRows(actual: ReportRow[], expected: ReportRow[]) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, n) => {
    const want = expected[n] as ReportRow;
    expect(Object.keys(row).sort()).toEqual(Object.keys(want).sort());
    for (const [key, value] of Object.entries(want)) {
      if (typeof value === "number") expect(row[key], key).toBeCloseTo(value, 12);
      else expect(row[key], key).toEqual(value);
    }
  });
}

test("the frontier, leak shares and a published hint set's point, summed from the stored facts, equal the figures from every identifier and piece of evidence", async () => {
  // A published set: every Pro × Pro hint of the largest benchmark accepted (prose, so copying counts too).
  const largest = await env.db.benchmark.findFirstOrThrow({
    orderBy: { instances: { _count: "desc" } },
    select: { name: true },
  });
  await createHintSet(env.db, { name: "parts-pro", benchmark: largest.name, selection: "pro", projection: "pro" });
  const view = parseListState(new URLSearchParams({ benchmark: largest.name, selection: "pro", projection: "pro" }));
  const open = await env.db.instance.count({ where: { benchmark: { name: largest.name }, analysisStatus: "done" } });
  await decideView(env.db, view, { action: "accept" }, "ada", open);
  const version = await publishHintSet(env.db, "parts-pro");

  const benchmarks = await everyInstance();
  const expectedFrontier: ReportRow[] = benchmarks
    .flatMap((b) => frontier(b.name, [...b.byId.values()]))
    .filter((p) => p.instances > 0)
    .map((p) => ({ ...p, hint_set: null }));
  const { lines } = await versionLines(env.db, "parts-pro", version.version);
  const set = hintSetPoint(
    {
      name: "parts-pro",
      version: version.version,
      benchmark: largest.name,
      projection: "pro",
      lines: new Map(lines.map((l) => [l.instance_id, l.identifiers.map((i) => i.name)])),
      texts: new Map(lines.map((l) => [l.instance_id, l.hint])),
    },
    new Map(
      [...(benchmarks.find((b) => b.name === largest.name)?.byId ?? [])].map(([id, i]) => [id, frontierBasis(i)]),
    ),
  );
  expect(expectedFrontier.length).toBeGreaterThan(16);
  expect(set.instances).toBeGreaterThan(0);
  expect(set.transcription).toBeGreaterThan(0);
  const data = await loadResearchData(env.db, ["frontier"]);
  expectSameRows(frontierRows(data), [...expectedFrontier, { ...set }]);
  const expectedLeaks = benchmarks
    .flatMap((b) => leakShares(b.name, b.evidence))
    .filter((r) => r.instances > 0)
    .map((r) => ({ ...r }));
  expect(expectedLeaks.some((r) => r.with_channel > 0)).toBe(true);
  expectSameRows(leakRows(data), expectedLeaks);
});

test("the spoiler axis tells the projections apart on real SWE-bench Pro records: under DefUse, Declaration + Doc discloses less of the gold patch than Pro", async () => {
  // Summed by the database from the stored facts of the real SQLite (or PostgreSQL) file, as the page reads them.
  const points = frontierRows(await loadResearchData(env.db, ["frontier"])).filter(
    (p) => p.benchmark === "SWE-bench Pro" && p.hint_set === null,
  );
  const at = (selection: string, projection: string) =>
    points.find((p) => p.selection === selection && p.projection === projection)?.solution_disclosed as number;
  expect(points.length).toBe(16);
  expect(at("defuse", "declaration_doc")).toBeGreaterThan(0);
  expect(at("defuse", "declaration_doc")).toBeLessThan(at("defuse", "pro"));
  // More of the hint's text never transcribes less: name ≤ declaration ≤ declaration + doc ≤ pro.
  for (const selection of SELECTIONS) {
    expect(at(selection, "name")).toBeLessThanOrEqual(at(selection, "declaration"));
    expect(at(selection, "declaration")).toBeLessThanOrEqual(at(selection, "declaration_doc") + 1e-12);
    expect(at(selection, "declaration_doc")).toBeLessThanOrEqual(at(selection, "pro") + 1e-12);
  }
  // The other prose measure (each identifier's Pro text) is the same under both, as the issue found it.
  expect(points.find((p) => p.selection === "defuse" && p.projection === "declaration_doc")?.transcription).toBe(
    points.find((p) => p.selection === "defuse" && p.projection === "pro")?.transcription,
  );
});

test("facts of instances analysed before they were stored are made by the backfill (server start, report), never by a read", async () => {
  const before = frontierRows(await loadResearchData(env.db, ["frontier"]));
  const leaksBefore = leakRows(await loadResearchData(env.db, ["frontier"]));
  // As a database analysed before the facts existed: none stored, no version, and no leak count either.
  await env.db.selectionFact.deleteMany({});
  await env.db.leakFact.deleteMany({});
  await env.db.frontierBasis.deleteMany({});
  await env.db.instance.updateMany({ data: { researchFacts: 0, leakCount: null } });
  const analysed = await env.db.instance.count({ where: { evidence: { not: null } } });
  expect(analysed).toBeGreaterThan(0);
  // A read writes nothing: the facts are still missing after it.
  await loadResearchData(env.db, ["frontier"]);
  expect(await env.db.selectionFact.count()).toBe(0);
  // The backfill (run at server start and by `hints report`) makes them from identifiers and evidence.
  expect(await backfillResearchFacts(env.db)).toBeGreaterThan(0);
  const data = await loadResearchData(env.db, ["frontier"]);
  expectSameRows(frontierRows(data), before);
  expectSameRows(leakRows(data), leaksBefore);
  expect(await env.db.instance.count({ where: { researchFacts: { not: RESEARCH_FACTS_VERSION } } })).toBe(0);
  expect(await env.db.instance.count({ where: { leakCount: null, evidence: { not: null } } })).toBe(0);
  // A basis for each instance with anything test-facing (facts under each of the four selections), none for others.
  expect(await env.db.frontierBasis.count()).toBe((await env.db.selectionFact.count()) / 4);
  expect(await env.db.frontierBasis.count()).toBeGreaterThan(0);
});
