import { describe, expect, test } from "vitest";
import {
  IDS_IN_LINK_MAX,
  idsFitLink,
  listStateToSearch,
  NARROWING_FILTERS,
  parseListState,
  pickSize,
  shortId,
  unreadFiltersText,
} from "./list-state";

describe("list state", () => {
  test("round-trips through the query string, defaults left out", () => {
    const state = parseListState(
      new URLSearchParams("q=widg&language=python,go&review=flagged&sort=defuse&desc=1&message=1&subset=lite"),
    );
    expect(state).toEqual({
      q: "widg",
      benchmark: [],
      language: ["python", "go"],
      review: ["flagged"],
      selection: "defuse",
      projection: "declaration",
      leak: false,
      message: true,
      subset: ["lite"],
      named: false,
      label: [],
      ids: [],
      pick: null,
      paired: null,
      evidence: null,
      sort: "defuse",
      desc: true,
      unread: [],
    });
    expect(parseListState(new URLSearchParams(listStateToSearch(state)))).toEqual(state);
    expect(listStateToSearch(parseListState(new URLSearchParams("")))).toBe("");
  });

  test("a paired comparison's cell round-trips; a malformed one is not read, and said", () => {
    const state = parseListState(new URLSearchParams("benchmark=SWE-bench+Pro&paired=12,7,firstOnly"));
    expect(state.paired).toEqual({ first: 12, second: 7, cell: "firstOnly" });
    expect(listStateToSearch(state)).toBe("benchmark=SWE-bench+Pro&paired=12%2C7%2CfirstOnly");
    expect(parseListState(new URLSearchParams(listStateToSearch(state)))).toEqual(state);
    for (const cell of ["both", "firstOnly", "secondOnly", "neither"])
      expect(parseListState({ paired: `1,2,${cell}` }).paired).toEqual({ first: 1, second: 2, cell });
    for (const bad of [
      "",
      "1,2",
      "1,2,both,3",
      "1,x,both",
      "0,2,both",
      "-1,2,both",
      "1,2,constructor",
      "1,2,toString",
      "01,2,both",
      "1.5,2,both",
    ])
      expect(parseListState({ paired: bad }).paired, bad).toBeNull();
    // …and said, unless it is empty (no filter given).
    expect(parseListState({ paired: "1,2,constructor" }).unread).toEqual([
      { param: "paired", value: "1,2,constructor", takes: NARROWING_FILTERS.paired },
    ]);
    expect(parseListState({ paired: "" }).unread).toEqual([]);
  });

  test("an evidence check's cell round-trips; a malformed one is not read, and said", () => {
    const state = parseListState(new URLSearchParams("evidence=solution_in_issue,false_negative>=2,check_only"));
    expect(state.evidence).toEqual({ check: "solution_in_issue", test: "false_negative>=2", cell: "check_only" });
    expect(parseListState(new URLSearchParams(listStateToSearch(state)))).toEqual(state);
    for (const bad of ["", "a,b", "a,b,both,c", "a,b,constructor", "A,b,both", "a b,c,both", "a,b,__proto__"])
      expect(parseListState({ evidence: bad }).evidence, bad).toBeNull();
  });

  test("a kept pick's key round-trips and names its size", () => {
    const key = `312-${"0123456789abcdef".repeat(2)}`;
    const state = parseListState(new URLSearchParams(`pick=${key}&sort=repo`));
    expect(state.pick).toBe(key);
    expect(pickSize(key)).toBe(312);
    expect(listStateToSearch(state)).toBe(`pick=${key}&sort=repo`);
    expect(parseListState(new URLSearchParams(listStateToSearch(state)))).toEqual(state);
  });

  test("ids go in a link while they are few and short enough, else to the server as a pick", () => {
    // SWE-bench Pro's ids are about 110 characters: 18 fit, 19 do not.
    const pro = (n: number) =>
      `instance_ansible__ansible-${n.toString(16).padStart(40, "0")}-v30a923fb5c164d6cd18280c02422f75e611e8fb2`;
    const proIds = (count: number) => Array.from({ length: count }, (_, n) => pro(n));
    const fit = Math.floor((IDS_IN_LINK_MAX + 1) / (pro(0).length + 1));
    expect(idsFitLink(proIds(fit))).toBe(true);
    expect(idsFitLink(proIds(fit + 1))).toBe(false);
    // At the bound exactly, and one past it.
    expect(idsFitLink(["x".repeat(IDS_IN_LINK_MAX)])).toBe(false);
    const nine = Array.from({ length: 9 }, (_, n) => String(n).repeat(200));
    const rest = IDS_IN_LINK_MAX - nine.join(",").length - 1;
    expect(idsFitLink([...nine, "y".repeat(rest)])).toBe(true);
    expect(idsFitLink([...nine, "y".repeat(rest + 1)])).toBe(false);
    // An id the ids filter cannot read (over 300 characters, or holding its separator) goes as a pick.
    expect(idsFitLink(["x".repeat(301)])).toBe(false);
    expect(idsFitLink(["a,b"])).toBe(false);
    // Whatever fits a link reads back as the same ids.
    for (const ids of [proIds(fit), ["a", "b-1", "c.d"], ["x".repeat(300)]]) {
      expect(idsFitLink(ids)).toBe(true);
      const state = parseListState({ ids: ids.join(",") });
      expect(state.ids).toEqual(ids);
      expect(state.unread).toEqual([]);
    }
  });

  test("every filter of the state narrows and is read strictly, but the policy and the order", () => {
    // A new filter is a narrowing one (NARROWING_FILTERS: one that cannot be read empties the view) unless named here.
    const notNarrowing = ["selection", "projection", "sort", "desc"];
    const fields = Object.keys(parseListState({})).filter((key) => key !== "unread");
    expect(fields.filter((key) => !notNarrowing.includes(key)).sort()).toEqual(Object.keys(NARROWING_FILTERS).sort());
    for (const [given, read] of [
      ["1", true],
      ["true", true],
      ["0", false],
      ["false", false],
    ] as const)
      expect(parseListState({ leak: given, message: given, named: given })).toMatchObject({
        leak: read,
        message: read,
        named: read,
        unread: [],
      });
  });

  test("malformed values fall back to the defaults instead of failing", () => {
    expect(parseListState({ sort: "drop table", review: "nonsense", desc: "maybe" })).toMatchObject({
      sort: "externalId",
      review: [],
      desc: false,
    });
  });

  test("a narrowing filter that cannot be read is kept as written and said, never dropped into a wider view", () => {
    // Each narrowing filter, malformed: over its length or count, or not one of its words.
    const long = (n: number) => "x".repeat(n);
    const manyIds = Array.from({ length: 5001 }, (_, n) => `repo__pkg-${n}`).join(",");
    const malformed: Record<keyof typeof NARROWING_FILTERS, string[]> = {
      q: [long(201)],
      benchmark: [`SWE-bench,${long(201)}`],
      language: [long(51)],
      review: ["nonsense", "pending,constructor", "toString"],
      // A yes-or-no filter read as "no" would widen the view to every instance.
      leak: ["yes", "on", "2", "constructor"],
      message: ["yes", "TRUE "],
      named: ["y", "1,1"],
      subset: [Array.from({ length: 51 }, (_, n) => `s${n}`).join(","), long(201)],
      label: [Array.from({ length: 51 }, (_, n) => `a/b=${n}`).join(","), long(501)],
      ids: [manyIds, `a,${long(301)}`],
      pick: [`0-${"a".repeat(32)}`, `12-${"a".repeat(31)}`, `12-${"A".repeat(32)}`, `1234567-${"a".repeat(32)}`, "12"],
      paired: ["1,2", "1,2,constructor", "0,2,both"],
      evidence: ["a,b", "a,b,__proto__", "A,b,both"],
    };
    expect(Object.keys(malformed).sort()).toEqual(Object.keys(NARROWING_FILTERS).sort());
    for (const [param, values] of Object.entries(malformed)) {
      for (const value of values) {
        const state = parseListState(new URLSearchParams({ [param]: value, sort: "repo" }));
        expect(state.unread, `${param}=${value.slice(0, 30)}`).toEqual([
          { param, value, takes: NARROWING_FILTERS[param as keyof typeof NARROWING_FILTERS] },
        ]);
        expect(unreadFiltersText(state)).toContain(`${param} filter could not be read`);
        // Written back as it came, beside the filters that were read: the link still says what it meant.
        const again = parseListState(new URLSearchParams(listStateToSearch(state)));
        expect(again.unread).toEqual(state.unread);
        expect(again.sort).toBe("repo");
      }
    }
    // At the bounds, each is read.
    const atBounds: Record<string, string> = {
      q: long(200),
      language: long(50),
      subset: Array.from({ length: 50 }, (_, n) => `s${n}`).join(","),
      ids: Array.from({ length: 5000 }, (_, n) => `repo__pkg-${n}`).join(","),
      review: "pending,flagged",
      leak: "true",
      message: "0",
      named: "false",
      pick: `999999-${"0123456789abcdef".repeat(2)}`,
    };
    for (const [param, value] of Object.entries(atBounds))
      expect(parseListState({ [param]: value }).unread, param).toEqual([]);
    expect(unreadFiltersText(parseListState({}))).toBeNull();
  });
});

test("a SWE-bench Pro id reads as its repository and short commit; other ids as they are", () => {
  expect(
    shortId(
      "instance_navidrome__navidrome-3bc9e75b2843f91f26e8e1d1a0a8b3ed21d4f79c-v0f5aece3601a5b4419f7ccec1dbda2071be28ee4",
    ),
  ).toBe("navidrome__navidrome-3bc9e75b");
  expect(
    shortId(
      "instance_qutebrowser__qutebrowser-7f9713b20f623fc40473b7167a082d6db0f0fd40-va0fd88aac89cde702ec1ba84877234da33adce8a",
    ),
  ).toBe("qutebrowser__qutebrowser-7f9713b2");
  expect(shortId("django__django-13321")).toBe("django__django-13321");
});
