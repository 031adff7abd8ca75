/** The 2×2 table of two configurations over the instances both ran, with the instances in each cell. */
export interface PairedTable {
  both: string[];
  firstOnly: string[];
  secondOnly: string[];
  neither: string[];
  /** instances compared: always both + firstOnly + secondOnly + neither */
  n: number;
}

/** Pairs two runs' outcomes on the instances both have; instances only one run has are left out. */
export function pairOutcomes(first: ReadonlyMap<string, boolean>, second: ReadonlyMap<string, boolean>): PairedTable {
  const table: PairedTable = { both: [], firstOnly: [], secondOnly: [], neither: [], n: 0 };
  for (const [id, a] of first) {
    const b = second.get(id);
    if (b === undefined) continue;
    (a ? (b ? table.both : table.firstOnly) : b ? table.secondOnly : table.neither).push(id);
    table.n++;
  }
  for (const cell of [table.both, table.firstOnly, table.secondOnly, table.neither]) cell.sort();
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
