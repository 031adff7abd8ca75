// Over 300 lines: the tallies made from every instance and each table made from them, kept side by side so both stay one definition.
import { SELECTIONS, type Selection } from "../domain/hint-vocabulary";
import { isAttemptedCode, NO_RESULT, type NumberedOutcomes, RESOLVED, statusCode } from "./numbered-outcomes";
import { comparedGroups, comparisonRows, type PolicyRow } from "./policy-comparison";
import { PARTIAL_SHARE, type ResolveRateRow, statedSummary, summaryMismatch } from "./resolve-rates";
import { ATTEMPTED, emptyStatusCounts, RESULT_STATUSES } from "./result-status";
import { wilsonInterval } from "./wilson";

/*
 * What the research tables count, counted once per benchmark: each run's rows by status, each pair of its runs'
 * 2×2 table over the instances both attempted, and per model the instances every one of its runs attempted,
 * grouped by which of them resolved each. Made from the per-instance outcomes (numbered-outcomes.ts) when a
 * benchmark's results or instances change, and kept (lib/server/runs/research-tallies.ts), so the research
 * page reads counts of runs and pairs, not every instance of every run. Every figure the tables show from
 * these is the one the per-instance functions (resolve-rates.ts, policy-comparison.ts, mcnemar.ts) give.
 */

/** One run's counts over its benchmark's imported instances. */
export interface RunTally {
  runId: number;
  /** rows per status code over the imported instances (index: the code; NO_RESULT: instances without a row) */
  byCode: number[];
  /** rows whose ids are no imported instance: all of them, those resolved, those attempted */
  unmatched: number;
  unmatchedResolved: number;
  unmatchedAttempted: number;
  /** per selection of the analysis: its identifiers summed over the imported instances this run attempted */
  disclosed: Record<Selection, number>;
}

/** Two runs' 2×2 table over the imported instances both attempted (first: the lower run id). */
export interface PairTally {
  first: number;
  second: number;
  both: number;
  firstOnly: number;
  secondOnly: number;
  neither: number;
}

/**
 * The runs of one model (those that attempted anything) over the imported instances every one of them
 * attempted: per pattern (a "1" or "0" per run, in `runIds` order: resolved or not), how many instances.
 */
export interface GroupTally {
  model: string;
  runIds: number[];
  patterns: Array<[pattern: string, count: number]>;
}

/** A benchmark's counts: its instances, the identifiers each selection picks on them, its runs, pairs and models. */
export interface BenchmarkTally {
  instances: number;
  /** per selection: identifiers picked over every instance, and the instances where it picks any */
  selections: Record<Selection, { total: number; nonEmpty: number }>;
  runs: RunTally[];
  pairs: PairTally[];
  groups: GroupTally[];
}

/** A run as the tallies are made from it: its numbered outcomes and its model. */
export interface TallySource extends NumberedOutcomes {
  runId: number;
  model: string;
}

const zeroBySelection = () => Object.fromEntries(SELECTIONS.map((s) => [s, 0])) as Record<Selection, number>;

/** Whether a run has a row at all (a run known only from its design verdicts has none). */
const talliedAny = (t: RunTally) => t.unmatched > 0 || t.byCode.some((n, code) => code !== NO_RESULT && n > 0);
/** Whether a run attempted anything, matched or not (a run without an attempt compares nothing). */
export const tallyAttemptedAny = (t: RunTally) =>
  t.unmatchedAttempted > 0 || t.byCode.some((n, code) => isAttemptedCode(code) && n > 0);

/**
 * A benchmark's tallies from its runs' numbered outcomes (all over the same numbering) and its instances'
 * identifier counts per selection (aligned with it; null: none stored).
 */
export function tallyBenchmark(
  size: number,
  runs: readonly TallySource[],
  counts: Record<Selection, ArrayLike<number>> | null,
): BenchmarkTally {
  const selections = Object.fromEntries(
    SELECTIONS.map((s) => {
      let total = 0;
      let nonEmpty = 0;
      const values = counts?.[s];
      for (let i = 0; i < size; i++) {
        const n = (values?.[i] as number | undefined) ?? 0;
        total += n;
        if (n > 0) nonEmpty++;
      }
      return [s, { total, nonEmpty }];
    }),
  ) as BenchmarkTally["selections"];
  const sorted = [...runs].sort((a, b) => a.runId - b.runId);
  const tallies = sorted.map((run) => tallyRun(run, counts));
  const pairs: PairTally[] = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++)
      pairs.push(tallyPair(sorted[i] as TallySource, sorted[j] as TallySource));
  const byModel = new Map<string, TallySource[]>();
  sorted.forEach((run, i) => {
    if (!tallyAttemptedAny(tallies[i] as RunTally)) return;
    const group = byModel.get(run.model);
    if (group) group.push(run);
    else byModel.set(run.model, [run]);
  });
  const groups = [...byModel].map(([model, group]) => tallyGroup(model, group, size));
  return { instances: size, selections, runs: tallies, pairs, groups };
}

function tallyRun(run: TallySource, counts: Record<Selection, ArrayLike<number>> | null): RunTally {
  const byCode = new Array<number>(RESULT_STATUSES.length + 1).fill(0);
  const disclosed = zeroBySelection();
  const { codes } = run;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] as number;
    byCode[code] = (byCode[code] as number) + 1;
    if (counts && isAttemptedCode(code))
      for (const s of SELECTIONS) disclosed[s] += (counts[s][i] as number | undefined) ?? 0;
  }
  let unmatchedResolved = 0;
  let unmatchedAttempted = 0;
  run.unmatched.forEach((status) => {
    if (status === "resolved") unmatchedResolved++;
    if (ATTEMPTED.has(status)) unmatchedAttempted++;
  });
  return { runId: run.runId, byCode, unmatched: run.unmatched.size, unmatchedResolved, unmatchedAttempted, disclosed };
}

function tallyPair(first: TallySource, second: TallySource): PairTally {
  const cells = { first: first.runId, second: second.runId, both: 0, firstOnly: 0, secondOnly: 0, neither: 0 };
  const a = first.codes;
  const b = second.codes;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (!isAttemptedCode(x) || !isAttemptedCode(y)) continue;
    if (x === RESOLVED) {
      if (y === RESOLVED) cells.both++;
      else cells.firstOnly++;
    } else if (y === RESOLVED) cells.secondOnly++;
    else cells.neither++;
  }
  return cells;
}

function tallyGroup(model: string, runs: readonly TallySource[], size: number): GroupTally {
  const patterns = new Map<string, number>();
  for (let i = 0; i < size; i++) {
    let pattern = "";
    for (const run of runs) {
      const code = run.codes[i] as number;
      if (!isAttemptedCode(code)) {
        pattern = "";
        break;
      }
      pattern += code === RESOLVED ? "1" : "0";
    }
    if (pattern !== "") patterns.set(pattern, (patterns.get(pattern) ?? 0) + 1);
  }
  return { model, runIds: runs.map((r) => r.runId), patterns: [...patterns].sort(([a], [b]) => (a < b ? -1 : 1)) };
}

/** A run as the tables name it, with its tally. */
export interface TalliedRun {
  runId: number;
  benchmark: string;
  model: string;
  selection: string;
  projection: string;
  summary: Record<string, unknown> | null;
  tally: RunTally;
  /** its benchmark's imported instances */
  instances: number;
}

/** The resolve-rate table from tallies: the rows resolveRates (resolve-rates.ts) makes from every instance. */
export function resolveRatesOfTallies(runs: readonly TalliedRun[]): ResolveRateRow[] {
  return runs
    .filter((run) => talliedAny(run.tally))
    .map((run) => {
      const { byCode } = run.tally;
      const statuses = emptyStatusCounts();
      for (const status of RESULT_STATUSES) statuses[status] = byCode[statusCode(status)] as number;
      const matched = run.instances - (byCode[NO_RESULT] as number);
      const allResolved = statuses.resolved + run.tally.unmatchedResolved;
      const allTotal = matched + run.tally.unmatched;
      const n = statuses.resolved + statuses.unresolved + statuses.empty_patch;
      const interval = wilsonInterval(statuses.resolved, n);
      const stated = statedSummary(run.summary);
      return {
        runId: run.runId,
        benchmark: run.benchmark,
        model: run.model,
        selection: run.selection,
        projection: run.projection,
        resolved: statuses.resolved,
        n,
        rate: interval.rate,
        low: interval.low,
        high: interval.high,
        statuses,
        instances: run.instances,
        overInstances: wilsonInterval(statuses.resolved, run.instances),
        partial: n < PARTIAL_SHARE * run.instances,
        unmatched: run.tally.unmatched,
        allResolved,
        allTotal,
        stated,
        mismatch: summaryMismatch(stated, allResolved, allTotal),
      };
    });
}

/** Two runs' cells from a benchmark's pairs, first as asked (null when they are not two runs of it). */
export function pairCells(
  pairs: readonly PairTally[],
  first: number,
  second: number,
): { both: number; firstOnly: number; secondOnly: number; neither: number; n: number } | null {
  const pair = pairs.find(
    (p) => (p.first === first && p.second === second) || (p.first === second && p.second === first),
  );
  if (!pair) return null;
  const swapped = pair.first !== first;
  const firstOnly = swapped ? pair.secondOnly : pair.firstOnly;
  const secondOnly = swapped ? pair.firstOnly : pair.secondOnly;
  return {
    both: pair.both,
    firstOnly,
    secondOnly,
    neither: pair.neither,
    n: pair.both + firstOnly + secondOnly + pair.neither,
  };
}

/**
 * The policy table from tallies: the rows policyComparison (policy-comparison.ts) makes from every instance,
 * per benchmark and model, from the model's group (its runs over the instances every one of them attempted).
 */
export function policyComparisonOfTallies(
  runs: readonly TalliedRun[],
  groupOf: (benchmark: string, model: string) => GroupTally | undefined,
): PolicyRow[] {
  return comparedGroups(runs.filter((run) => tallyAttemptedAny(run.tally))).flatMap((ordered) => {
    const baseline = ordered[0] as TalliedRun;
    const tally = groupOf(baseline.benchmark, baseline.model);
    if (!tally || tally.runIds.length !== ordered.length || ordered.some((r) => !tally.runIds.includes(r.runId)))
      throw new Error(`the counts of ${baseline.benchmark} do not hold the runs of ${baseline.model}`);
    const place = (runId: number) => tally.runIds.indexOf(runId);
    const b = place(baseline.runId);
    return comparisonRows(ordered, (run) => {
      const r = place(run.runId);
      let n = 0;
      let both = 0;
      let firstOnly = 0;
      let secondOnly = 0;
      for (const [pattern, count] of tally.patterns) {
        n += count;
        const mine = pattern[r] === "1";
        const theirs = pattern[b] === "1";
        if (mine && theirs) both += count;
        else if (mine) firstOnly += count;
        else if (theirs) secondOnly += count;
      }
      return { n, resolved: both + firstOnly, both, firstOnly, secondOnly, neither: n - both - firstOnly - secondOnly };
    });
  });
}

/** The mean identifiers a selection picks over the instances a run attempted (meanOverAttempted); null: none. */
export function disclosedMean(tally: RunTally, selection: Selection): number | null {
  let attempted = 0;
  tally.byCode.forEach((n, code) => {
    if (isAttemptedCode(code)) attempted += n;
  });
  return attempted === 0 ? null : tally.disclosed[selection] / attempted;
}
