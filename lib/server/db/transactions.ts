import type { Database, Tx } from "./client";
import { SINGLE_ATTEMPTS, type TransactionSize, transactionTimeouts } from "./transaction-limits";

/*
 * Transactions that say how long they may take. Prisma gives an interactive transaction 5 s unless told
 * otherwise (and 2 s to get a connection); on a loaded machine a batch of the analysis took 5.2 s and the
 * command died with P2028. Here every write transaction's time is stated from what it writes, and a batch
 * whose transaction still runs out of time is written again in halves (a transaction that timed out was rolled
 * back whole, so nothing of it stays).
 */

export { type TransactionSize, transactionTimeouts };

/**
 * Whether `error` is Prisma's transaction running out of time (P2028: it could not start in time, or ran
 * longer than its timeout and was rolled back). The code is on known request errors; the driver adapter path
 * sometimes throws the bare message.
 */
export function isTransactionTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ((error as { code?: string }).code === "P2028") return true;
  return /Transaction API error|Transaction already closed|expired transaction|Unable to start a transaction in the given time/i.test(
    error.message,
  );
}

/** What a retry after a timeout was: the size of the batch that timed out, and what is tried next. */
export interface TimeoutRetry {
  items: number;
  next: "halves" | "again, with twice the time";
}

export interface BatchOptions {
  /** the time one item takes to write, for the transaction's timeout */
  msPerItem: number;
  /** told of each timed-out transaction before it is tried again (the tests watch it) */
  onTimeout?: (retry: TimeoutRetry) => void;
  /** for a test: a transaction's timeout in place of the stated one (`times`: 1, then doubled per retry) */
  timeoutMs?: (items: number, times: number) => number;
}

/**
 * Writes `items` by `write`, each call in a transaction of its own whose timeout is stated from its items;
 * where one runs out of time it is written again in two halves, and a single item again with twice the
 * time (up to four times, then its error is thrown). `write` must write its items whole or not at all (it
 * runs in one transaction; one that timed out was rolled back). The results come back in the items' order.
 * The caller takes its write turn (writeTurn); this runs inside it.
 */
export async function writeInBatches<T, R>(
  db: Database,
  items: readonly T[],
  write: (tx: Tx, batch: readonly T[]) => Promise<R>,
  options: BatchOptions,
): Promise<R[]> {
  const results: R[] = [];
  const todo: Array<{ batch: readonly T[]; times: number }> = items.length > 0 ? [{ batch: items, times: 1 }] : [];
  while (todo.length > 0) {
    const { batch, times } = todo.shift() as { batch: readonly T[]; times: number };
    const { maxWait, timeout } = transactionTimeouts({ rows: batch.length, msPerRow: options.msPerItem }, times);
    const stated = options.timeoutMs?.(batch.length, times) ?? timeout;
    try {
      results.push(await db.$transaction((tx) => write(tx, batch), { maxWait, timeout: stated }));
    } catch (error) {
      if (!isTransactionTimeout(error)) throw error;
      if (batch.length > 1) {
        options.onTimeout?.({ items: batch.length, next: "halves" });
        const half = Math.ceil(batch.length / 2);
        todo.unshift({ batch: batch.slice(0, half), times }, { batch: batch.slice(half), times });
      } else {
        if (times >= 2 ** (SINGLE_ATTEMPTS - 1)) throw error;
        options.onTimeout?.({ items: 1, next: "again, with twice the time" });
        todo.unshift({ batch, times: times * 2 });
      }
    }
  }
  return results;
}

/**
 * One write transaction of `size` (its timeout stated from it), tried again with twice the time where it ran
 * out of time (up to four times). For writes that cannot be split; `work` must be all-or-nothing.
 */
export async function writeTransaction<R>(
  db: Database,
  size: TransactionSize,
  work: (tx: Tx) => Promise<R>,
): Promise<R> {
  const [result] = await writeInBatches(db, [size.rows], (tx) => work(tx), {
    msPerItem: size.msPerRow * Math.max(1, size.rows),
  });
  return result as R;
}
