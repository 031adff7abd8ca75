// The compare page's pages of differences: added, removed, then changed, `size` rows each.
import { describe, expect, it } from "vitest";
import { compareWindow } from "./compare-window";

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("a comparison's differences, a page at a time", () => {
  const [added, removed] = [ids("a", 3), ids("r", 2)];

  it("walks added, then removed, then changed, each row on one page only, and ends", () => {
    const rows: string[] = [];
    let changedRows = 0;
    for (let page: number | null = 1; page !== null; ) {
      const window = compareWindow(added, removed, 6, page, 4);
      if (!window) throw new Error(`page ${page} is missing`);
      rows.push(...window.added, ...window.removed);
      changedRows += window.last - window.first + 1 - window.added.length - window.removed.length;
      page = window.next;
    }
    expect(rows).toEqual([...added, ...removed]);
    expect(changedRows).toBe(6);
  });

  it("says where a page is, and which pages are next to it", () => {
    expect(compareWindow(added, removed, 6, 2, 4)).toEqual({
      added: [],
      removed: ["r1"],
      first: 5,
      last: 8,
      total: 11,
      previous: 1,
      next: 3,
    });
    expect(compareWindow(added, removed, 6, 3, 4)).toMatchObject({ first: 9, last: 11, previous: 2, next: null });
  });

  it("has no page past the last; the first page exists with nothing on it", () => {
    expect(compareWindow(added, removed, 6, 4, 4)).toBeNull();
    expect(compareWindow([], [], 0, 1, 200)).toMatchObject({ first: 0, last: 0, total: 0, next: null });
  });
});
