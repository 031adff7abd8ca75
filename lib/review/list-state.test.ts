import { describe, expect, test } from "vitest";
import { listStateToSearch, parseListState } from "./list-state";

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
});
