/*
 * The list's search waits for its third character (issue 47): a needle of one or two characters has no trigram,
 * so no index of either engine can answer it (PostgreSQL read all 278,599 identifier names of a 50k corpus for
 * "p", "pa": 8.7–9.6 s a keystroke), and what it would find is most of the corpus anyway. Such a search is not
 * run: the view holds what it would hold without it, and the page says why beside the search box.
 */

/** The characters of a search from which it is run: a trigram index's three. */
export const SEARCH_MINIMUM = 3;

/** Whether this search is left unrun for now: one or two characters (spaces around it aside). */
export function searchWaits(q: string): boolean {
  const length = [...q.trim()].length;
  return length > 0 && length < SEARCH_MINIMUM;
}

/** What the page says of a search that waits (null when it is run, or there is none). */
export function searchWaitNote(q: string): string | null {
  if (!searchWaits(q)) return null;
  const typed = [...q.trim()].length;
  return `Search starts at ${SEARCH_MINIMUM} characters (${typed} typed): the list is not searched yet.`;
}
