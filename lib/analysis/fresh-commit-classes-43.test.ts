// Classes of error found in the twentieth session (issue 43): round 42's attributes, and round 43, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis } from "../testing/analysis-helpers";

test("pugixml fd7326f: a C++ header's methods whose class no hunk shows (`@@ … @@ namespace pugi`) take the class of their out-of-line definitions though those carry a specifier macro (`PUGI__FN bool xml_node::remove_children()`), in the header's words, stated before the source's", async () => {
  const result = await commitAnalysis("pugixml-commit-fd7326f");
  const stated = result.identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind} ${i.path} ${i.signature}`);
  expect(stated).toEqual([
    "xml_node.remove_attributes method src/pugixml.hpp bool remove_attributes()",
    "xml_node.remove_attributes method src/pugixml.cpp PUGI__FN bool remove_attributes()",
    "xml_node.remove_children method src/pugixml.hpp bool remove_children()",
    "xml_node.remove_children method src/pugixml.cpp PUGI__FN bool remove_children()",
  ]);
});

test("pugixml b9b2aee: a header's overload (`bool set(double rhs, int precision);`) takes the class of the source's overloads of that name (`xml_text::set(float rhs, int precision)` first), and its parameters with it", async () => {
  const result = await commitAnalysis("pugixml-commit-b9b2aee");
  const inHeader = result.identifiers.filter((i) => i.path === "src/pugixml.hpp").map((i) => `${i.name} ${i.kind}`);
  expect(inHeader).toEqual(
    expect.arrayContaining([
      "xml_attribute.set_value method",
      "xml_attribute.set_value.precision parameter",
      "xml_text.set method",
      "xml_text.set.precision parameter",
    ]),
  );
  expect(inHeader.filter((n) => /^(pugi\.)?set(_value)?\b/.test(n))).toEqual([]);
});

test("cachetools 5c2a69b: a Python hunk under git's default header (`@@ … @@ class RRCache(Cache):`, the nearest line at column 0) that starts in a method's body and ends past the class (`def rr_cache(…)` at column 0): the new method (a `@property`) is the class's, what follows the module's", async () => {
  const result = await commitAnalysis("cachetools-commit-5c2a69b");
  const code = result.identifiers.filter((i) => i.side === "code").map((i) => `${i.name} ${i.kind} ${i.status}`);
  expect(code).toContain("RRCache.choice property new");
  expect(code.filter((n) => /^choice /.test(n))).toEqual([]);
  expect(result.identifiers.find((i) => i.name === "RRCache.choice")?.policies).toContain("defuse");
});

test("pyparsing b3e75f8: past a new function at column 0, a context line at column 0 (`dbl_quoted_string = Combine(`) is the module's as it stood, not new", async () => {
  const result = await commitAnalysis("pyparsing-commit-b3e75f8");
  const code = new Map(result.identifiers.filter((i) => i.side === "code").map((i) => [i.name, i.status]));
  expect(code.get("autoname_elements")).toBe("new");
  expect(code.has("dbl_quoted_string")).toBe(false);
});

test("lexy bb36367: a C++ hunk under its struct's header at column 0 (`struct _b : token_base<_b<N>>`) that starts in a nested struct's method and closes the struct at column 0: the new member templates are the struct's, and a test's call of one through a member template (`dsl::byte.range<0x00, 0x10>()`) is a call of it", async () => {
  const result = await commitAnalysis("lexy-commit-bb36367");
  const defuse = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(defuse).toEqual(["_b.range method", "_b.set method", "_b.ascii method"]);
});

test("knex 5845dc6: methods written into an object a call makes a class's (`@@ … @@ assign(Builder.prototype, {`) go on past the commas between them (`},` then `clear(statement) {`)", async () => {
  const result = await commitAnalysis("knex-commit-5845dc6");
  const clear = result.identifiers.find((i) => i.name === "Builder.clear");
  expect([clear?.kind, clear?.status, clear?.signature, clear?.policies.includes("defuse")]).toEqual([
    "method",
    "new",
    "clear(statement)",
    true,
  ]);
});

test("mybatis dddd9f7: a test's subclass that overrides a new concrete method (`@Override protected SqlSession createSqlSession(…)`) names it as the code does: a use of it", async () => {
  const result = await commitAnalysis("mybatis-3-commit-dddd9f7");
  const defuse = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
  expect(defuse).toEqual(["DefaultSqlSessionFactory.createSqlSession"]);
});

test("flatbuffers 41d9add: a macro between a class's name and its body (`class Verifier FLATBUFFERS_FINAL_CLASS {`) is read past: the nested struct the hunk adds (`struct Options {`) and its fields are the class's", async () => {
  const result = await commitAnalysis("flatbuffers-commit-41d9add");
  const defuse = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(defuse).toEqual(["Verifier.Options struct", "Verifier.Options.check_nested_flatbuffers field"]);
});

test("webob 9d361a4: a Python method decorated `@property` is stated as a property (read as an attribute, `offer.is_range`), its signature kept", async () => {
  const result = await commitAnalysis("webob-commit-9d361a4");
  const defuse = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(defuse).toEqual(expect.arrayContaining(["AcceptOffer.is_range property", "AcceptOffer.specificity property"]));
});

test("futures-rs 62d25b1: a Rust hunk under a trait's header that starts at the `{` opening a method's body (after its `where` clause, above the hunk): the new method after it is the trait's", async () => {
  const result = await commitAnalysis("futures-rs-commit-62d25b1");
  const tryAny = result.identifiers.find((i) => i.name === "TryStreamExt.try_any");
  expect([tryAny?.kind, tryAny?.status, tryAny?.policies.includes("defuse")]).toEqual(["method", "new", true]);
});

test("nameof 1f07140: a C++ hunk whose only closer of a block opened above is `} // namespace nameof` reads the functions before it as the namespace's (`nameof_pointer`), not a stand-in function's", async () => {
  const result = await commitAnalysis("nameof-commit-1f07140");
  const pointer = result.identifiers.find((i) => i.name === "nameof_pointer");
  expect([pointer?.kind, pointer?.status, pointer?.policies.includes("defuse")]).toEqual(["function", "new", true]);
});
