import { isAttemptedCode, type NumberedOutcomes, RESOLVED } from "./numbered-outcomes";

/** The 2×2 table of two configurations over the instances both ran, with the instances in each cell. */
export interface PairedTable {
  both: string[];
  firstOnly: string[];
  secondOnly: string[];
  neither: string[];
  /** instances compared: always both + firstOnly + secondOnly + neither */
  n: number;
}

/**
 * Pairs two runs' outcomes on the imported instances both attempted (instances only one run attempted are
 * left out); each cell's ids in id order.
 */
export function pairOutcomes(first: NumberedOutcomes, second: NumberedOutcomes): PairedTable {
  if (first.instances !== second.instances) throw new Error("two runs paired over different instances");
  const table: PairedTable = { both: [], firstOnly: [], secondOnly: [], neither: [], n: 0 };
  const { ids } = first.instances;
  for (let i = 0; i < ids.length; i++) {
    const a = first.codes[i] as number;
    const b = second.codes[i] as number;
    if (!isAttemptedCode(a) || !isAttemptedCode(b)) continue;
    const cell =
      a === RESOLVED
        ? b === RESOLVED
          ? table.both
          : table.firstOnly
        : b === RESOLVED
          ? table.secondOnly
          : table.neither;
    cell.push(ids[i] as string);
    table.n++;
  }
  return table;
}

/** P(X ≤ k) for X ~ Binomial(n, 1/2), summed exactly in log space to stay finite for large n. */
function binomialHalfCdf(k: number, n: number): number {
  let logTerm = -n * Math.LN2; // log C(n,0) / 2^n
  let total = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i);
    total += Math.exp(logTerm);
  }
  return total;
}

/** The exact (binomial) two-sided McNemar p-value from the discordant counts; 1 when there are none. */
export function exactMcNemar(firstOnly: number, secondOnly: number): number {
  const n = firstOnly + secondOnly;
  if (n === 0) return 1;
  return Math.min(1, 2 * binomialHalfCdf(Math.min(firstOnly, secondOnly), n));
}
