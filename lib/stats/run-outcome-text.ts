import { RESULT_STATUSES, type ResultStatus, resultStatus } from "./result-status";

/*
 * A run's results as one stored text (Run.outcomes): the instance ids in the order of its result rows, and each
 * one's status as a letter (its place in RESULT_STATUSES). The research page reads nine runs of 50,000 results
 * as nine texts instead of 450,000 rows.
 */

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** A run's result rows ([instance id, resolved, stored status]) as its stored text. */
export function outcomeText(rows: Iterable<readonly [string, boolean, string | null]>): string {
  const ids: string[] = [];
  let statuses = "";
  for (const [id, resolved, status] of rows) {
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
    ![...statuses].every((letter) => LETTERS.indexOf(letter) >= 0 && LETTERS.indexOf(letter) < RESULT_STATUSES.length)
  )
    throw new Error(`a run's stored outcomes are not readable: ${text.slice(0, 80)}`);
  return { ids, statuses };
}

/** The letter a status is kept as. */
export const statusLetter = (status: ResultStatus): string => LETTERS[RESULT_STATUSES.indexOf(status)] as string;

/** A stored text read back as [instance id, status] pairs, in the order they were stored. */
export function readOutcomeText(text: string): Array<[string, ResultStatus]> {
  const { ids, statuses } = readOutcomeColumns(text);
  return ids.map((id, n) => [id, RESULT_STATUSES[LETTERS.indexOf(statuses[n] as string)] as ResultStatus]);
}
