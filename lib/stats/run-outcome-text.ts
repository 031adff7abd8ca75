import { type InstanceNumbering, type NumberedOutcomes, numberOutcomes, statusCode } from "./numbered-outcomes";
import { RESULT_STATUSES, type ResultStatus, resultStatus } from "./result-status";

/*
 * A run's results as one stored text (Run.outcomes): the instance ids in the order of its result rows, and each
 * one's status as a letter (its place in RESULT_STATUSES). The research page reads nine runs of 50,000 results
 * as nine texts instead of 450,000 rows.
 */

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/** A text of the letters a status can be kept as, and nothing else. */
const STORED_LETTERS = new RegExp(`^[${LETTERS.slice(0, RESULT_STATUSES.length)}]*$`);

/**
 * A run's result rows ([instance id, resolved, stored status]) as its stored text, in id order (code units;
 * the rows of one id in their own order), so reading it over a benchmark's numbered instances is one merge.
 */
export function outcomeText(rows: Iterable<readonly [string, boolean, string | null]>): string {
  const sorted = [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const ids: string[] = [];
  let statuses = "";
  for (const [id, resolved, status] of sorted) {
    ids.push(id);
    statuses += LETTERS[RESULT_STATUSES.indexOf(resultStatus(resolved, status))];
  }
  return JSON.stringify({ ids, statuses });
}

/** A stored text read back as it is kept: the ids, and a status letter each (statusLetter). */
export function readOutcomeColumns(text: string): { ids: string[]; statuses: string } {
  const { ids, statuses } = JSON.parse(text) as { ids?: unknown; statuses?: unknown };
  if (
    !Array.isArray(ids) ||
    typeof statuses !== "string" ||
    statuses.length !== ids.length ||
    !ids.every((id) => typeof id === "string") ||
    !STORED_LETTERS.test(statuses)
  )
    throw new Error(`a run's stored outcomes are not readable: ${text.slice(0, 80)}`);
  return { ids, statuses };
}

/** The letter a status is kept as. */
export const statusLetter = (status: ResultStatus): string => LETTERS[RESULT_STATUSES.indexOf(status)] as string;

/**
 * A stored text read back over a benchmark's numbered instances (numbered-outcomes.ts): each row's status
 * code at its instance's number, rows of ids that are no imported instance apart (a later row of an id wins).
 */
export function readNumberedOutcomes(text: string, instances: InstanceNumbering): NumberedOutcomes {
  const { ids, statuses } = readOutcomeColumns(text);
  const statusAt = (n: number) => RESULT_STATUSES[statuses.charCodeAt(n) - FIRST_LETTER] as ResultStatus;
  // One stored before texts were sorted is read by a look-up per row.
  if (!ids.every((id, n) => n === 0 || (ids[n - 1] as string) <= id))
    return numberOutcomes(
      instances,
      ids.map((id, n) => [id, statusAt(n)] as const),
    );
  // A text in id order (as outcomeText writes it) is merged with the numbering, which is in the same order:
  // no look-up per row.
  const codes = new Uint8Array(instances.size);
  const unmatched = new Map<string, ResultStatus>();
  const known = instances.ids;
  let k = 0;
  for (let n = 0; n < ids.length; n++) {
    const id = ids[n] as string;
    while (k < known.length && (known[k] as string) < id) k++;
    if (known[k] === id) codes[k] = statusCode(statusAt(n));
    else unmatched.set(id, statusAt(n));
  }
  return { instances, codes, unmatched };
}

const FIRST_LETTER = LETTERS.charCodeAt(0);
