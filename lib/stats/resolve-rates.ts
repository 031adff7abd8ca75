import { wilsonInterval } from "./wilson";

/** One configuration's per-instance outcomes, and the summary its import stated (if any). */
export interface RunOutcomes {
  runId: number;
  benchmark: string;
  model: string;
  selection: string;
  projection: string;
  outcomes: ReadonlyMap<string, boolean>;
  summary: Record<string, unknown> | null;
}

/** What a results file said about its own run: a rate and/or counts. */
export interface StatedSummary {
  rate: number | null;
  resolved: number | null;
  total: number | null;
}

export interface ResolveRateRow {
  runId: number;
  benchmark: string;
  model: string;
  selection: string;
  projection: string;
  /** over the imported instances of the benchmark that the run has a result for */
  resolved: number;
  n: number;
  rate: number | null;
  low: number;
  high: number;
  /** results for ids that match no imported instance */
  unmatched: number;
  /** every per-instance row of the run, matched or not: what a stated summary is checked against */
  allResolved: number;
  allTotal: number;
  stated: StatedSummary | null;
  /** why the stated summary disagrees with the per-instance rows, or null */
  mismatch: string | null;
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** Reads the summary shapes the importer keeps: a results summary (`pass_rate`, `passed`, `total`) or a harness report. */
export function statedSummary(summary: Record<string, unknown> | null): StatedSummary | null {
  if (!summary) return null;
  const resolved = num(summary.passed) ?? num(summary.resolved_instances) ?? num(summary.resolved);
  const total = num(summary.total) ?? num(summary.total_instances);
  let rate = num(summary.pass_rate) ?? num(summary.resolve_rate) ?? num(summary.resolved_rate);
  if (rate !== null && rate > 1) rate /= 100; // stated as a percentage
  if (rate === null && resolved !== null && total) rate = resolved / total;
  return rate === null && resolved === null ? null : { rate, resolved, total };
}

/** Compares a stated summary with the per-instance rows, as the leakage notes found a paper whose tables disagree. */
export function summaryMismatch(stated: StatedSummary | null, resolved: number, total: number): string | null {
  if (!stated) return null;
  if (stated.resolved !== null && stated.resolved !== resolved) {
    return `states ${stated.resolved} resolved; the per-instance rows have ${resolved}`;
  }
  if (stated.total !== null && stated.total !== total && stated.rate !== null) {
    const recomputed = total === 0 ? 0 : resolved / total;
    if (Math.abs(stated.rate - recomputed) > 0.0005) {
      return `states ${(stated.rate * 100).toFixed(1)}% of ${stated.total}; the rows give ${(recomputed * 100).toFixed(1)}% of the ${total} they list`;
    }
  }
  if (stated.rate !== null && stated.total === null && total > 0 && Math.abs(stated.rate - resolved / total) > 0.0005) {
    return `states ${(stated.rate * 100).toFixed(1)}%; the per-instance rows give ${((resolved / total) * 100).toFixed(1)}%`;
  }
  return null;
}

/** The resolve-rate table: one row per configuration, rates over the imported instances with 95% Wilson intervals. */
export function resolveRates(
  runs: RunOutcomes[],
  instancesOf: (benchmark: string) => ReadonlySet<string>,
): ResolveRateRow[] {
  return runs.map((run) => {
    const known = instancesOf(run.benchmark);
    let resolved = 0;
    let n = 0;
    let allResolved = 0;
    for (const [id, ok] of run.outcomes) {
      if (ok) allResolved++;
      if (!known.has(id)) continue;
      n++;
      if (ok) resolved++;
    }
    const interval = wilsonInterval(resolved, n);
    const stated = statedSummary(run.summary);
    return {
      runId: run.runId,
      benchmark: run.benchmark,
      model: run.model,
      selection: run.selection,
      projection: run.projection,
      resolved,
      n,
      rate: interval.rate,
      low: interval.low,
      high: interval.high,
      unmatched: run.outcomes.size - n,
      allResolved,
      allTotal: run.outcomes.size,
      stated,
      mismatch: summaryMismatch(stated, allResolved, run.outcomes.size),
    };
  });
}
