// Classes of error found on twenty-four real commits labelled blind in the fourteenth session (round 27, issue 43;
// each commit's non-test files as the code patch and its test files as the test patch). Fixtures: the commits'
// diffs as git wrote them, provenance in lib/testing/real-data/README.md ("hunks/…-commit-…", round 27).
import { describe, expect, test } from "vitest";
import { commitAnalysis, picked } from "../testing/analysis-helpers";

const analysis = commitAnalysis;

describe("JavaScript: exports and prototypes", () => {
  test("mocha 8d6d1e3: `exports.it = context.it` inside a callback before, `exports.it = function …` at the top after: it changed, not new; `exports.xdescribe = …` is new", async () => {
    const result = await analysis("mocha-commit-8d6d1e3");
    const status = (name: string) => result.identifiers.find((i) => i.name === name && i.side === "code")?.status;
    for (const name of ["it", "describe", "afterEach", "run", "suite"]) expect(status(name)).toBe("changed");
    expect(picked(result, "defuse")).toContain("xdescribe");
    // (`exports.it.only = function …` is a member of the export it, not of `exports.it`.)
    expect(result.identifiers.map((i) => i.name)).toContain("it.only");
  });

  test("mocha ca1cfc4: `Suite.prototype.markOnly = function …` is Suite's method", async () => {
    expect(picked(await analysis("mocha-commit-ca1cfc4"), "defuse")).toContain("Suite.markOnly");
  });
});

describe("TypeScript: an interface's members and the object a constructor callback fills", () => {
  test("zod a526e78: `inst.min = (...args) => …` implements the new `ZodMap.min(minSize, params?)` a test calls with one argument: ZodMap's name, not inst's", async () => {
    const defuse = picked(await analysis("zod-commit-a526e78"), "defuse");
    expect(defuse).toEqual(expect.arrayContaining(["ZodMap.min", "ZodMap.max", "ZodMap.size", "ZodMap.nonempty"]));
    expect(defuse.filter((name) => name.startsWith("inst."))).toEqual([]);
  });

  test("zod 4382779: a hunk under `@@ … @@ export interface ZodMiniType<` going on with its type parameters holds the new field ZodMiniType.type; `inst.type = def.type` indented in a callback is no module property", async () => {
    const result = await analysis("zod-commit-4382779");
    expect(picked(result, "defuse")).toEqual(["ZodMiniType.type"]);
  });
});

describe("C++: templates, namespaces, aliases and comments in hunks", () => {
  test("nlohmann f13af83: under `@@ … @@ template <class Key, class T, …,` (a head cut before its class), methods before `};` and `}  // namespace nlohmann` are ordered_map's, as the test's `ordered_map<…> om; om.find(…)` says", async () => {
    const result = await analysis("nlohmann-commit-f13af83");
    const defuse = picked(result, "defuse");
    // (Names keep one internal form, `Owner.member`; a hint writes `ordered_map::find`, see render-hint.)
    for (const name of ["erase", "count", "find", "insert"]) expect(defuse).toContain(`ordered_map.${name}`);
    // (`class Key` in the head is a type parameter, no class.)
    expect(result.identifiers.map((i) => i.name)).not.toContain("Key");
  });

  test("nlohmann 7c19aa2: a class's new `using subtype_type = …` is what a test's `using subtype_type = ns::byte_container_with_subtype<…>::subtype_type` names, and the test's alias is no name of the code's", async () => {
    const result = await analysis("nlohmann-commit-7c19aa2");
    expect(picked(result, "defuse")).toEqual([
      "byte_container_with_subtype.subtype_type",
      "byte_container_with_subtype.subtype_type",
    ]);
    // A hunk inside a `/*!` comment without `*` marks (`@brief …`, then `If it does not have a subtype, this …`) is prose.
    const names = result.identifiers.map((i) => i.name);
    for (const prose of ["byte_container_with_subtype.this", "byte_container_with_subtype.will"])
      expect(names).not.toContain(prose);
  });
});

describe("Ruby: a method defined on one object", () => {
  test("rack 59d9ba9: a test's `def query_parser.missing_value` overrides one object's method: no function the code's `v ||= missing_value` could mean", async () => {
    const result = await analysis("rack-commit-59d9ba9");
    expect(picked(result, "defuse")).toEqual(["QueryParser.missing_value"]);
  });
});

describe("Python: a hunk under a class's header that starts inside a method", () => {
  test("click 684b3f5: `deprecated = attrs.get(…)` in `__init__`'s body, then `def to_info_dict(self)`: a local, no field of Argument", async () => {
    const result = await analysis("click-commit-684b3f5");
    const names = result.identifiers.filter((i) => i.side === "code").map((i) => i.name);
    expect(names).not.toContain("Argument.deprecated");
    expect(names).not.toContain("Argument.label");
    // (What the method gives `self` is the class's; the method after it is the class's.)
    expect(names).toEqual(expect.arrayContaining(["Argument.help", "Argument.to_info_dict"]));
  });
});

test("django 17087: under `class NestedChoices(…)`, its members (`X = …`, `@classmethod def method(cls)`) before the outer class's `def safe_exec` are no method's end", async () => {
  const result = await analysis("django-17087");
  expect(result.identifiers.find((i) => i.name === "NestedChoices.method")).toMatchObject({ kind: "method" });
});

describe("what a name is, where two declarations give it", () => {
  test("gson 2deb209: a builder's `private boolean recognizeSubtypes;` beside its new `recognizeSubtypes()`: the method the test calls", async () => {
    const result = await analysis("gson-commit-2deb209");
    expect(result.identifiers.find((i) => i.name === "RuntimeTypeAdapterFactory.recognizeSubtypes")).toMatchObject({
      kind: "method",
      signature: "public RuntimeTypeAdapterFactory<T> recognizeSubtypes()",
    });
  });

  test("mocha 1aa182b: `var canonicalType = (exports.canonicalType = function canonicalType(value) {…})` is a function", async () => {
    const result = await analysis("mocha-commit-1aa182b");
    expect(result.identifiers.find((i) => i.name === "canonicalType")).toMatchObject({
      kind: "function",
      signature: "canonicalType(value)",
    });
  });
});

describe("Go: a `type (` group's struct whose line is above the hunk", () => {
  test("echo 5434a53 (round 28): `HSTSPreloadEnabled bool` under `@@ … @@ type (`, keyed by a test's `SecureConfig{HSTSPreloadEnabled: true}`: SecureConfig's new field", async () => {
    expect(picked(await analysis("echo-commit-5434a53"), "defuse")).toEqual(["SecureConfig.HSTSPreloadEnabled"]);
  });
});

describe("Ruby, from round 28", () => {
  test("jekyll 034d3e9: a test hunk inside a hash (`:MimeTypesCharset => Jekyll::Commands::Serve.send(:mime_types_charset),` … `}`) parses, and the receiver through namespaces names Serve", async () => {
    expect(picked(await analysis("jekyll-commit-034d3e9"), "defuse")).toEqual(["Serve.mime_types_charset"]);
  });

  test("faker 6aae8e2: under `@@ … @@ module Faker`, a `def` eight deep before `end`s back to the module is the file's class's (south_park.rb: SouthPark)", async () => {
    expect(picked(await analysis("faker-commit-6aae8e2"), "defuse")).toEqual(["SouthPark.episode_name"]);
  });
});
