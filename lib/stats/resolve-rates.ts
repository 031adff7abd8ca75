import {
  hasResults,
  InstanceNumbering,
  NO_RESULT,
  type NumberedOutcomes,
  numberOutcomes,
  RESOLVED,
  statusCode,
} from "./numbered-outcomes";
import { emptyStatusCounts, RESULT_STATUSES, resultStatus, type StatusCounts } from "./result-status";
import { type RateInterval, wilsonInterval } from "./wilson";

/**
 * One configuration's per-instance outcomes over its benchmark's imported instances (numbered-outcomes.ts:
 * every row's status, attempted or not; rates and pairs use the attempted ones), and the summary its import
 * stated (if any).
 */
export interface RunOutcomes extends NumberedOutcomes {
  runId: number;
  benchmark: string;
  model: string;
  selection: string;
  projection: string;
  summary: Record<string, unknown> | null;
}

/** What a results file said about its own run: a rate and/or counts. */
export interface StatedSummary {
  /** the stated rate as a fraction, or null when none was stated or it could not be read */
  rate: number | null;
  resolved: number | null;
  total: number | null;
  /** how far the rows' rate may be from the stated one (a fraction): half a unit of its last stated digit */
  rateTolerance?: number;
  /** why a stated rate could not be used, or null */
  rateProblem?: string | null;
}

export interface ResolveRateRow {
  runId: number;
  benchmark: string;
  model: string;
  selection: string;
  projection: string;
  /** over the imported instances of the benchmark that the run attempted */
  resolved: number;
  n: number;
  rate: number | null;
  low: number;
  high: number;
  /** the imported instances' rows by status: attempted (resolved, unresolved, empty patch) and not (error, not run) */
  statuses: StatusCounts;
  /** the benchmark's imported instances, attempted or not */
  instances: number;
  /** resolved over all of them (a leaderboard's figure), with its 95% Wilson interval */
  overInstances: RateInterval;
  /** attempted under PARTIAL_SHARE of them: the rate over the attempted ones alone misleads, shown beside this */
  partial: boolean;
  /** results for ids that match no imported instance */
  unmatched: number;
  /** every per-instance row of the run, matched or not: what a stated summary is checked against */
  allResolved: number;
  allTotal: number;
  stated: StatedSummary | null;
  /** why the stated summary disagrees with the per-instance rows, or null */
  mismatch: string | null;
}

/** A run that attempted fewer than this share of its benchmark's instances shows the rate over all of them too. */
export const PARTIAL_SHARE = 0.9;

const count = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null);
const RATE_KEYS = ["pass_rate", "resolve_rate", "resolved_rate"] as const;
/** A fraction is never allowed more than this (half a unit of the fourth decimal), whatever its digits. */
const FRACTION_TOLERANCE = 0.0005;
/** Room for the binary rounding of the figures compared. */
const EPSILON = 1e-9;

/** Decimal places of a number as written ("74.20" → 2, "1" → 0, "7.5e-1" → 2). */
function decimalsOf(text: string): number {
  const [mantissa, exponent] = text.toLowerCase().split("e");
  const decimals = mantissa?.split(".")[1]?.length ?? 0;
  return Math.max(0, decimals - Number(exponent ?? 0));
}

/**
 * A stated rate as a fraction with its tolerance: a number (as written in the file where known: `1.0` is not
 * `1`), a percent string (`"50%"`, `"74.2 %"`) or a numeric string. A number above 1 is a percentage; one in
 * [0, 1] is read by the summary's own counts where it states them (`{passed: 3, total: 500, pass_rate: 0.6}`
 * is 0.6 %: read so it agrees with 3/500, as a fraction it does not), a fraction otherwise (and where neither
 * reading agrees, so the mismatch is named against the usual reading). A fraction never gets more than
 * ±0.0005, and a percentage half a unit of its last stated digit (75.0 → ±0.05 points, 50.04 → ±0.005).
 */
function statedRate(
  value: unknown,
  literal: string | undefined,
  counts: { resolved: number; total: number } | null,
): { rate: number; tolerance: number } | { problem: string } | null {
  if (value === undefined || value === null) return null;
  let text: string;
  let percent = false;
  if (typeof value === "number" && Number.isFinite(value)) text = literal ?? String(value);
  else if (typeof value === "string") {
    const match = /^\s*([+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*(%?)\s*$/.exec(value);
    if (!match) return { problem: `stated rate ${JSON.stringify(value)} is not a number or percentage` };
    text = match[1] as string;
    percent = match[2] === "%";
  } else return { problem: `stated rate ${JSON.stringify(value)} is not a number or percentage` };
  const number = Number(text);
  if (!Number.isFinite(number) || number < 0) return { problem: `stated rate ${text} is not a rate` };
  const half = 0.5 * 10 ** -decimalsOf(text);
  if (!percent && number <= 1 && counts && counts.total > 0) {
    // Percent only where that reading agrees with the stated counts and the fraction does not.
    const stated = counts.resolved / counts.total;
    const asFraction = Math.abs(number - stated) <= Math.min(half, FRACTION_TOLERANCE) + EPSILON;
    const asPercent = Math.abs(number / 100 - stated) <= half / 100 + EPSILON;
    percent = asPercent && !asFraction;
  }
  percent ||= number > 1;
  if (percent && number > 100) return { problem: `stated rate ${text}% is above 100%` };
  return percent
    ? { rate: number / 100, tolerance: half / 100 + EPSILON }
    : { rate: number, tolerance: Math.min(half, FRACTION_TOLERANCE) + EPSILON };
}

/** Reads the summary shapes the importer keeps: a results summary (`pass_rate`, `passed`, `total`) or a harness report. */
export function statedSummary(summary: Record<string, unknown> | null): StatedSummary | null {
  if (!summary) return null;
  const resolved = count(summary.passed) ?? count(summary.resolved_instances) ?? count(summary.resolved);
  const total = count(summary.total) ?? count(summary.total_instances);
  const literals = (summary.stated_literals ?? {}) as Record<string, unknown>;
  const key = RATE_KEYS.find((k) => summary[k] !== undefined && summary[k] !== null);
  const literal = key && typeof literals[key] === "string" ? (literals[key] as string) : undefined;
  const counts = resolved !== null && total !== null && resolved <= total ? { resolved, total } : null;
  const read = key ? statedRate(summary[key], literal, counts) : null;
  const rate = read && "rate" in read ? read.rate : null;
  const rateProblem = read && "problem" in read ? read.problem : null;
  if (rate === null && resolved === null && total === null && rateProblem === null) return null;
  return {
    rate,
    resolved,
    total,
    rateTolerance: read && "tolerance" in read ? read.tolerance : FRACTION_TOLERANCE,
    rateProblem,
  };
}

const percentText = (rate: number, digits = 1) => `${(rate * 100).toFixed(digits)}%`;

/**
 * Compares every figure a stated summary gives (rate, resolved, total) with the per-instance rows, as the
 * leakage notes found a paper whose tables disagree; names each difference in words, or returns null.
 * A rate differs when it is further from the rows' than the rounding of its stated precision allows; a total
 * or a count is checked even when the rate cannot be used, and an unusable rate says so.
 */
export function summaryMismatch(stated: StatedSummary | null, resolved: number, total: number): string | null {
  if (!stated) return null;
  const differences: string[] = [];
  if (stated.rateProblem) differences.push(stated.rateProblem);
  if (stated.rate !== null && total > 0) {
    const rows = resolved / total;
    if (Math.abs(stated.rate - rows) > (stated.rateTolerance ?? FRACTION_TOLERANCE)) {
      // Enough digits to show the difference at the stated precision (50.04% against 50.00%).
      const digits = (stated.rateTolerance ?? FRACTION_TOLERANCE) < 0.0005 ? 2 : 1;
      differences.push(`stated ${percentText(stated.rate, digits)}, rows give ${percentText(rows, digits)}`);
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

/**
 * The resolve-rate table: one row per configuration, rates over the imported instances the run attempted
 * (resolved, unresolved, empty patch) with 95% Wilson intervals; errors and instances not run counted apart.
 */
export function resolveRates(runs: RunOutcomes[]): ResolveRateRow[] {
  // A run known only from other data (design verdicts for a model with no results) has no rate to show.
  return runs.filter(hasResults).map((run) => {
    // Rows per status code, over the imported instances (a loop over one byte per instance).
    const byCode = new Int32Array(RESULT_STATUSES.length + 1);
    const { codes } = run;
    for (let i = 0; i < codes.length; i++) byCode[codes[i] as number] = (byCode[codes[i] as number] as number) + 1;
    const statuses = emptyStatusCounts();
    for (const status of RESULT_STATUSES) statuses[status] = byCode[statusCode(status)] as number;
    const matched = run.codes.length - (byCode[NO_RESULT] as number);
    let allResolved = byCode[RESOLVED] as number;
    run.unmatched.forEach((status) => {
      if (status === "resolved") allResolved++;
    });
    const allTotal = matched + run.unmatched.size;
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
      instances: codes.length,
      overInstances: wilsonInterval(statuses.resolved, codes.length),
      partial: n < PARTIAL_SHARE * codes.length,
      unmatched: run.unmatched.size,
      allResolved,
      allTotal,
      stated,
      mismatch: summaryMismatch(stated, allResolved, allTotal),
    };
  });
}

/**
 * A run's rows over a benchmark's imported instances (ids, in any order): rows are `[instance id, resolved,
 * stored status]` (a Map of id → resolved reads as rows without a status).
 */
export function runRows(
  rows: Iterable<readonly [string, boolean] | readonly [string, boolean, string | null]>,
  imported: Iterable<string> | InstanceNumbering,
): NumberedOutcomes {
  const instances = imported instanceof InstanceNumbering ? imported : new InstanceNumbering(imported);
  return numberOutcomes(
    instances,
    [...rows].map((row) => [row[0], resultStatus(row[1], row[2])] as const),
  );
}
