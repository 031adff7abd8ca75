// Round 64's classes (and classes left from round 63 and earlier), each on a real commit cut into real-data/hunks.
import { expect, test } from "vitest";
import { addedFile, changedHunk, commitAnalysis, madeHunks, statedKinds as stated } from "../testing/analysis-helpers";

const signatures = async (name: string) =>
  (await commitAnalysis(name)).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind} ${i.signature ?? ""}`.trim());

test("node-uuid 3ab3ad6: in the module wrapper, `uuid.parse = parse;` and `uuid.BufferClass = BufferClass;` give the function object `uuid` the functions and values the file declares: the tests' `uuid.parse(s)` and `new uuid.BufferClass(16)` name them, stated with the function's signature, and not the bare names", async () => {
  const defuse = await signatures("node-uuid-commit-3ab3ad6");
  expect(defuse).toEqual(
    expect.arrayContaining([
      "uuid.parse method parse(s)",
      "uuid.unparse method unparse(buf)",
      "uuid.BufferClass property",
    ]),
  );
  // (The functions themselves are reached only through `uuid`: no use of the bare names.)
  expect(defuse.filter((d) => !d.startsWith("uuid."))).toEqual([]);
});

test("node-uuid 3ab3ad6 (guard): inside a function, a plain object it makes (`const fixture1 = {…}; fixture1.filter = filter;`) or a parameter (`function use(opt) { opt.filter = filter }`) given a declared function gets no member", async () => {
  const code = addedFile("lib/util.js", [
    "function filter(entry) {",
    "  return entry !== null",
    "}",
    "function make() {",
    "  const fixture1 = { a: 1 }",
    "  fixture1.filter = filter",
    "  return fixture1",
    "}",
    "function use(opt) {",
    "  opt.filter = filter",
    "  return opt",
    "}",
    "module.exports = { use, make }",
  ]);
  const test = addedFile("test/util.js", ["const { make } = require('../lib/util')", "make().filter(1)", ""]);
  const { names } = await madeHunks(code, test);
  expect(names.filter((n) => n.includes(".filter"))).toEqual([]);
});

test("request 06723fd: `request.del = request.delete = verbFunc('delete')` at the module's top gives `request` both properties (a chain, a factory's value): the tests' `.delete(…)` names the new one", async () => {
  const names = (await commitAnalysis("request-commit-06723fd")).identifiers.map(
    (i) => `${i.name} ${i.kind} ${i.status} ${i.policies.includes("defuse")}`,
  );
  expect(names).toContain("request.delete property new true");
  expect(names).toContain("request.del property changed false");
});

test("request 06723fd (guard): `module.exports = fetchError` defines nothing (node-fetch b6f3913's new lib/fetch-error.js: no `module.exports` in FEA), nor a literal (`config.retries = 3`), nor, in TypeScript, a factory's value its type declares (`defu.fn = extend(…)`)", async () => {
  const fea = (await commitAnalysis("node-fetch-commit-b6f3913")).identifiers
    .filter((i) => i.policies.includes("fea"))
    .map((i) => i.name);
  expect(fea).toContain("FetchError");
  expect(fea.filter((n) => n.includes("exports"))).toEqual([]);
  const js = addedFile("lib/config.js", ["function config() {}", "config.retries = 3", "module.exports = config"]);
  expect((await madeHunks(js, "")).names.filter((n) => n.includes("retries"))).toEqual([]);
  const ts = addedFile("src/defu.ts", ["export const defu = createDefu()", "defu.fn = extend((a) => a)", ""]);
  expect((await madeHunks(ts, "")).names.filter((n) => n.includes(".fn"))).toEqual([]);
});

test("searchkick 2f1cf90: a protocol's method a test calls by name through an object (`result.to_h.keys`, `product.inspect`) is a use of the new `HashWrapper#to_h` and `#inspect`; those Ruby calls itself (`method_missing`, `[]` by indexing) are not", async () => {
  expect(await stated("searchkick-commit-2f1cf90")).toEqual(["HashWrapper.to_h method", "HashWrapper.inspect method"]);
});

test("searchkick 2f1cf90 (guard): Ruby's `Klass.new(…)` is Class#new's, never a new `self.new`; Go's `err.Error()` names no new error type's `Error`", async () => {
  const ruby = addedFile("lib/klass.rb", ["class Klass", "  def self.new(*args)", "    super", "  end", "end"]);
  const rubyTest = addedFile("test/klass_test.rb", ["require 'klass'", "Klass.new(1).to_s", ""]);
  expect((await madeHunks(ruby, rubyTest)).defuse).not.toContain("Klass.new");
  const go = addedFile("pkg/errors.go", [
    "package pkg",
    "",
    "type notFound struct{}",
    "",
    'func (notFound) Error() string { return "not found" }',
  ]);
  const goTest = addedFile("pkg/errors_test.go", [
    "package pkg",
    "",
    'import "testing"',
    "",
    "func TestErr(t *testing.T) {",
    "\tvar err error = notFound{}",
    '\tif err.Error() != "not found" {',
    "\t\tt.Fatal()",
    "\t}",
    "}",
  ]);
  expect((await madeHunks(go, goTest)).defuse).not.toContain("notFound.Error");
});

test("perfect-debounce 9ec22a3: in TypeScript, members a function gives a local function object (`debounced.cancel = () => {…}` inside `debounce`) are its return type's (`DebouncedReturn`'s `cancel`, `flush`, `isPending`), which the hint states", async () => {
  expect(await stated("perfect-debounce-commit-9ec22a3")).toEqual([
    "DebouncedReturn.cancel field",
    "DebouncedReturn.flush field",
    "DebouncedReturn.isPending field",
  ]);
});

test("perfect-debounce 9ec22a3 (guard): in JavaScript, with no type to declare them, a function object's members set inside a function stay its own (`debug.extend = function …`)", async () => {
  const code = addedFile("src/common.js", [
    "function setup(env) {",
    "  function createDebug(namespace) {",
    "    function debug() {}",
    "    debug.extend = function (ns) {",
    "      return createDebug(namespace + ns)",
    "    }",
    "    return debug",
    "  }",
    "  return createDebug",
    "}",
    "module.exports = setup",
  ]);
  const test = addedFile("test/debug.js", ["const log = require('../src/common')({})('x')", "log.extend('y')", ""]);
  expect((await madeHunks(code, test)).defuse).toContain("debug.extend");
});

test('go-limiter b1488ed: a hunk inside the test\'s `import (` block (`+"github.com/sethvargo/go-limiter/internal/fasttime"`) imports the new package: its new files are used', async () => {
  const defuse = await stated("go-limiter-commit-b1488ed");
  expect(defuse).toEqual(expect.arrayContaining(["internal/fasttime/fasttime.go file", "Now function"]));
});

test("cells d23a3b3: a bare `private` a level out from the members it marks (`  private` over `    attr_reader :options` under `module Cell`) says nothing of their depth: they are the file's class's, ViewModel's", async () => {
  expect(await stated("cells-commit-d23a3b3")).toEqual(["ViewModel.options field"]);
});

test("readerwriterqueue ae14330: under a `public:` header, a member declared with no return type (`ReaderWriterQueue(ReaderWriterQueue&& other)`) is a constructor: no name of its own to state", async () => {
  const analysis = await commitAnalysis("readerwriterqueue-commit-ae14330");
  expect(analysis.identifiers.find((i) => i.name === "ReaderWriterQueue")?.kind).toBe("constructor");
  expect(await stated("readerwriterqueue-commit-ae14330")).toEqual([]);
});

test("readerwriterqueue ae14330 (guard): a lower-case untyped member not named in its own parameters (a macro's leftovers, `to_address(std::nullptr_t) span_noexcept`) stays a method", async () => {
  const code = changedHunk("include/span.hpp", "public:", [
    "     int size() const { return n; }",
    "+    to_address(std::nullptr_t) span_noexcept",
    "+    {",
    "+        return nullptr;",
    "+    }",
  ]);
  expect((await madeHunks(code, "")).names).toContain("to_address method");
});

test("TanStack virtual d49cc52: under `export class Virtualizer<` a hunk of a memo's dependency array (`this.options.gap,` … `],`) or of a callback's parameter list (`gap,` … `) => {`) is inside a method: no field of the class", async () => {
  const names = (await commitAnalysis("tanstack-virtual-commit-d49cc52")).identifiers.map((i) => `${i.name} ${i.kind}`);
  expect(names.filter((n) => n.endsWith(" field") && n.startsWith("Virtualizer."))).toEqual([]);
  expect(await stated("tanstack-virtual-commit-d49cc52")).toEqual([]);
});
