/**
 * The research page reads counts the database keeps per benchmark, run and pair of runs (ResearchTally), not
 * every instance of every run; every figure it shows from them is the figure the per-instance functions give
 * over the rows (lib/stats: resolveRates, policyComparison, pairOutcomes and McNemar, designRates,
 * meanOverAttempted, policyStatsOfCounts). Checked after each write that changes what they count: runs
 * imported (every status, an id of no instance, design verdicts), a run replaced by a re-import with changed
 * outcomes, an import taken back, an instance deleted, the analysis's counts changed; between such a write and
 * the fill that follows it the kept text is not read (its stamp is behind) and the figures are still exact.
 * Real SWE-bench Pro and Multilingual instances; both engines.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SELECTIONS } from "../../domain/hint-vocabulary";
import { designRates } from "../../stats/design-constraints";
import { exactMcNemar, pairOutcomes } from "../../stats/mcnemar";
import { attemptedAny, meanOverAttempted, outcomeOf } from "../../stats/numbered-outcomes";
import { policyComparison } from "../../stats/policy-comparison";
import { resolveRates } from "../../stats/resolve-rates";
import { disclosedMean } from "../../stats/run-tallies";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { execute } from "../db/bulk-sql";
import { bulkTarget } from "../db/client";
import { importFiles } from "../import/import-files";
import { listImports, takeBackImport } from "../import/imports";
import { fillResearchTallies } from "../runs/research-tallies";
import { fillRunOutcomes } from "../runs/run-outcome-texts";
import { composeResearchData, loadResearchBase, loadResearchData } from "./research";
import { loadResearchGround, loadResearchRunCounts } from "./research-counts";
import {
  configurationName,
  designRows,
  pairedRows,
  pairedView,
  policyRows,
  resolveRateReportRow,
  resolveRateRows,
} from "./research-report";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const PRO = "SWE-bench Pro";
const MULTI = "SWE-bench Multilingual";
let pro: string[];
let multi: string[];

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-pro-sample.jsonl")], { benchmark: PRO });
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-multilingual.jsonl")], { benchmark: MULTI });
  const idsOf = async (name: string) =>
    (
      await env.db.instance.findMany({
        where: { benchmark: { name } },
        select: { externalId: true },
        orderBy: { externalId: "asc" },
      })
    ).map((i) => i.externalId);
  [pro, multi] = [await idsOf(PRO), await idsOf(MULTI)];
  expect(pro.length).toBe(8);
  expect(multi.length).toBe(7);
  // Identifier counts per selection as the analysis writes them (made up, varied, some zero).
  await setCounts(1);
});
afterAll(() => env.close());

/** Writes every instance's four counts (as the analysis stores them), from a seed. */
async function setCounts(seed: number) {
  const instances = await env.db.instance.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  for (const { id } of instances)
    await execute(
      bulkTarget(env.db, env.db),
      `UPDATE "Instance" SET "countDefuse" = $1, "countDoc2feat" = $2, "countFea" = $3, "countPro" = $4 WHERE "id" = $5`,
      [(id * seed) % 4, (id + seed) % 3, (id * 7 + seed) % 5, id % 2 === seed % 2 ? 0 : 6, id],
    );
}

type Report = Partial<
  Record<"resolved_ids" | "unresolved_ids" | "empty_patch_ids" | "error_ids" | "incomplete_ids", string[]>
>;

/** Imports a harness report of a run (model, selection, projection given), in a file of its own. */
async function importReport(file: string, run: [string, string, string], report: Report, benchmark = PRO) {
  const full = path.join(env.tmp.dir, `${file}.json`);
  writeFileSync(full, JSON.stringify({ unresolved_ids: [], ...report, resolved_ids: report.resolved_ids ?? [] }));
  const [model, selection, projection] = run;
  await importFiles(env.db, [full], { benchmark, run: { model, selection, projection }, replace: true });
}

/** Whether every benchmark's kept text is as new as its last change (the page reads it, not the rows). */
async function keptIsCurrent() {
  const rows = await env.db.researchTally.findMany();
  return rows.length > 0 && rows.every((r) => r.talliedAt === r.changes && r.tallies !== null);
}

/** The page's figures, from the kept counts (research-request.ts's parts). */
async function pageFigures() {
  const ground = await loadResearchGround(env.db);
  const data = composeResearchData(ground, { runs: await loadResearchRunCounts(env.db, ground) });
  const runs = data.talliedRuns;
  const pairs = runs.flatMap((a, i) =>
    runs.slice(i + 1).flatMap((b) => {
      if (a.benchmark !== b.benchmark) return [];
      const row = pairedRows(data, configurationName(a), configurationName(b), a.benchmark)[0];
      return [[a.runId, b.runId, row?.both, row?.first_only, row?.second_only, row?.neither, row?.p, row?.difference]];
    }),
  );
  return {
    rates: resolveRateRows(data),
    policies: policyRows(data),
    design: designRows(data).map((r) => [
      r.model,
      r.instances,
      r.unmatched,
      r.pass_rate,
      r.dsr,
      r.dvr,
      r.dnr,
      r.cramers_v,
    ]),
    pairs,
    paired: pairedView(data)?.cells ?? null,
    disclosed: runs.map((r) => [r.runId, ...SELECTIONS.map((s) => disclosedMean(r.tally, s))]),
    specTable: data.specTable,
  };
}

/** The same figures recounted from every instance's row by the per-instance functions. */
async function rowFigures() {
  const data = await loadResearchData(env.db, ["runs"]);
  const base = await loadResearchBase(env.db);
  const runs = data.runOutcomes;
  const byName = (a: { benchmark: string; model: string; selection: string; projection: string }, b: typeof a) =>
    a.benchmark.localeCompare(b.benchmark) ||
    a.model.localeCompare(b.model) ||
    a.selection.localeCompare(b.selection) ||
    a.projection.localeCompare(b.projection);
  const pairs = runs.flatMap((a, i) =>
    runs.slice(i + 1).flatMap((b) => {
      if (a.benchmark !== b.benchmark) return [];
      const t = pairOutcomes(a, b);
      const difference =
        t.n === 0 ? null : (t.both.length + t.firstOnly.length - t.both.length - t.secondOnly.length) / t.n;
      return [
        [
          a.runId,
          b.runId,
          t.both.length,
          t.firstOnly.length,
          t.secondOnly.length,
          t.neither.length,
          t.n === 0 ? null : exactMcNemar(t.firstOnly.length, t.secondOnly.length),
          difference,
        ],
      ];
    }),
  );
  const attempted = runs.filter(attemptedAny);
  const firstPair = attempted
    .flatMap((x, i) => attempted.slice(i + 1).map((y) => [x, y] as const))
    .map(([x, y]) => (x.benchmark === y.benchmark ? pairOutcomes(x, y) : null))
    .find((t) => t !== null && t.n > 0);
  return {
    rates: resolveRates(runs).sort(byName).map(resolveRateReportRow),
    policies: policyComparison(runs).map((row) => ({ ...row })),
    design: runs.flatMap((run) => {
      const verdicts = data.verdicts.get(run.runId);
      if (!verdicts) return [];
      const r = designRates(verdicts, { get: (id) => outcomeOf(run, id) }, run.instances);
      return [[run.model, r.instances, r.unmatched, r.passRate, r.satisfied, r.violated, r.neutral, r.cramersV]];
    }),
    pairs,
    paired: firstPair
      ? {
          both: firstPair.both.length,
          firstOnly: firstPair.firstOnly.length,
          secondOnly: firstPair.secondOnly.length,
          neither: firstPair.neither.length,
        }
      : null,
    disclosed: runs.map((r) => [
      r.runId,
      ...SELECTIONS.map((s) => meanOverAttempted(r, base.disclosedBy(r.benchmark, s) ?? new Int32Array(0))),
    ]),
    specTable: base.specTable,
  };
}

async function expectSameFigures() {
  const [page, rows] = [await pageFigures(), await rowFigures()];
  // The difference of the paired rows is compared through its definition (first rate − second rate).
  expect({ ...page, pairs: page.pairs.map((p) => p.slice(0, 7)) }).toEqual({
    ...rows,
    pairs: rows.pairs.map((p) => p.slice(0, 7)),
  });
  page.pairs.forEach((p, i) => {
    const expected = rows.pairs[i]?.[7];
    if (expected === null || expected === undefined) expect(p[7]).toBeNull();
    else expect(p[7]).toBeCloseTo(expected as number, 12);
  });
  return page;
}

test("the kept counts give every research figure the rows give, through imports, replacements, take-backs and deletions", async () => {
  const [a, b, c, d, e, f, g, h] = pro as [string, string, string, string, string, string, string, string];
  // Three policies of one model with overlapping attempts (every status), a second model, an id of no instance.
  await importReport("a-none", ["agent-a", "none", "none"], {
    resolved_ids: [a, b, c],
    unresolved_ids: [d, e, f],
    empty_patch_ids: [g],
    error_ids: [h],
  });
  await importReport("a-defuse", ["agent-a", "defuse", "name"], {
    resolved_ids: [a, d, e, "nobody__nothing-1"],
    unresolved_ids: [b, c],
    incomplete_ids: [f],
    empty_patch_ids: [h],
  });
  await importReport("a-fea", ["agent-a", "fea", "declaration"], {
    resolved_ids: [b, c, d, g],
    unresolved_ids: [a, e, h],
    error_ids: ["nobody__nothing-2"],
  });
  await importReport("b-none", ["agent-b", "none", "none"], { resolved_ids: [a, h], unresolved_ids: [b, c, d] });
  await importReport(
    "m-none",
    ["agent-a", "none", "none"],
    { resolved_ids: multi.slice(0, 3), unresolved_ids: multi.slice(3) },
    MULTI,
  );
  const verdicts = path.join(env.tmp.dir, "verdicts.csv");
  writeFileSync(
    verdicts,
    [
      "benchmark,instance_id,model,selection,projection,constraint_id,verdict",
      `${PRO},${a},agent-a,none,none,c1,Satisfied`,
      `${PRO},${b},agent-a,none,none,c1,Violated`,
      `${PRO},${d},agent-a,none,none,c1,Neutral`,
      `${PRO},${d},agent-a,none,none,c2,Violated`,
      `${PRO},${h},agent-a,none,none,c1,Satisfied`,
      `${PRO},nobody__nothing-3,agent-a,none,none,c1,Satisfied`,
      "",
    ].join("\n"),
  );
  await importFiles(env.db, [verdicts]);
  expect(await keptIsCurrent()).toBe(true);
  const first = await expectSameFigures();
  // Something to compare: rates of every run, a policy table of three configurations, design rows, pairs.
  expect(first.rates).toHaveLength(5);
  expect(first.policies.filter((r) => r.model === "agent-a" && r.benchmark === PRO)).toHaveLength(3);
  expect(first.design.length).toBeGreaterThan(0);
  expect(first.pairs.length).toBe(6);
  expect(first.specTable.some((r) => (r.total as number) > 0)).toBe(true);

  // A re-import that replaces a run's results, outcomes changed (resolved ↔ not, a status gone, one added).
  await importReport("a-defuse-again", ["agent-a", "defuse", "name"], {
    resolved_ids: [b, c, f],
    unresolved_ids: [a, d, e, g],
  });
  expect(await keptIsCurrent()).toBe(true);
  await expectSameFigures();

  // An import taken back: its run's results go.
  const bNone = (await listImports(env.db)).find((log) => log.file.endsWith("b-none.json"));
  await takeBackImport(env.db, bNone?.id as number, "curator");
  expect(await keptIsCurrent()).toBe(true);
  await expectSameFigures();

  // A run deleted outright, and a result changed in place, by code that does not fill: the kept text is behind
  // (not read) and the figures exact; the fill brings it up to date.
  await env.db.run.deleteMany({ where: { model: "agent-a", selection: "fea" } });
  expect(await keptIsCurrent()).toBe(false);
  await expectSameFigures();
  const row = await env.db.runResult.findFirstOrThrow({
    where: { instanceExternalId: a, run: { selection: "none", model: "agent-a", benchmark: { name: PRO } } },
  });
  // (Every write of a run's results sets its outcome text to be made again: run-outcome-texts.ts.)
  await env.db.runResult.update({ where: { id: row.id }, data: { resolved: false, status: "unresolved" } });
  await env.db.run.update({ where: { id: row.runId }, data: { outcomes: null } });
  expect(await keptIsCurrent()).toBe(false);
  await expectSameFigures();
  await fillRunOutcomes(env.db);
  expect(await keptIsCurrent()).toBe(true);
  await expectSameFigures();

  // An instance with results deleted, then the analysis's counts changed: behind, exact, filled, exact.
  await env.db.instance.delete({
    where: {
      benchmarkId_externalId: {
        benchmarkId: (await env.db.benchmark.findUniqueOrThrow({ where: { name: PRO } })).id,
        externalId: d,
      },
    },
  });
  expect(await keptIsCurrent()).toBe(false);
  await expectSameFigures();
  expect(await fillResearchTallies(env.db)).toBe(1);
  await setCounts(3);
  expect(await keptIsCurrent()).toBe(false);
  await expectSameFigures();
  expect(await fillResearchTallies(env.db)).toBe(2);
  expect(await keptIsCurrent()).toBe(true);
  const last = await expectSameFigures();
  expect(last.rates).toHaveLength(3);
});

test("a read never writes the kept counts", async () => {
  await env.db.runResult.updateMany({
    where: { run: { model: "agent-a", selection: "none" } },
    data: { resolved: true, status: null },
  });
  await env.db.run.updateMany({ where: { model: "agent-a", selection: "none" }, data: { outcomes: null } });
  const before = await env.db.researchTally.findMany({ orderBy: { benchmarkId: "asc" } });
  expect(before.some((r) => r.talliedAt !== r.changes)).toBe(true);
  await pageFigures();
  expect(await env.db.researchTally.findMany({ orderBy: { benchmarkId: "asc" } })).toEqual(before);
  await expectSameFigures();
});

test("a run imported or deleted between the ground's read and the runs' read is counted from the rows for that request", async () => {
  const [a, b] = pro as [string, string];
  const ground = await loadResearchGround(env.db);
  await importReport("c-none", ["agent-c", "none", "none"], { resolved_ids: [a], unresolved_ids: [b] });
  await env.db.run.deleteMany({ where: { model: "agent-a", selection: "defuse" } });
  const data = composeResearchData(ground, { runs: await loadResearchRunCounts(env.db, ground) });
  const rows = await loadResearchData(env.db, ["runs"]);
  expect(data.talliedRuns.map((r) => r.model).sort()).toEqual(rows.runOutcomes.map((r) => r.model).sort());
  expect(resolveRateRows(data)).toEqual(
    resolveRates(rows.runOutcomes)
      .sort(
        (x, y) =>
          x.benchmark.localeCompare(y.benchmark) ||
          x.model.localeCompare(y.model) ||
          x.selection.localeCompare(y.selection) ||
          x.projection.localeCompare(y.projection),
      )
      .map(resolveRateReportRow),
  );
  expect(policyRows(data)).toEqual(policyComparison(rows.runOutcomes).map((row) => ({ ...row })));
});
