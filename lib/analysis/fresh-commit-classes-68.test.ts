// The thirty-second session's classes, each on a real commit cut into real-data/hunks (provenance in real-data/README.md).
import { expect, test } from "vitest";
import { addedFile, changedHunk, commitAnalysis, madeHunks, statedKinds } from "../testing/analysis-helpers";
import { withoutMacros } from "./languages/c/macro-lines";

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

test("FunctionalPlus aede5bd: members added under git's `public:` header, 65 lines below the hunk that showed `class maybe` / `{` / `public:` open, are maybe's (their bodies call `is_just()` and `unsafe_get_just()`, which that hunk showed maybe declare)", async () => {
  const analysis = await commitAnalysis("functionalplus-commit-aede5bd");
  const stated = analysis.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toEqual(
    expect.arrayContaining(["maybe.get_with_default method", "maybe.lift_2_def method", "maybe.and_then method"]),
  );
  // (The free function `just_if` beside the new member of that name stays the namespace's.)
  expect(stated).toContain("just_if function");
  expect(stated.filter((s) => /^(get_with_default|lift|join) /.test(s))).toEqual([]);
});

test("FunctionalPlus aede5bd (guard): a `public:` hunk far below a shown class, calling none of its members, is not carried into it (another class may open between, whose `public:` git names alike)", async () => {
  const header = [
    "diff --git a/include/doc.h b/include/doc.h",
    "index 1111111..2222222 100644",
    "--- a/include/doc.h",
    "+++ b/include/doc.h",
  ];
  const near = [
    "@@ -10,4 +10,5 @@ namespace xml",
    " class Util",
    " {",
    " public:",
    "     static bool IsSpace(char c) { return c == ' '; }",
    "+    static bool IsDigit(char c) { return c >= '0'; }",
  ];
  const far = (start: number, body: string) => [
    `@@ -${start},1 +${start + 1},5 @@ public:`,
    "     void Clear();",
    "+    void DeleteNode(Node* node)",
    "+    {",
    `+        ${body}`,
    "+    }",
  ];
  const code = (body: string, start = 200) => `${[...header, ...near, ...far(start, body)].join("\n")}\n`;
  const test = addedFile("test/doc_test.cpp", ["void t(Doc* doc) { doc->DeleteNode(nullptr); }"]);
  expect((await madeHunks(code("Unlink(node);"), test)).names).toContain("DeleteNode method");
  // Calling two of Util's members bare, or right below it, the hunk is Util's; one member (most classes have a
  // `size()`), or 16 lines below, says nothing.
  expect((await madeHunks(code("IsSpace(' ');"), test)).names).toContain("DeleteNode method");
  expect((await madeHunks(code("IsSpace(' ') && IsDigit('1');"), test)).names).toContain("Util.DeleteNode method");
  expect((await madeHunks(code("Unlink(node);", 16), test)).names).toContain("Util.DeleteNode method");
  expect((await madeHunks(code("Unlink(node);", 30), test)).names).toContain("DeleteNode method");
});

test("ETL d9d9ae1: under git's header `namespace etl`, a hunk that starts in a struct's body (`{` … `};`) and ends at the namespace's bare `}` holds the namespace's new traits, not a stand-in function's locals; `static ETL_CONSTEXPR size_t type_list_npos = …;` is a variable; `nth_type<0, t1>::type` is no use of another struct's `type`", async () => {
  const stated = await statedKinds("etl-commit-d9d9ae1");
  expect(stated).toEqual(
    expect.arrayContaining([
      "type_list_contains struct",
      "type_list_contains_v variable",
      "type_list_max_alignment struct",
      "type_list_npos variable",
    ]),
  );
  expect(stated).not.toContain("recursion_helper.type type");
});

test("ETL d9d9ae1 (guard): `x::wrap<int>::type` reaches wrap's `type` (its scope's), no other struct's; a specifier macro before a variable's type at file scope is blanked alike", async () => {
  const code = changedHunk("include/x.h", "namespace x", [
    "   {",
    "     using type = int;",
    "   };",
    "+  struct made { using type = long; };",
    "+  template <typename T> struct wrap { using type = T; };",
    " }",
  ]);
  const test = addedFile("test/x_test.cpp", [
    "void t() {",
    "  x::made m;",
    "  static_assert(std::is_same<x::wrap<int>::type, int>::value);",
    "  static_assert(std::is_same<other<int>::type, int>::value);",
    "}",
  ]);
  const { defuse } = await madeHunks(code, test);
  expect(defuse).toEqual(expect.arrayContaining(["made", "wrap", "wrap.type"]));
  expect(defuse).not.toContain("made.type");
  const specifier = addedFile("include/y.h", ["namespace y {", "  static LIB_CONSTEXPR size_t npos = 7;", "}"]);
  expect((await madeHunks(specifier, addedFile("test/y_test.cpp", ["int t() { return y::npos; }"]))).defuse).toEqual([
    "npos",
  ]);
});

test("FunctionalPlus ec95b80: a hunk under `struct variant` that ends in a declaration it cuts off (`template <typename ...Fs>` / `auto visit(Fs ... fs) const ->` / `typename …<`) keeps its new member the struct's (`variant.effect_one`); one whose members stand beside `private:` at column 0 is still in the struct (`variant.get`)", async () => {
  const stated = await statedKinds("functionalplus-commit-ec95b80");
  expect(stated).toEqual(expect.arrayContaining(["variant.effect_one method", "variant.get method"]));
  expect(stated.filter((s) => /^(effect_one|get) /.test(s))).toEqual([]);
});

test("FunctionalPlus ec95b80 (guard): a C function's head at column 0 that the hunk cuts off (its `{` below) is blanked in the image only: the statements above stay the function's, no struct's fields; an added line is never blanked", async () => {
  const code = changedHunk("src/util.c", "struct json_object* from_fd(int fd)", [
    "     return NULL;",
    "   }",
    "+  int depth = 3;",
    " }",
    " ",
    " struct json_object* from_file(const char *filename)",
  ]);
  const { names } = await madeHunks(code, "");
  expect(names.filter((n) => /\bNULL\b|json_object\./.test(n))).toEqual([]);
  const added = changedHunk("src/b.cpp", "struct box", [
    "     int x;",
    "+    int width;",
    "+    template <typename T>",
    "+    auto map(T f) const ->",
  ]);
  expect((await madeHunks(added, "")).names.some((n) => n.startsWith("box.map") || n.startsWith("map"))).toBe(true);
});

test("semver ccbbfdf: a specifier macro before an out-of-line member's type (`SEMVER_CONSTEXPR std::string version<I1, I2, I3>::to_string() const {`) is blanked: the definition is version's `to_string`, no `std.stringversion`'s", async () => {
  const stated = (await commitAnalysis("semver-commit-ccbbfdf")).identifiers
    .filter((i) => i.member === "to_string")
    .map((i) => `${i.name} ${i.kind}`);
  expect(stated).toContain("version.to_string method");
  expect(stated.filter((s) => s.includes("std."))).toEqual([]);
});

test("arc-swap f9d6a0e: `pub mod test_strategies;` in src/strategy/mod.rs, whose file the patch adds, is stated as that file, with the uses the tests' paths make through it (`arc_swap::strategy::test_strategies::FillFastSlots`)", async () => {
  const stated = await statedKinds("arc-swap-commit-f9d6a0e");
  expect(stated).toContain("src/strategy/test_strategies.rs file");
  expect(stated).toContain("FillFastSlots type");
  expect(stated.filter((s) => s.startsWith("test_strategies "))).toEqual([]);
});

test("arc-swap f9d6a0e (guard): a module item whose file the patch does not add stays a module; an inline `mod x { … }` is no file", async () => {
  const code = addedFile("src/lib.rs", ["pub mod shapes;", "pub mod inline { pub fn f() {} }"]);
  const test = addedFile("tests/t.rs", ["use crate_x::shapes::Circle;", "use crate_x::inline::f;"]);
  const { names } = await madeHunks(code, test);
  expect(names).toEqual(expect.arrayContaining(["shapes module", "inline module"]));
});

test("bitflags b41a9e8: a declarative macro (`macro_rules! bitflags_match {`) is a definition the tests' `bitflags_match!(…)` calls: stated as the function it is used as", async () => {
  const stated = (await commitAnalysis("bitflags-commit-b41a9e8")).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind} ${i.side}`);
  expect(stated).toContain("bitflags_match function code");
  expect(stated.filter((s) => s.endsWith(" test"))).toEqual([]);
});

test("mjson ec6e3bf: enum constants made macros (`enum mjson_tok { MJSON_TOK_INVALID = 0, … }` → `#define MJSON_TOK_INVALID 0`) keep their names: nothing new for the tests to use", async () => {
  const analysis = await commitAnalysis("mjson-commit-ec6e3bf");
  const invalid = analysis.identifiers.find((i) => i.name === "MJSON_TOK_INVALID" && i.side === "code");
  expect(invalid?.status).toBe("changed");
  expect(analysis.identifiers.filter((i) => i.policies.includes("defuse"))).toEqual([]);
});

test("mjson ec6e3bf (guard): a scoped enum's constant (`enum class tok { INVALID }`) made a macro is a new name", async () => {
  const code = changedHunk("src/a.hpp", "", ["-enum class tok {", "-  INVALID = 0,", "-};", "+#define INVALID 0"]);
  expect((await madeHunks(code, addedFile("t/a_test.cpp", ["int t() { return INVALID; }"]))).defuse).toEqual([
    "INVALID",
  ]);
});

test("expected-lite e4f3808: under git's `public:`, a hunk whose members include a copy assignment (`nsel_constexpr14 unexpected_type & operator=( unexpected_type<E2> const & other )`) is that class's, its `#if` lines aside, and an attribute macro's line (`nsel_deprecated(\"replace value() with error()\")`) no call: the new `error()` is `unexpected_type.error`, `value()` no new name", async () => {
  const found = (await commitAnalysis("expected-lite-commit-e4f3808")).identifiers;
  const stated = found.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toContain("unexpected_type.error method");
  expect(found.find((i) => i.member === "value" && i.side === "code")?.status).not.toBe("new");
});

test("expected-lite e4f3808 (guard): a call line after a `\\` continuation (a macro's body), one above no declaration, and a statement's call keep their text", () => {
  const text = [
    "#define SHOW(t) \\",
    '  printf("%d", (t).start)',
    "",
    "int shown(int t);",
    "void f() {",
    '  log("x")',
    "}",
    'deprecated("old")',
    "int old_one(void);",
  ].join("\n");
  const read = withoutMacros(text).split("\n");
  expect(read.slice(0, 7)).toEqual(text.split("\n").slice(0, 7));
  expect(read[7]?.trim()).toBe("");
});
