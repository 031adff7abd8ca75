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
  /** how far the rows' rate may be from the stated one: half a unit of the stated rate's last digit */
  rateTolerance?: number;
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
  const raw = num(summary.pass_rate) ?? num(summary.resolve_rate) ?? num(summary.resolved_rate);
  let rate = raw;
  // Half a unit of the last digit the file states (76 → ±0.5 points; 74.2 → ±0.05), at least rounding to 0.05.
  const decimals = raw === null ? 3 : (String(raw).split(".")[1]?.length ?? 0);
  let rateTolerance = Math.max(0.5 * 10 ** -decimals, 0.0005);
  if (rate !== null && rate > 1) {
    rate /= 100; // stated as a percentage
    rateTolerance = Math.max(rateTolerance / 100, 0.0005);
  }
  if (rate === null && resolved !== null && total) rate = resolved / total;
  return rate === null && resolved === null ? null : { rate, resolved, total, rateTolerance };
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * Compares every figure a stated summary gives (rate, resolved, total) with the per-instance rows, as the
 * leakage notes found a paper whose tables disagree; names each difference in words, or returns null.
 * A rate differs when it is further from the rows' than the rounding of its stated precision allows.
 */
export function summaryMismatch(stated: StatedSummary | null, resolved: number, total: number): string | null {
  if (!stated) return null;
  const differences: string[] = [];
  if (stated.rate !== null && total > 0) {
    const rows = resolved / total;
    if (Math.abs(stated.rate - rows) > (stated.rateTolerance ?? 0.0005)) {
      differences.push(`stated ${percent(stated.rate)}, rows give ${percent(rows)}`);
    }
  }
  if (stated.resolved !== null && stated.resolved !== resolved) {
    differences.push(`stated ${stated.resolved} resolved, rows have ${resolved}`);
  }
  if (stated.total !== null && stated.total !== total) {
    differences.push(`stated ${stated.total} instances, rows list ${total}`);
  }
  return differences.length > 0 ? differences.join("; ") : null;
}

/** The resolve-rate table: one row per configuration, rates over the imported instances with 95% Wilson intervals. */
export function resolveRates(
  runs: RunOutcomes[],
  instancesOf: (benchmark: string) => ReadonlySet<string>,
): ResolveRateRow[] {
  // A run known only from other data (design verdicts for a model with no results) has no rate to show.
  return runs
    .filter((run) => run.outcomes.size > 0)
    .map((run) => {
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
