import { ATTEMPTED, RESULT_STATUSES, type ResultStatus } from "./result-status";

/*
 * A run's outcomes as the research tables count them: its benchmark's imported instances numbered 0…n−1 in
 * id order, and the run's status of each as one byte in an array of n. Rates, the policy table, the paired
 * comparison and the disclosure chart walk these arrays side by side instead of looking 450,000 ids up in
 * maps (50,000 instances, nine runs). Results for ids that match no imported instance are kept apart, by id:
 * they are counted, never used.
 */

/** A benchmark's imported instances, numbered in id order (UTF-16 code units, as `Array.prototype.sort`). */
export class InstanceNumbering {
  /** the ids, each at its number */
  readonly ids: readonly string[];
  /** each id's number, made when first looked up (reading runs' outcomes merges by order instead) */
  private numbers: Map<string, number> | null = null;

  constructor(ids: Iterable<string>) {
    let list = [...ids];
    // Ids read in the database's order are usually sorted and unique already: checked in one pass.
    if (list.some((id, n) => n > 0 && (list[n - 1] as string) >= id)) list = [...new Set(list)].sort();
    this.ids = list;
  }

  get size(): number {
    return this.ids.length;
  }

  private get byId(): Map<string, number> {
    if (this.numbers === null) {
      this.numbers = new Map();
      for (let n = 0; n < this.ids.length; n++) this.numbers.set(this.ids[n] as string, n);
    }
    return this.numbers;
  }

  numberOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }
}

/** No result: the code of an instance a run has no row for. */
export const NO_RESULT = 0;
/** The code a status is kept as: 1 + its place in RESULT_STATUSES. */
export const statusCode = (status: ResultStatus): number => RESULT_STATUSES.indexOf(status) + 1;
export const RESOLVED = statusCode("resolved");
/** Per code, whether it counts in a rate's denominator (attempted: resolved, unresolved, empty patch). */
const ATTEMPTED_CODE = Uint8Array.from({ length: RESULT_STATUSES.length + 1 }, (_, code) => {
  const status = RESULT_STATUSES[code - 1];
  return status !== undefined && ATTEMPTED.has(status) ? 1 : 0;
});
export const isAttemptedCode = (code: number): boolean => ATTEMPTED_CODE[code] === 1;
/** The status a code stands for (undefined for NO_RESULT). */
export const statusOfCode = (code: number): ResultStatus | undefined => RESULT_STATUSES[code - 1];

/** One run's statuses over its benchmark's numbered instances, and its results for ids that match none. */
export interface NumberedOutcomes {
  instances: InstanceNumbering;
  /** per numbered instance: NO_RESULT, or the code of its status (a later row of an id wins) */
  codes: Uint8Array;
  /** statuses of result rows whose ids are no imported instance, by id (a later row wins) */
  unmatched: ReadonlyMap<string, ResultStatus>;
}

/** A run's rows, each an id and its status, over a benchmark's numbered instances. */
export function numberOutcomes(
  instances: InstanceNumbering,
  rows: Iterable<readonly [string, ResultStatus]>,
): NumberedOutcomes {
  const codes = new Uint8Array(instances.size);
  const unmatched = new Map<string, ResultStatus>();
  for (const [id, status] of rows) {
    const n = instances.numberOf(id);
    if (n === undefined) unmatched.set(id, status);
    else codes[n] = statusCode(status);
  }
  return { instances, codes, unmatched };
}

/** Whether a run has any result row at all, matched or not. */
export const hasResults = (run: NumberedOutcomes): boolean =>
  run.unmatched.size > 0 || run.codes.some((code) => code !== NO_RESULT);

/** Whether any of a run's rows was attempted, matched or not (a run without one compares nothing). */
export const attemptedAny = (run: NumberedOutcomes): boolean =>
  run.codes.some(isAttemptedCode) || [...run.unmatched.values()].some((status) => ATTEMPTED.has(status));

/** An imported instance's outcome in a run by id: resolved or not where attempted, else undefined. */
export function outcomeOf(run: NumberedOutcomes, id: string): boolean | undefined {
  const n = run.instances.numberOf(id);
  const code = n === undefined ? NO_RESULT : (run.codes[n] as number);
  return isAttemptedCode(code) ? code === RESOLVED : undefined;
}

/**
 * The mean of a per-instance value (aligned with the run's numbering) over the instances the run attempted;
 * null when it attempted none.
 */
export function meanOverAttempted(run: NumberedOutcomes, values: ArrayLike<number>): number | null {
  let sum = 0;
  let n = 0;
  const { codes } = run;
  for (let i = 0; i < codes.length; i++)
    if (ATTEMPTED_CODE[codes[i] as number] === 1) {
      sum += values[i] as number;
      n++;
    }
  return n === 0 ? null : sum / n;
}
