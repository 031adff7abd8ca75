/**
 * One page of a comparison's differences, in the order the compare page lists them: instances added, then
 * removed, then changed (each by id). `start` is the page's first row of that whole list; the changes on the
 * page are read from the database for it alone (see versionDifferences' `start`).
 */
export interface CompareWindow {
  /** the added and removed instances on this page */
  added: string[];
  removed: string[];
  /** the rows the page shows, 1-based and inclusive, and how many there are in all */
  first: number;
  last: number;
  total: number;
  previous: number | null;
  next: number | null;
}

/** The page `page` (1-based) of `size` rows; null for a page past the last (page 1 is always one). */
export function compareWindow(
  added: readonly string[],
  removed: readonly string[],
  changedCount: number,
  page: number,
  size: number,
): CompareWindow | null {
  const total = added.length + removed.length + changedCount;
  const start = (page - 1) * size;
  if (page > 1 && start >= total) return null;
  const end = Math.min(total, start + size);
  return {
    added: added.slice(start, end),
    removed: removed.slice(Math.max(0, start - added.length), Math.max(0, end - added.length)),
    first: total === 0 ? 0 : start + 1,
    last: end,
    total,
    previous: page > 1 ? page - 1 : null,
    next: end < total ? page + 1 : null,
  };
}
