/*
 * How long a write transaction may take, stated from what it writes (transactions.ts says why). Apart from
 * transactions.ts so that the database's opening (client.ts, backfill-hint-sources.ts) can state its own
 * without a circle of imports.
 */

/** What a transaction is given to start: a connection of the pool may be held by other writes for a while. */
const MAX_WAIT_MS = 60_000;
/** What any write transaction is given, whatever it writes: a loaded machine stalls a short one too. */
const BASE_MS = 30_000;
/** How often a transaction of one row that timed out is tried again, each time with twice the time. */
export const SINGLE_ATTEMPTS = 4;

/** How a write transaction states what it writes: `rows` of about `msPerRow` each (measured under load). */
export interface TransactionSize {
  rows: number;
  msPerRow: number;
}

/** The options of a write transaction of this size: its time to start, and its time to run. */
export const transactionTimeouts = ({ rows, msPerRow }: TransactionSize, times = 1) => ({
  maxWait: MAX_WAIT_MS,
  timeout: Math.ceil((BASE_MS + rows * msPerRow) * times),
});
