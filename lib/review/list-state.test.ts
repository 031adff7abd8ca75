import { describe, expect, test } from "vitest";
import { listStateToSearch, neighbours, parseListState } from "./list-state";

describe("list state", () => {
  test("round-trips through the query string, defaults left out", () => {
    const state = parseListState(new URLSearchParams("q=widg&language=python,go&review=flagged&sort=defuse&desc=1"));
    expect(state).toEqual({
      q: "widg",
      benchmark: [],
      language: ["python", "go"],
      review: ["flagged"],
      selection: "defuse",
      projection: "declaration",
      leak: false,
      ids: [],
      sort: "defuse",
      desc: true,
    });
    expect(parseListState(new URLSearchParams(listStateToSearch(state)))).toEqual(state);
    expect(listStateToSearch(parseListState(new URLSearchParams("")))).toBe("");
  });

  test("malformed values fall back to the defaults instead of failing", () => {
    expect(parseListState({ sort: "drop table", review: "nonsense", desc: "maybe" })).toMatchObject({
      sort: "externalId",
      review: [],
      desc: false,
    });
  });

  test("neighbours: previous, next and the next open one (pending or changed since decided), wrapping round", () => {
    const ids = [
      { id: 1, open: true },
      { id: 2, open: false },
      { id: 3, open: false },
      { id: 4, open: true },
    ];
    expect(neighbours(ids, 2)).toEqual({ previous: 1, next: 3, nextPending: 4, position: 2, total: 4 });
    expect(neighbours(ids, 4)).toEqual({ previous: 3, next: null, nextPending: 1, position: 4, total: 4 });
    expect(neighbours(ids, 1)).toMatchObject({ previous: null, next: 2, nextPending: 4 });
    expect(neighbours(ids, 99)).toMatchObject({ previous: null, next: null, nextPending: 1, position: 0 });
    expect(neighbours([{ id: 5, open: true }], 5)).toMatchObject({ nextPending: null, total: 1 });
  });
});
