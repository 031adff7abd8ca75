// The thirty-second session's classes, each on a real commit cut into real-data/hunks (provenance in real-data/README.md).
import { expect, test } from "vitest";
import { addedFile, changedHunk, commitAnalysis, madeHunks } from "../testing/analysis-helpers";

test("robin-map 425a213: a `contains` under `public:` in robin_map.h, which the test calls on a `tsl::robin_map<…> map` (and on a `map_const` it does not type), is robin_map's; robin_hash.h's and robin_set.h's are not", async () => {
  const found = (await commitAnalysis("robin-map-commit-425a213")).identifiers.filter((i) => i.member === "contains");
  const byPath = Object.fromEntries(found.map((i) => [i.path, i.name]));
  expect(byPath["include/tsl/robin_map.h"]).toBe("robin_map.contains");
  expect(byPath["include/tsl/robin_hash.h"]).not.toBe("robin_map.contains");
  expect(byPath["include/tsl/robin_set.h"]).not.toBe("robin_map.contains");
});

test("robin-map 425a213 (guard): a told type that is not the file's namesake names no owner where other uses go through untyped objects", async () => {
  const code = changedHunk("include/tree.h", "public:", [
    "     }",
    " ",
    "+    bool holds(int key) const {",
    "+        return find(key) != end();",
    "+    }",
  ]);
  const test = addedFile("tests/tree_test.cpp", [
    "void t() {",
    "  lib::forest f;",
    "  f.holds(1);",
    "  other.holds(2);",
    "}",
  ]);
  expect((await madeHunks(code, test)).defuse).toEqual(["holds"]);
});

test("GSL a0cf1ec: a function template at column 0 under git's `public:` header (`template <…>` / `as_multi_span(SpanType s, …)` / `{` … `}`) is the namespace's function, not a member of a class", async () => {
  const found = (await commitAnalysis("gsl-commit-a0cf1ec")).identifiers.filter((i) => i.member === "as_multi_span");
  expect(found.map((i) => `${i.name} ${i.kind}`)).toContain("as_multi_span function");
  expect(found.find((i) => i.kind === "function")?.policies).toContain("defuse");
});

test("GSL a0cf1ec (guard): members indented under `public:` stay an unknown class's members, a column-0 `}` after them notwithstanding", async () => {
  const code = changedHunk("include/box.h", "public:", [
    "     int size() const { return n; }",
    "+    int twice() const",
    "+    {",
    "+        return 2 * n;",
    "+    }",
    " };",
  ]);
  const { names } = await madeHunks(code, addedFile("tests/box_test.cpp", ["void t(box b) { b.twice(); }"]));
  expect(names).toContain("twice method");
});
