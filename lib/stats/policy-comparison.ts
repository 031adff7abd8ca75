import { isNoHint } from "../domain/run-policy";
import { exactMcNemar } from "./mcnemar";
import { attemptedAny, isAttemptedCode, RESOLVED } from "./numbered-outcomes";
import type { RunOutcomes } from "./resolve-rates";
import { wilsonInterval, Z95 } from "./wilson";

/**
 * Newcombe's hybrid score interval for a difference of paired proportions (Newcombe 1998, "Improved
 * confidence intervals for the difference between binomial proportions based on paired data", method 10;
 * Newcombe & Altman 2000; Fagerland, Lydersen & Laake 2017, ch. 8): each marginal's Wilson interval,
 * combined with the correlation of the pairs, corrected as published: with A = ad − bc, φ = (A − n/2)/√…
 * when A > n/2, 0 when 0 ≤ A ≤ n/2, A/√… when A < 0 (0 when a margin is empty). Cells: `both` resolved by
 * both (a), `firstOnly` (b), `secondOnly` (c), `neither` (d); the difference is first − second.
 */
export function pairedDifferenceInterval(
  both: number,
  firstOnly: number,
  secondOnly: number,
  neither: number,
  z = Z95,
): { difference: number | null; low: number; high: number } {
  const n = both + firstOnly + secondOnly + neither;
  if (n === 0) return { difference: null, low: -1, high: 1 };
  const p1 = (both + firstOnly) / n;
  const p2 = (both + secondOnly) / n;
  const w1 = wilsonInterval(both + firstOnly, n, z);
  const w2 = wilsonInterval(both + secondOnly, n, z);
  const phi = correctedPhi(both, firstOnly, secondOnly, neither);
  const difference = p1 - p2;
  const dl1 = p1 - w1.low;
  const du1 = w1.high - p1;
  const dl2 = p2 - w2.low;
  const du2 = w2.high - p2;
  const low = difference - Math.sqrt(Math.max(0, dl1 * dl1 - 2 * phi * dl1 * du2 + du2 * du2));
  const high = difference + Math.sqrt(Math.max(0, dl2 * dl2 - 2 * phi * dl2 * du1 + du1 * du1));
  return { difference, low: Math.max(-1, low), high: Math.min(1, high) };
}

/** Newcombe's continuity-corrected φ of a paired 2×2 table (method 10's correlation term). */
export function correctedPhi(a: number, b: number, c: number, d: number): number {
  const n = a + b + c + d;
  const denominator = Math.sqrt((a + b) * (c + d) * (a + c) * (b + d));
  if (denominator === 0) return 0;
  const A = a * d - b * c;
  if (A > n / 2) return (A - n / 2) / denominator;
  if (A < 0) return A / denominator;
  return 0;
}

/** Holm's step-down adjustment of p-values (same order as given). */
export function holmAdjust(pValues: readonly number[]): number[] {
  const order = pValues.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0]);
  const adjusted = new Array<number>(pValues.length);
  let running = 0;
  order.forEach(([p, index], rank) => {
    running = Math.max(running, Math.min(1, (pValues.length - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}

export interface PolicyRow {
  benchmark: string;
  model: string;
  selection: string;
  projection: string;
  /** this row is the no-hint baseline (its selection means "no hint", however spelled) */
  baseline: boolean;
  /** this row is what the others are compared with: the baseline, or without one the first configuration */
  reference: boolean;
  resolved: number;
  /** instances every compared configuration of this benchmark and model ran */
  n: number;
  rate: number | null;
  low: number;
  high: number;
  /** against the baseline, on the same instances; null for the baseline itself */
  difference: number | null;
  difference_low: number | null;
  difference_high: number | null;
  p: number | null;
  p_holm: number | null;
}

/**
 * The paper's policy table: per benchmark and model, one row per selection × projection, the "no hint"
 * baseline first, each rate on the instances every compared configuration ran (imported ones only), the
 * paired difference from the baseline with Newcombe's interval, the exact McNemar p, and Holm-adjusted p
 * across the rows of that benchmark and model. Without a baseline run the first configuration is the
 * reference, and its row says so (`reference: true`, `baseline: false`): it is never called a baseline.
 */
export function policyComparison(runs: readonly RunOutcomes[]): PolicyRow[] {
  // A run with verdicts but no results compares nothing.
  return comparedGroups(runs.filter(attemptedAny)).flatMap((ordered) => {
    const baseline = ordered[0] as RunOutcomes;
    if (ordered.some((run) => run.instances !== baseline.instances))
      throw new Error(`the runs of ${baseline.benchmark} are not numbered over the same instances`);
    // The imported instances every compared configuration attempted.
    const common = attemptedByEvery(ordered, baseline.codes.length);
    return comparisonRows(ordered, (run) => pairedCounts(run.codes, baseline.codes, common));
  });
}

/** What a configuration's row is made from: its paired counts against the group's reference. */
export interface PairedCounts {
  n: number;
  resolved: number;
  both: number;
  firstOnly: number;
  secondOnly: number;
  neither: number;
}

type Configuration = { benchmark: string; model: string; selection: string; projection: string };

/**
 * Runs grouped per benchmark and model (in that order), each group's "no hint" baseline first and the rest by
 * selection and projection: the groups and order of the policy table, from rows or from tallies.
 */
export function comparedGroups<T extends Configuration>(runs: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.benchmark, run.model]);
    groups.get(key)?.push(run) ?? groups.set(key, [run]);
  }
  return [...groups.values()]
    .sort((a, b) => `${a[0]?.benchmark}\u0000${a[0]?.model}`.localeCompare(`${b[0]?.benchmark}\u0000${b[0]?.model}`))
    .map((group) =>
      [...group].sort((a, b) => {
        const baseA = isNoHint(a.selection) ? 0 : 1;
        const baseB = isNoHint(b.selection) ? 0 : 1;
        return (
          baseA - baseB || `${a.selection}\u0000${a.projection}`.localeCompare(`${b.selection}\u0000${b.projection}`)
        );
      }),
    );
}

/**
 * One group's rows (its reference first): each rate with Wilson's interval, the paired difference from the
 * reference with Newcombe's, the exact McNemar p, and Holm's adjustment across the group's tested rows.
 */
export function comparisonRows<T extends Configuration>(
  ordered: readonly T[],
  countsOf: (run: T, index: number) => PairedCounts,
): PolicyRow[] {
  const rows = ordered.map((run, index): PolicyRow => {
    const { n, resolved, both, firstOnly, secondOnly, neither } = countsOf(run, index);
    const rate = wilsonInterval(resolved, n);
    const paired = index === 0 ? null : pairedDifferenceInterval(both, firstOnly, secondOnly, neither);
    return {
      benchmark: run.benchmark,
      model: run.model,
      selection: run.selection,
      projection: run.projection,
      baseline: index === 0 && isNoHint(run.selection),
      reference: index === 0,
      resolved,
      n,
      rate: rate.rate,
      low: rate.low,
      high: rate.high,
      difference: paired?.difference ?? null,
      difference_low: paired ? paired.low : null,
      difference_high: paired ? paired.high : null,
      p: index === 0 || n === 0 ? null : exactMcNemar(firstOnly, secondOnly),
      p_holm: null,
    };
  });
  const tested = rows.filter((r) => r.p !== null);
  const adjusted = holmAdjust(tested.map((r) => r.p as number));
  tested.forEach((row, i) => {
    row.p_holm = adjusted[i] ?? null;
  });
  return rows;
}

/*
 * The walks over every instance, as functions of their own: V8 optimises one function once for every group and
 * request, where a loop inside a closure made per group ran unoptimised for 50,000 instances each time.
 */

/** Per instance number: 1 where every one of the runs attempted it, else 0. */
function attemptedByEvery(runs: readonly RunOutcomes[], size: number): Uint8Array {
  const every = new Uint8Array(size).fill(1);
  for (const run of runs) clearUnattempted(run.codes, every);
  return every;
}

function clearUnattempted(codes: Uint8Array, every: Uint8Array): void {
  for (let i = 0; i < codes.length; i++) if (!isAttemptedCode(codes[i] as number)) every[i] = 0;
}

/** Over the instances `common` marks: how many, how many `mine` resolved, and the 2×2 cells against `theirs`. */
function pairedCounts(mine: Uint8Array, theirs: Uint8Array, common: Uint8Array) {
  let n = 0;
  let resolved = 0;
  let both = 0;
  let firstOnly = 0;
  let secondOnly = 0;
  for (let i = 0; i < common.length; i++) {
    if (common[i] !== 1) continue;
    n++;
    const first = mine[i] === RESOLVED;
    const second = theirs[i] === RESOLVED;
    if (first) {
      resolved++;
      if (second) both++;
      else firstOnly++;
    } else if (second) secondOnly++;
  }
  return { n, resolved, both, firstOnly, secondOnly, neither: n - both - firstOnly - secondOnly };
}
