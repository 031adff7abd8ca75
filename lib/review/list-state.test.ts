import { describe, expect, test } from "vitest";
import { applyListState, type InstanceListRow, listStateToSearch, neighbours, parseListState } from "./list-state";

const row = (id: number, overrides: Partial<InstanceListRow> = {}): InstanceListRow => ({
  id,
  externalId: `repo__x-${id}`,
  benchmark: "SWE-bench Pro",
  repo: "acme/x",
  language: "python",
  counts: { defuse: id % 3, doc2feat: 1, fea: 1, pro: id },
  reviews: {},
  flags: 0,
  leaks: 0,
  resolved: 0,
  runs: 0,
  ...overrides,
});

const rows = [
  row(1, { language: "go" }),
  row(2, { reviews: { "defuse.declaration": "accepted" } }),
  row(3, { repo: "acme/widgets", reviews: { "defuse.declaration": "flagged", "pro.name": "stale" }, flags: 1 }),
  row(4, { benchmark: "SWE-bench Lite", leaks: 2 }),
];

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

  test.each([
    ["text search over repository", "q=widgets", [3]],
    ["facets combine", "language=python&benchmark=SWE-bench Pro", [2, 3]],
    ["review facet", "review=pending", [1, 4]],
    ["review status is the list's policy's", "review=pending&selection=pro&projection=name", [1, 2, 4]],
    ["changed since decided", "review=stale&selection=pro&projection=name", [3]],
    ["leak suspected", "leak=1", [4]],
    ["a paired comparison's cell: only its instances", "ids=repo__x-2,repo__x-4", [2, 4]],
    ["numeric sort, descending", "sort=pro&desc=1", [4, 3, 2, 1]],
    ["ties keep id order", "sort=benchmark", [4, 1, 2, 3]],
  ])("%s", (_name, query, ids) => {
    expect(applyListState(rows, parseListState(new URLSearchParams(query))).map((r) => r.id)).toEqual(ids);
  });

  test("neighbours: previous, next and the next pending one, wrapping round", () => {
    const policy = { selection: "defuse", projection: "declaration" } as const;
    expect(neighbours(rows, 2, policy)).toEqual({ previous: 1, next: 3, nextPending: 4, position: 2, total: 4 });
    expect(neighbours(rows, 4, policy)).toEqual({ previous: 3, next: null, nextPending: 1, position: 4, total: 4 });
    expect(neighbours(rows, 99, policy)).toMatchObject({ previous: null, next: null, position: 0 });
    // Under Pro × Name, instance 3's decision is stale: it is next to review again.
    expect(neighbours(rows, 2, { selection: "pro", projection: "name" }).nextPending).toBe(3);
  });
});
