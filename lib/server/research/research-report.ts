// Over 300 lines: every research table as report rows (the page's and `hints report`'s), one builder per table.
import { SELECTIONS } from "../../domain/hint-vocabulary";
import { PAIRED_CELLS } from "../../review/list-state";
import { chiSquareTest } from "../../stats/agreement";
import { designOutcome, designRates, VERDICTS } from "../../stats/design-constraints";
import { exactMcNemar } from "../../stats/mcnemar";
import { pairedDifferenceInterval } from "../../stats/policy-comparison";
import type { ResolveRateRow } from "../../stats/resolve-rates";
import {
  pairCells,
  policyComparisonOfTallies,
  resolveRatesOfTallies,
  type TalliedRun,
  tallyAttemptedAny,
} from "../../stats/run-tallies";
import { wilsonInterval } from "../../stats/wilson";
import {
  agreementReportRow,
  evidenceJudgeRows,
  judgeRows,
  judgeRowsOf,
  raterAgreementByAttribute,
  raterAgreementRows,
} from "./research-judge-report";
import type { ReportRow, ResearchData } from "./research-rows";

/*
 * The research tables as rows with snake_case keys: one query layer for the research page and
 * `hints report`, so a table printed for a paper is the table on the page.
 */
export type { ReportRow, ResearchData };
export { agreementReportRow, evidenceJudgeRows, judgeRows, judgeRowsOf, raterAgreementByAttribute, raterAgreementRows };

export const REPORTS = [
  "resolve-rates",
  "policies",
  "paired",
  "judge",
  "design",
  "disclosure",
  "frontier",
  "leaks",
  "evidence-judge",
  "rater-agreement",
] as const;
export type ReportName = (typeof REPORTS)[number];

/** A configuration as the command line names it: `MODEL/SELECTION/PROJECTION` (and the benchmark apart). */
export const configurationName = (r: { model: string; selection: string; projection: string }) =>
  `${r.model}/${r.selection}/${r.projection}`;

/**
 * One resolve-rate row as every output writes it (the page's CSV through /api/research/csv/resolve-rates,
 * `hints report resolve-rates` as JSON and text): the one place its columns are named.
 */
export function resolveRateReportRow(r: ResolveRateRow): ReportRow {
  return {
    benchmark: r.benchmark,
    model: r.model,
    selection: r.selection,
    projection: r.projection,
    resolved: r.resolved,
    n: r.n,
    unresolved: r.statuses.unresolved,
    empty_patch: r.statuses.empty_patch,
    error: r.statuses.error,
    not_run: r.statuses.not_run,
    rate: r.rate,
    low: r.low,
    high: r.high,
    /** the benchmark's imported instances, and the rate over all of them (what a leaderboard states) */
    instances: r.instances,
    rate_over_instances: r.overInstances.rate,
    rate_over_instances_low: r.overInstances.low,
    rate_over_instances_high: r.overInstances.high,
    /** attempted under 90% of the benchmark's instances: read the rate over all of them beside the rate */
    partial: r.partial,
    /** how many result rows name an id that matches no imported instance */
    unmatched: r.unmatched,
    stated_rate: r.stated?.rate ?? null,
    stated_resolved: r.stated?.resolved ?? null,
    stated_total: r.stated?.total ?? null,
    mismatch: r.mismatch,
  };
}

/** Resolve rates, per benchmark, over the imported instances, with the stated figures beside them. */
export function resolveRateRows(data: ResearchData, benchmark?: string): ReportRow[] {
  return resolveRatesOfTallies(data.talliedRuns)
    .filter((r) => !benchmark || r.benchmark === benchmark)
    .sort(
      (a, b) =>
        a.benchmark.localeCompare(b.benchmark) ||
        a.model.localeCompare(b.model) ||
        a.selection.localeCompare(b.selection) ||
        a.projection.localeCompare(b.projection),
    )
    .map(resolveRateReportRow);
}

/** The policy comparison (the paper's main table): see lib/stats/policy-comparison.ts. */
export function policyRows(data: ResearchData, benchmark?: string): ReportRow[] {
  const runs = data.talliedRuns.filter((r) => !benchmark || r.benchmark === benchmark);
  return policyComparisonOfTallies(runs, (name, model) =>
    data.tallyOf(name)?.groups.find((g) => g.model === model),
  ).map((row) => ({ ...row }));
}

/** Two configurations on the instances both ran: the 2×2 table, each rate, the difference, McNemar's p. */
export function pairedRows(data: ResearchData, first: string, second: string, benchmark?: string): ReportRow[] {
  const find = (name: string) => {
    const matches = data.talliedRuns.filter(
      (r) => configurationName(r) === name && (!benchmark || r.benchmark === benchmark),
    );
    if (matches.length === 0) throw new Error(`no configuration "${name}"${benchmark ? ` in ${benchmark}` : ""}`);
    if (matches.length > 1) throw new Error(`"${name}" names runs of several benchmarks: add --benchmark`);
    return matches[0] as (typeof matches)[number];
  };
  const a = find(first);
  const b = find(second);
  // Two benchmarks' instances are different instances, whatever their ids: nothing to pair.
  if (a.benchmark !== b.benchmark)
    throw new Error(`"${first}" is a run of ${a.benchmark} and "${second}" one of ${b.benchmark}: add --benchmark`);
  const table = cellsOf(data, a, b);
  const rate = (resolved: number) => wilsonInterval(resolved, table.n);
  const firstRate = rate(table.both + table.firstOnly);
  const secondRate = rate(table.both + table.secondOnly);
  const difference = pairedDifferenceInterval(table.both, table.firstOnly, table.secondOnly, table.neither);
  return [
    {
      benchmark: a.benchmark,
      first: first,
      second: second,
      n: table.n,
      both: table.both,
      first_only: table.firstOnly,
      second_only: table.secondOnly,
      neither: table.neither,
      first_rate: firstRate.rate,
      first_low: firstRate.low,
      first_high: firstRate.high,
      second_rate: secondRate.rate,
      second_low: secondRate.low,
      second_high: secondRate.high,
      difference: difference.difference,
      difference_low: difference.low,
      difference_high: difference.high,
      // No instance in common: nothing was tested, so no p (exact McNemar on 0 and 0 would say 1).
      p: table.n === 0 ? null : exactMcNemar(table.firstOnly, table.secondOnly),
    },
  ];
}

/** Two runs' 2×2 table over the imported instances both attempted, from their benchmark's pairs. */
function cellsOf(data: ResearchData, a: TalliedRun, b: TalliedRun) {
  const cells =
    a.benchmark === b.benchmark ? pairCells(data.tallyOf(a.benchmark)?.pairs ?? [], a.runId, b.runId) : null;
  if (!cells) throw new Error(`runs ${a.runId} and ${b.runId} are no two runs of one benchmark`);
  return cells;
}

export interface PairedView {
  configurations: Array<{ runId: number; label: string }>;
  first: number;
  second: number;
  /** how many instances each cell holds (a cell opens as a list view named by the two runs: list-state.ts) */
  cells: Record<(typeof PAIRED_CELLS)[number], number>;
  benchmark: string;
  n: number;
  firstRate: { rate: number | null; low: number; high: number };
  secondRate: { rate: number | null; low: number; high: number };
  difference: { difference: number | null; low: number; high: number };
  p: number | null;
}

/**
 * Two configurations compared on the imported instances both ran, computed on the server for the URL's
 * `?first=RUN&second=RUN`; without them (or with runs that share no instance) the first pair of the same
 * benchmark that overlaps, never an empty pair. Null when no two runs overlap.
 */
export function pairedView(data: ResearchData, first?: number, second?: number): PairedView | null {
  const runs = data.talliedRuns.filter((r) => tallyAttemptedAny(r.tally));
  const label = (r: (typeof runs)[number]) => `${r.benchmark} · ${r.model} · ${r.selection} × ${r.projection}`;
  const tableOf = (a: TalliedRun, b: TalliedRun) => cellsOf(data, a, b);
  const byId = new Map(runs.map((r) => [r.runId, r]));
  let a = first === undefined ? undefined : byId.get(first);
  let b = second === undefined ? undefined : byId.get(second);
  if (!a || !b || a === b || a.benchmark !== b.benchmark || tableOf(a, b).n === 0) {
    const pair = runs
      .flatMap((x, i) => runs.slice(i + 1).map((y) => [x, y] as const))
      .find(([x, y]) => x.benchmark === y.benchmark && tableOf(x, y).n > 0);
    if (!pair) return null;
    [a, b] = pair;
  }
  const table = tableOf(a, b);
  const rate = (resolved: number) => wilsonInterval(resolved, table.n);
  return {
    configurations: runs.map((r) => ({ runId: r.runId, label: label(r) })),
    first: a.runId,
    second: b.runId,
    cells: Object.fromEntries(PAIRED_CELLS.map((cell) => [cell, table[cell]])) as PairedView["cells"],
    benchmark: a.benchmark,
    n: table.n,
    firstRate: rate(table.both + table.firstOnly),
    secondRate: rate(table.both + table.secondOnly),
    difference: pairedDifferenceInterval(table.both, table.firstOnly, table.secondOnly, table.neither),
    p: table.n === 0 ? null : exactMcNemar(table.firstOnly, table.secondOnly),
  };
}

/**
 * Design constraints (SWE-Shield) per configuration with verdicts: DSR, DVR and DNR with Wilson intervals,
 * the pass rate over the same instances, Cramér's V and Pearson's χ² p for pass × design outcome.
 */
export function designRows(data: ResearchData, benchmark?: string): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const run of data.talliedRuns) {
    if (benchmark && run.benchmark !== benchmark) continue;
    const verdicts = data.verdicts.get(run.runId);
    if (!verdicts) continue;
    // Each verdict's instance: imported or not, and the run's outcome there (read with the verdicts).
    const known = { has: (id: string) => data.verdictOutcome(run.runId, id).known };
    const passedOf = { get: (id: string) => data.verdictOutcome(run.runId, id).passed };
    const rates = designRates(verdicts, passedOf, known);
    const counts = { pass: [0, 0, 0], fail: [0, 0, 0] };
    for (const [id, list] of verdicts) {
      const passed = passedOf.get(id);
      if (!known.has(id) || passed === undefined || list.length === 0) continue;
      const row = passed ? counts.pass : counts.fail;
      const j = VERDICTS.indexOf(designOutcome(list));
      row[j] = (row[j] as number) + 1;
    }
    const n = rates.instances;
    const column = (j: number) => (counts.pass[j] as number) + (counts.fail[j] as number);
    const interval = (j: number) => wilsonInterval(column(j), n);
    const test = chiSquareTest([counts.pass, counts.fail]);
    rows.push({
      benchmark: run.benchmark,
      model: run.model,
      selection: run.selection,
      projection: run.projection,
      instances: n,
      unmatched: rates.unmatched,
      pass_rate: rates.passRate,
      dsr: rates.satisfied,
      dsr_low: interval(0).low,
      dsr_high: interval(0).high,
      dvr: rates.violated,
      dvr_low: interval(1).low,
      dvr_high: interval(1).high,
      dnr: rates.neutral,
      dnr_low: interval(2).low,
      dnr_high: interval(2).high,
      passing_and_satisfied: rates.passingAndSatisfied,
      cramers_v: rates.cramersV,
      chi2: test?.chi2 ?? null,
      df: test?.df ?? null,
      p: test?.p ?? null,
    });
  }
  return rows;
}

/** Identifiers per selection (SPEC §4's table) per benchmark. */
export function disclosureRows(data: ResearchData, benchmark?: string): ReportRow[] {
  return data.specTable
    .filter((r) => !benchmark || r.benchmark === benchmark)
    .filter((r) => (SELECTIONS as readonly string[]).includes(r.selection))
    .map((r) => ({ ...r }));
}

/**
 * The spoiler–guesswork frontier per benchmark (see lib/stats/frontier.ts): every selection × projection,
 * then every published hint set (its latest version, as the curators left it), marked by `hint_set`.
 */
export function frontierRows(data: ResearchData, benchmark?: string): ReportRow[] {
  const policies = data
    .frontierPoints()
    .filter((point) => (!benchmark || point.benchmark === benchmark) && point.instances > 0)
    .map((point) => ({ ...point, hint_set: null }));
  const sets = data
    .hintSetPoints()
    .filter((point) => (!benchmark || point.benchmark === benchmark) && point.instances > 0)
    .map((point) => ({ ...point }));
  return [...policies, ...sets];
}

/** Per benchmark and leak channel, the share of instances that show it (see lib/evidence/evidence-summary.ts). */
export function leakRows(data: ResearchData, benchmark?: string): ReportRow[] {
  return data
    .leakShares()
    .filter((row) => (!benchmark || row.benchmark === benchmark) && row.instances > 0)
    .map((row) => ({ ...row }));
}

/** One report by name, as `hints report NAME` prints it. */
export function researchReport(
  data: ResearchData,
  name: ReportName,
  options: { benchmark?: string; first?: string; second?: string } = {},
): ReportRow[] {
  switch (name) {
    case "resolve-rates":
      return resolveRateRows(data, options.benchmark);
    case "policies":
      return policyRows(data, options.benchmark);
    case "paired":
      if (!options.first || !options.second) throw new Error("paired needs --first and --second");
      return pairedRows(data, options.first, options.second, options.benchmark);
    case "judge":
      return judgeRows(data, options.benchmark);
    case "design":
      return designRows(data, options.benchmark);
    case "disclosure":
      return disclosureRows(data, options.benchmark);
    case "frontier":
      return frontierRows(data, options.benchmark);
    case "leaks":
      return leakRows(data, options.benchmark);
    case "evidence-judge":
      return evidenceJudgeRows(data, options.benchmark);
    case "rater-agreement":
      return raterAgreementRows(data, options.benchmark);
  }
}
