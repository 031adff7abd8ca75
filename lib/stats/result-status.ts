/**
 * What happened to one instance in one run. The SWE-bench harness distinguishes instances it never ran
 * (`incomplete_ids`: no prediction submitted), instances whose evaluation failed (`error_ids`), empty
 * patches, and completed ones (resolved or not). A rate is over the instances a run **attempted**: resolved,
 * unresolved and empty patches (an empty patch was attempted and fails, as the leaderboard counts it);
 * errors and instances not run are shown apart and never counted as failures, nor paired.
 */
export const RESULT_STATUSES = ["resolved", "unresolved", "empty_patch", "error", "not_run"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** Statuses that count in a rate's denominator (and in paired comparisons). */
export const ATTEMPTED: ReadonlySet<ResultStatus> = new Set(["resolved", "unresolved", "empty_patch"]);

/** The stored status words that, on a result not resolved, mean the instance was not attempted (resultStatus). */
export const UNATTEMPTED_WORDS: readonly string[] = ["error", "incomplete", "not_run"];

/** A stored result's status: its own word where it has one (older imports said "incomplete"), else its flag. */
export function resultStatus(resolved: boolean, status: string | null | undefined): ResultStatus {
  switch (status) {
    case "empty_patch":
      return resolved ? "resolved" : "empty_patch";
    case "error":
      return resolved ? "resolved" : "error";
    case "incomplete":
    case "not_run":
      return resolved ? "resolved" : "not_run";
    default:
      return resolved ? "resolved" : "unresolved";
  }
}

export type StatusCounts = Record<ResultStatus, number>;

export const emptyStatusCounts = (): StatusCounts => ({
  resolved: 0,
  unresolved: 0,
  empty_patch: 0,
  error: 0,
  not_run: 0,
});
