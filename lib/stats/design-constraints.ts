import { cramersV } from "./agreement";

export const VERDICTS = ["satisfied", "violated", "neutral"] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * A patch's design outcome from its constraints' verdicts (SWE-Shield): violated if any applicable
 * constraint is violated, satisfied if the applicable ones all are, neutral when none applies.
 */
export function designOutcome(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes("violated")) return "violated";
  return verdicts.includes("satisfied") ? "satisfied" : "neutral";
}

export interface DesignRates {
  /** imported instances with both a test outcome and design verdicts */
  instances: number;
  /** verdict ids that match no imported instance of the benchmark: reported, never counted */
  unmatched: number;
  passRate: number | null;
  /** DSR, DVR, DNR: shares of instances whose patch satisfies, violates, or has no applicable constraint */
  satisfied: number | null;
  violated: number | null;
  neutral: number | null;
  /** share of test-passing patches that also satisfy their design constraints */
  passingAndSatisfied: number | null;
  /** association of passing with the design outcome (pass × satisfied/violated/neutral) */
  cramersV: number | null;
}

/** Design rates beside the pass rate for one configuration, and Cramér's V between passing and design outcome. */
export function designRates(
  verdicts: ReadonlyMap<string, readonly Verdict[]>,
  passed: { get(id: string): boolean | undefined },
  imported?: { has(id: string): boolean },
): DesignRates {
  const passRow = [0, 0, 0];
  const failRow = [0, 0, 0];
  let unmatched = 0;
  for (const [id, list] of verdicts) {
    // The same instances as the resolve-rate rows: those imported for the benchmark.
    if (imported && !imported.has(id)) {
      unmatched++;
      continue;
    }
    const pass = passed.get(id);
    if (pass === undefined || list.length === 0) continue;
    const row = pass ? passRow : failRow;
    const j = VERDICTS.indexOf(designOutcome(list));
    row[j] = (row[j] as number) + 1;
  }
  const table = [passRow, failRow];
  const n = [...passRow, ...failRow].reduce((a, b) => a + b, 0);
  const share = (count: number, of: number) => (of === 0 ? null : count / of);
  const column = (j: number) => (passRow[j] as number) + (failRow[j] as number);
  const passing = passRow.reduce((a, b) => a + b, 0);
  // Columns no patch reached carry no information for the association.
  const used = [0, 1, 2].filter((j) => column(j) > 0);
  return {
    instances: n,
    unmatched,
    passRate: share(passing, n),
    satisfied: share(column(0), n),
    violated: share(column(1), n),
    neutral: share(column(2), n),
    passingAndSatisfied: share(passRow[0] as number, passing),
    // Undefined, not 0, when only one row or one column holds anything: there is no association to measure.
    cramersV:
      used.length < 2 || passing === 0 || passing === n
        ? null
        : cramersV(table.map((row) => used.map((j) => row[j] as number))),
  };
}
