// Round 64's classes (and classes left from round 63 and earlier), each on a real commit cut into real-data/hunks.
import { expect, test } from "vitest";
import {
  addedFile,
  changedHunk,
  commitAnalysis,
  madeHunks,
  statedSignatures as signatures,
  statedKinds as stated,
} from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

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
  // (Its class named since the thirty-second session: the move assignment beside it names ReaderWriterQueue.)
  expect(analysis.identifiers.find((i) => i.member === "ReaderWriterQueue")?.kind).toBe("constructor");
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

// A helper's review of the rules above, with made hunks against the session's start: each case held there and broke
// under a first cut of a rule.
test("review: `new Marked.Parser({})` through a module alias still names the new `Parser` (no qualifier for a capitalised object); `config.port = parseInt(…)` on a plain object defines nothing", async () => {
  const parser = addedFile("src/parser.js", [
    "function Parser(options) {",
    "  this.options = options;",
    "}",
    "module.exports = Parser;",
  ]);
  const parserTest = addedFile("test/parser.js", ["var Marked = require('../src');", "var p = new Marked.Parser({});"]);
  expect((await madeHunks(parser, parserTest)).defuse).toContain("Parser");
  const config = addedFile("lib/config.js", [
    "var config = {};",
    "config.port = parseInt(process.env.PORT, 10);",
    "module.exports = config;",
  ]);
  const configTest = addedFile("test/config.js", ["var server = require('../lib/server');", "server.port;"]);
  expect((await madeHunks(config, configTest)).names.filter((n) => n.includes("config.port"))).toEqual([]);
});

test("review: a prototype object's array member (`methods: [` … `],`) under `Router.prototype = {` is no argument: the new `route: function (path)` is Router's", async () => {
  const code = changedHunk("lib/router.js", "Router.prototype = {", [
    "   constructor: Router,",
    " ",
    "   methods: [",
    "     'get',",
    "     'post'",
    "   ],",
    " ",
    "+  route: function (path) {",
    "+    return new Route(path);",
    "+  },",
    "+",
    "   handle: function (req, res, done) {",
  ]);
  const test = addedFile("test/router.js", ["var Router = require('../lib/router');", "new Router().route('/foo');"]);
  expect((await madeHunks(code, test)).defuse).toEqual(["Router.route"]);
});

test("review: a protocol method called on another class's value (`Date.new(2020, 1, 1).to_s`, `bank.default_currency.to_s`) is that class's, not the new `Money#to_s`; on a variable it may be (`money.to_s`)", async () => {
  const code = changedHunk("lib/money.rb", "class Money", [
    "     @currency = currency",
    "   end",
    " ",
    "+  def to_s",
    "+    format('%.2f %s', amount, currency)",
    "+  end",
    "+",
    "   def amount",
  ]);
  const testOf = (line: string) => addedFile("test/money_test.rb", ["require 'money'", line, ""]);
  expect((await madeHunks(code, testOf("Date.new(2020, 1, 1).to_s"))).defuse).toEqual([]);
  expect((await madeHunks(code, testOf("bank.default_currency.to_s"))).defuse).toEqual([]);
  expect((await madeHunks(code, testOf("money.to_s"))).defuse).toEqual(["Money.to_s"]);
});

test("review: a TypeScript function object's members stay its own where no type of the file declares them (`emitter.on = (type: string, handler: Function) => {…}`; a module's `hooks.beforeRequest = …` inside a function)", async () => {
  const code = addedFile("src/index.ts", [
    "export function createEmitter() {",
    "  const emitter = function (type: string) {",
    "    return type",
    "  }",
    "  emitter.on = (type: string, handler: Function) => {",
    "    handler(type)",
    "  }",
    "  return emitter",
    "}",
  ]);
  const test = addedFile("test/index.test.ts", [
    "import { createEmitter } from '../src'",
    "createEmitter().on('x', () => {})",
  ]);
  expect((await madeHunks(code, test)).defuse).toContain("emitter.on");
  const hooks = changedHunk("src/hooks.ts", "export function registerDefaults(options: Options) {", [
    "   if (options.retry) {",
    "     hooks.beforeRetry = options.beforeRetry",
    "   }",
    "+  hooks.beforeRequest = (request: Request) => {",
    "+    return request",
    "+  }",
    " }",
  ]);
  const hooksTest = addedFile("test/hooks.ts", [
    "import { hooks } from '../src/hooks'",
    "hooks.beforeRequest(new Request('/'))",
  ]);
  expect((await madeHunks(hooks, hooksTest)).defuse).toContain("hooks.beforeRequest");
});

test("review: a capitalised C++ method whose return type stands on the line above the hunk (Mozilla's `GetAttributeNodeNS(…)`) stays a method", async () => {
  const code = changedHunk("dom/base/Element.h", "class Element : public FragmentOrElement {", [
    "   GetAttributeNodeNS(const nsAString& aNamespaceURI,",
    "                      const nsAString& aLocalName,",
    "-                     ErrorResult& aError);",
    "+                     ErrorResult& aError,",
    "+                     bool aCreate = false);",
    " ",
  ]);
  expect((await madeHunks(code, "")).names).toContain("Element.GetAttributeNodeNS method");
});

test("once 733b990: a hunk under a call's callback header (`once.proto = once(function () {`) that closes it with `})` opens no class: the `function once (fn) {` it ends on is the existing function, no new method", async () => {
  const names = (await commitAnalysis("once-commit-733b990")).identifiers
    .filter((i) => i.status === "new" && i.side === "code")
    .map((i) => `${i.name} ${i.kind}`);
  expect(names).not.toContain("once method");
  expect(names).toContain("onceStrict function");
});

test("json-parse-even-better-errors 1e54107 (round 65): a module's exported function renamed with its properties (`-parseJson.JSONParseError = …` `+parseJsonError.JSONParseError = …`, `noExceptions` too) keeps them: not new, the tests' `parseJson.JSONParseError` needs no hint", async () => {
  const analysis = await commitAnalysis("json-parse-even-better-errors-commit-1e54107");
  const of = (name: string) => analysis.identifiers.find((i) => i.name === name)?.status;
  expect(of("parseJsonError.JSONParseError")).toBeUndefined();
  expect(of("parseJsonError.noExceptions")).toBe("changed");
  expect(await stated("json-parse-even-better-errors-commit-1e54107")).toEqual([]);
});

test("dry-initializer 92d9e19: a Ruby module renamed with its methods (`-module DSL` `+module ClassDSL`, `[]`, `config`, `define` kept) is the old module's: its methods are not new", async () => {
  const names = (await commitAnalysis("dry-initializer-commit-92d9e19")).identifiers
    .filter((i) => i.status === "new" && i.name.startsWith("ClassDSL."))
    .map((i) => i.name);
  expect(names).toEqual([]);
});

test("jinjava bb95c0c (round 65): under `public class JinjavaBeanELResolver extends BeanELResolver {`, a hunk that starts in a method's parameter list (`Class<?>[] paramTypes,` / `Object[] params` / `) {`) declares no fields: `Object` was one", async () => {
  expect(await stated("jinjava-commit-bb95c0c")).toEqual([
    "JinjavaConfig.getRestrictedMethods method",
    "JinjavaConfig.getRestrictedProperties method",
  ]);
});

test("citty 31fa24b (round 64): a TypeScript interface's optional method keeps its `?` in the signature (`setup?(context: CommandContext<any>): void | Promise<void>`, as the labels write it)", async () => {
  const code = addedFile("src/types.ts", [
    "export interface CittyPlugin {",
    "  name: string;",
    "  setup?(context: CommandContext<any>): void | Promise<void>;",
    "}",
  ]);
  const test = addedFile("test/plugin.test.ts", [
    "import type { CittyPlugin } from '../src/types'",
    "const plugin: CittyPlugin = { name: 'x' }",
    "plugin.setup?.(context)",
  ]);
  const result = await analyzeInstance({ instanceId: "citty", goldPatch: code, testPatch: test });
  expect(result.identifiers.find((i) => i.name === "CittyPlugin.setup")?.signature).toBe(
    "setup?(context: CommandContext<any>): void | Promise<void>",
  );
});
