import { expect, test } from "vitest";
import {
  type MarkedIdentifier,
  markColumns,
  patchMarks,
  pickNext,
  placeLocations,
  revealFor,
  stepLabel,
} from "./patch-marks";

const identifier = (over: Partial<MarkedIdentifier> & Pick<MarkedIdentifier, "name">): MarkedIdentifier => ({
  kind: "function",
  signature: null,
  side: "code",
  status: "new",
  policies: ["defuse"],
  locations: { definedAt: null, usedAt: [] },
  ...over,
});

test("marks go to the pane each location names, DefUse strong and the others light", () => {
  const marks = patchMarks([
    identifier({
      name: "parse_duration",
      locations: {
        definedAt: { path: "lib/time.py", diffLine: 7, column: 6, patch: "gold" },
        usedAt: [
          { path: "tests/test_time.py", diffLine: 12, column: 12, patch: "test" },
          { path: "tests/test_time.py", diffLine: 20, patch: "test" },
        ],
      },
    }),
    identifier({
      name: "Clock.now",
      policies: ["pro"],
      locations: { definedAt: { path: "lib/clock.py", diffLine: 3, patch: "gold" }, usedAt: [] },
    }),
  ]);
  expect(marks.gold.map((m) => [m.name, m.line, m.column, m.role, m.strong])).toEqual([
    ["parse_duration", 7, 6, "def", true],
    ["Clock.now", 3, undefined, "def", false],
  ]);
  expect(marks.test.map((m) => [m.line, m.column, m.role])).toEqual([
    [12, 12, "use"],
    [20, undefined, "use"],
  ]);
});

test("locations stored before they said their patch are placed: a definition on its side, uses across", () => {
  const gold = new Set(["src/app.ts"]);
  const code = placeLocations(
    { definedAt: { path: "src/app.ts", diffLine: 4 }, usedAt: [{ path: "test/app.test.ts", diffLine: 9 }] },
    { kind: "function", side: "code" },
    gold,
  );
  expect([code.definedAt?.patch, code.usedAt[0]?.patch]).toEqual(["gold", "test"]);
  const fixture = placeLocations(
    { definedAt: { path: "test/helpers.ts", diffLine: 2 }, usedAt: [{ path: "src/app.ts", diffLine: 5 }] },
    { kind: "function", side: "test" },
    gold,
  );
  expect([fixture.definedAt?.patch, fixture.usedAt[0]?.patch]).toEqual(["test", "gold"]);
  // A name both patches use (Doc2Feat's "name"): wherever its path is.
  const shared = placeLocations(
    {
      definedAt: null,
      usedAt: [
        { path: "src/app.ts", diffLine: 5 },
        { path: "test/app.test.ts", diffLine: 1 },
      ],
    },
    { kind: "name", side: "code" },
    gold,
  );
  expect(shared.usedAt.map((u) => u.patch)).toEqual(["gold", "test"]);
  // A location that says its patch keeps it.
  expect(
    placeLocations(
      { definedAt: { path: "x", diffLine: 1, patch: "test" }, usedAt: [] },
      { kind: "x", side: "code" },
      gold,
    ).definedAt?.patch,
  ).toBe("test");
});

test("a mark covers its name: at the analysis's column, else the first whole word, else the line", () => {
  const line = "+    getter = get(config).get_value()";
  // The analysis found `get` at column 15 (1-based, after the + prefix).
  expect(markColumns(line, "get", 15)).toEqual([15, 18]);
  // Without a column, `getter` is not `get`: the first whole word is.
  expect(markColumns(line, "get")).toEqual([15, 18]);
  // A column that no longer holds the name (a stale location) falls back to the search.
  expect(markColumns(line, "get", 3)).toEqual([15, 18]);
  // Qualified names are looked for by their member, in every language's spelling.
  expect(markColumns("+  Foo::bar(1)", "Foo::bar")).toEqual([9, 12]);
  expect(markColumns("+  x.get_value()", "Config.get_value")).toEqual([6, 15]);
  expect(markColumns("+  nothing here", "absent")).toEqual([1, 16]);
});

test("picking steps from the definition through every use, round and round; another name starts over", () => {
  const marks = patchMarks([
    identifier({
      name: "retry",
      locations: {
        definedAt: { path: "a.py", diffLine: 5, column: 5, patch: "gold" },
        usedAt: [
          { path: "t.py", diffLine: 8, column: 3, patch: "test" },
          { path: "t.py", diffLine: 14, column: 3, patch: "test" },
        ],
      },
    }),
    identifier({
      name: "backoff",
      locations: { definedAt: null, usedAt: [{ path: "t.py", diffLine: 30, patch: "test" }] },
    }),
  ]);
  let picked = pickNext(null, "retry");
  // First pick: the definition in the gold pane; the test pane shows the first use.
  expect(revealFor(picked, marks)).toEqual({
    gold: { line: 5, column: 5, name: "retry" },
    test: { line: 8, column: 3, name: "retry" },
  });
  picked = pickNext(picked, "retry");
  expect(revealFor(picked, marks).test).toEqual({ line: 8, column: 3, name: "retry" });
  picked = pickNext(picked, "retry");
  expect(revealFor(picked, marks).test).toEqual({ line: 14, column: 3, name: "retry" });
  picked = pickNext(picked, "retry");
  expect(revealFor(picked, marks).test?.line).toBe(8);
  // Another name: back to its start, which (having no definition) is its first use; no gold mark, no gold move.
  picked = pickNext(picked, "backoff");
  expect(picked).toEqual({ name: "backoff", step: 0 });
  expect(revealFor(picked, marks)).toEqual({ gold: null, test: { line: 30, name: "backoff" } });
  expect(revealFor(null, marks)).toEqual({ gold: null, test: null });
});

test("an agent's patch: the hint's names marked where it defines or uses them, on added lines only", async () => {
  const { agentPatchMarks } = await import("./patch-marks");
  const patch = [
    "diff --git a/m.py b/m.py",
    "--- a/m.py",
    "+++ b/m.py",
    "@@ -1,2 +1,4 @@",
    " def get_locale(): pass",
    "+def get_best_parsable_locale(module, preferences=None):",
    "+    return get_best_parsable_locale_cache or get_locale()",
    "+x = get_best_parsable_locale(m)",
  ].join("\n");
  const identifier = {
    name: "get_best_parsable_locale",
    kind: "function",
    signature: null,
    side: "code" as const,
    status: "new",
    policies: ["defuse"],
    locations: { definedAt: null, usedAt: [] },
  };
  const marks = agentPatchMarks(patch, [identifier, { ...identifier, name: "Locale.get_locale" }]);
  expect(marks.map((m) => [m.name, m.line, m.column, m.role])).toEqual([
    ["get_best_parsable_locale", 6, 6, "def"],
    // A longer namesake (…_cache) is not the name; the context line's get_locale is not an added line.
    ["get_locale", 7, 47, "use"],
    ["get_best_parsable_locale", 8, 6, "use"],
  ]);
});

test("stepping through a picked identifier says where it stands: its definition, then use k of n", () => {
  const mark = (role: "def" | "use", line: number) => ({ name: "f", role, line, strong: true, hover: "" });
  const marks = { gold: [mark("def", 3), mark("use", 9)], test: [mark("use", 2), mark("use", 2)] };
  expect(stepLabel(null, marks)).toBeNull();
  expect(stepLabel({ name: "f", step: 0 }, marks)).toBe("f: definition (3 uses)");
  expect(stepLabel({ name: "f", step: 1 }, marks)).toBe("f: use 1 of 3");
  // The next use is on the same line as this one: the words change though the panes do not.
  expect(stepLabel({ name: "f", step: 3 }, marks)).toBe("f: use 3 of 3");
  expect(stepLabel({ name: "f", step: 4 }, marks)).toBe("f: use 1 of 3");
  // A name the patches use but do not define: the first pick is its first use.
  expect(stepLabel({ name: "f", step: 0 }, { gold: [], test: [mark("use", 2), mark("use", 5)] })).toBe("f: use 1 of 2");
});
