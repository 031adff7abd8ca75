// Round 63's classes (and the classes left from round 62), each on a real commit cut into real-data/hunks.
import { expect, test } from "vitest";
import { addedFile, changedHunk, commitAnalysis, madeHunks, statedKinds as stated } from "../testing/analysis-helpers";

test("pathspec d180237: a hunk under `class HyperscanGiBackend(…)` that starts in a parameter list and closes it with `) -> None:`, then a docstring and `super().__init__(…)`, resumes the constructor: its new `_test_sort` is `__init__`'s, which `partial(HyperscanGiBackend, _test_sort=…)` passes", async () => {
  expect(await stated("pathspec-commit-d180237")).toEqual(["HyperscanGiBackend.__init__._test_sort parameter"]);
});

test("pathspec d180237 (guard): a resumed parameter list whose docstring says nothing of making the instance (`Return the …`, `Initialize the extension for ``app``.`) and whose body neither sets `self`'s attributes nor calls the base's constructor is no constructor's", async () => {
  const code = (docstring: string) =>
    changedHunk("pkg/backend.py", "class Backend(Base):", [
      "         patterns: Sequence[str],",
      "         *,",
      "         debug: bool = False,",
      "+        test_sort: Callable | None = None,",
      "     ) -> None:",
      '         """',
      `         ${docstring}`,
    ]);
  const test = addedFile("tests/test_backend.py", [
    "from pkg.backend import Backend",
    "",
    "",
    "def test_sort():",
    "    Backend(['a'], test_sort=sorted)",
    "",
  ]);
  expect((await madeHunks(code("Initialize the backend instance."), test)).defuse).toEqual([
    "Backend.__init__.test_sort",
  ]);
  expect((await madeHunks(code("Return the patterns matched."), test)).defuse).toEqual([]);
  // (Flask's `init_app` says "Initialize" too, of something else: its parameters are no constructor's.)
  expect((await madeHunks(code("Initialize the extension for ``app``."), test)).defuse).toEqual([]);
});

test("pathspec d180237: in a file indented with tabs, a hunk under `class HyperscanGiBackend(…)` two tabs in (`ids = list(range(len(exprs)))`) is a method's body: its assignments are locals, no fields of the class", async () => {
  const names = (await commitAnalysis("pathspec-commit-d180237")).identifiers.map((i) => `${i.name} ${i.kind}`);
  expect(names.filter((n) => n.endsWith(" field"))).toEqual([]);
});

test("queuelib a0fc366: a class the file renames (`-class _BaseQueue(…):` `+class BaseQueue(…):`) is new, the members it keeps are not: the tests' `queue.push(…)` needs no hint", async () => {
  expect(await stated("queuelib-commit-a0fc366")).toEqual(["BaseQueue class"]);
});

test("queuelib a0fc366 (guard): a class that replaces another keeping fewer than two of its members' names (`__init__` alone) is no rename: its methods are new", async () => {
  const code = changedHunk("pkg/shapes.py", "import math", [
    " ",
    " ",
    "-class Square:",
    "-    def __init__(self, side):",
    "-        self.side = side",
    "-",
    "-    def area(self):",
    "-        return self.side ** 2",
    "+class Circle:",
    "+    def __init__(self, radius):",
    "+        self.radius = radius",
    "+",
    "+    def circumference(self):",
    "+        return 2 * math.pi * self.radius",
  ]);
  const test = addedFile("tests/test_shapes.py", [
    "from pkg.shapes import Circle",
    "",
    "",
    "def test_circumference():",
    "    assert Circle(1).circumference() > 6",
    "",
  ]);
  expect((await madeHunks(code, test)).defuse).toEqual(["Circle", "Circle.circumference"]);
});

test("pako 52ae2a1: a doc comment written at column 0 inside a class (`/**` ` * Deflate#onStart(strm) -> Void` ` **/`) says nothing of levels: the `  onStart(strm) {}` below it is Deflate's; the tests' `deflate.onStart = function (strm) {…}` on an object they made overrides that hook, a use; an example module's own `const dict = …`, never exported, is no name the tests' `dict` uses", async () => {
  expect((await stated("pako-commit-52ae2a1")).sort()).toEqual([
    "Deflate.onStart method",
    "Inflate.onNeedDict method",
    "Inflate.onStart method",
  ]);
});

test("climate 9e8a8b1: a PHP property receiver (`$this->manager->getUnknowPrefixedArgumentsAndSuggestions()`) is named for its type as a plain one is: Manager's new method, not Parser's namesake", async () => {
  expect((await stated("climate-commit-9e8a8b1")).filter((n) => n.includes("getUnknowPrefixed"))).toEqual([
    "Manager.getUnknowPrefixedArgumentsAndSuggestions method",
  ]);
});

test("bigdecimal 922fa0a, io-console 542ea59: a Ruby C extension's `rb_define_method(rb_cBigDecimal, \"vpdivd\", BigDecimal_vpdivd, 2)` gives the Ruby class the method its tests call (`x.vpdivd(y, 10)`); `rb_cIO`'s `cooked`, the Ruby name, not the C function's", async () => {
  expect((await stated("bigdecimal-commit-922fa0a")).sort()).toEqual([
    "BigDecimal.vpdivd method",
    "BigDecimal.vpmult method",
  ]);
  expect(await stated("io-console-commit-542ea59")).toEqual(["IO.cooked method"]);
  // (Declared as its C function is, which another hunk of the file shows.)
  const vpdivd = (await commitAnalysis("bigdecimal-commit-922fa0a")).identifiers.find(
    (i) => i.name === "BigDecimal.vpdivd",
  );
  expect(vpdivd?.signature).toBe("VALUE BigDecimal_vpdivd(VALUE self, VALUE r, VALUE cprec)");
});

test("q fd7a8cc: a module's object named for its file (`Q.nfapply(…)` of `q.js`, its require line above the hunk) reaches the module's new functions; `exports.nfapply = nfapply;` stands aside for the function it exports", async () => {
  expect((await stated("q-commit-fd7a8cc")).sort()).toEqual(["nfapply function", "nfbind function", "nfcall function"]);
});

test("clsx 1a49142: a member through a namespace import (`import * as mod from '../src/lite'`, `mod.default`) is the module's, no field of a type another file declares (a build script's JSDoc `@property {Condition} default`)", async () => {
  const names = await stated("clsx-commit-1a49142");
  expect(names.filter((n) => n.endsWith(" field"))).toEqual([]);
  expect(names).toContain("src/lite.js file");
});

test("open3 fe0107c: a Ruby hunk under `module Open3` that ends the module at column 0 and goes on with top-level code (`if $0 == __FILE__`) keeps the module's methods (`Open3.pipeline_rw`); what follows the module's `end` is read apart", async () => {
  expect((await stated("open3-commit-fe0107c")).sort()).toEqual([
    "Open3.pipeline_r method",
    "Open3.pipeline_rw method",
    "Open3.pipeline_w method",
    "Open3.popen2 method",
    "Open3.popen2e method",
  ]);
});

test("django-polymorphic d2f9: a class's method of a name nobody else would choose, private by its leading underscore (`_route_to_ancestor`), called through a subclass (`Model2B._route_to_ancestor(Model2A)`), is that method", async () => {
  expect(await stated("django-polymorphic-commit-d2f9")).toContain("PolymorphicModel._route_to_ancestor method");
});

test("bigdecimal 922fa0a (review): a binding through a cast (`RUBY_METHOD_FUNC(foo_bar)`), an attribute's reader and an alias name Ruby methods too; the cast's function declares the method", async () => {
  const code = changedHunk("ext/foo/foo.c", "Init_foo(void)", [
    '     cFoo = rb_define_class("Foo", rb_cObject);',
    '+    rb_define_method(cFoo, "bar", RUBY_METHOD_FUNC(foo_bar), 1);',
    '+    rb_define_attr(cFoo, "size", 1, 0);',
    '+    rb_define_alias(cFoo, "length", "size");',
  ]);
  const test = addedFile("test/test_foo.rb", [
    "require 'foo'",
    "class TestFoo < Test::Unit::TestCase",
    "  def test_bar",
    "    assert_equal 1, Foo.new.bar(1)",
    "    assert_equal 0, Foo.new.size",
    "    assert_equal 0, Foo.new.length",
    "  end",
    "end",
  ]);
  expect((await madeHunks(code, test)).defuse.sort()).toEqual(["Foo.bar", "Foo.length", "Foo.size"]);
});
