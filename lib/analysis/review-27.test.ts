// The twenty-seventh session's guards: shapes the read-through's mends must keep, each failing without its mend.
import { expect, test } from "vitest";
import { addedFile as added, changedHunk as changed, madeHunks } from "../testing/analysis-helpers";
import { rubyClosedAbove, rubyOpenBlocks } from "./languages/ruby/blocks";

test("Ruby blocks: a value `if` opens one, `while x do` one, an endless method none", () => {
  expect(rubyOpenBlocks(["  def total(items)", "    sum = if items.empty?", "      0"])).toBe(2);
  expect(rubyOpenBlocks(["    while queue.any? do", "      queue.pop"])).toBe(1);
  expect(rubyOpenBlocks(["  def double(x) = x * 2", "  def name = @name", "  def name=(value)"])).toBe(1);
  // An endless method's line opens nothing, so the `end` after it closes the class begun above.
  expect(rubyClosedAbove(["  def double(x) = x * 2", "end", "", "class Other", "end"])).toBe(1);
});

test("a bare call reaches a Ruby module's new method, not a class's, nor a bare word the test assigns", async () => {
  const { defuse } = await madeHunks(
    changed("lib/pricing.rb", "module Pricing", [
      "   def self.version = 1",
      "+",
      "+  def discount(total)",
      "+    total * 0.9",
      "+  end",
    ]) +
      changed("lib/cart.rb", "class Cart", [
        "   attr_reader :items",
        "+",
        "+  def subtotal",
        "+    items.sum",
        "+  end",
      ]),
    added("test/pricing_test.rb", [
      "class PricingTest < Minitest::Test",
      "  include Pricing",
      "  def test_discount",
      "    assert_equal 90, discount(100)",
      "    subtotal = 3",
      "    assert_equal 3, subtotal",
      "  end",
      "end",
    ]),
  );
  expect(defuse).toEqual(["Pricing.discount"]);
});

test("C++: a hunk under `public:` names its class by a copy constructor's parameter of the class's own type, not by a constructor of another type's reference", async () => {
  const hunk = (ctor: string) =>
    changed("include/pool.hpp", "public:", [
      `     ${ctor};`,
      "+    static constexpr int max_workers = 8;",
      "     void run();",
    ]);
  const test = added("test/pool.cpp", ["#include <pool.hpp>", "int n = Pool::max_workers;"]);
  expect((await madeHunks(hunk("Pool(Pool const& other)"), test)).defuse).toEqual(["Pool.max_workers"]);
  expect((await madeHunks(hunk("Pool(Config const& config)"), test)).defuse).toEqual([]);
});

test("JSDoc: a function's `@param {number} options.retries` declares no field, nor does a `@property` after a `@param`; a `@typedef`'s `@property` does", async () => {
  const { defuse } = await madeHunks(
    added("lib/fetch.js", [
      "/**",
      " * @typedef FetchOptions",
      " * @property {number} [timeout]",
      " */",
      "",
      "/**",
      " * @param {string} url",
      " * @param {Object} options",
      " * @param {number} options.retries",
      " * @property {number} attempts",
      " */",
      "export function fetchWithRetry(url, options) {",
      "  return options.retries",
      "}",
    ]),
    added("test/fetch.test.js", [
      "import {fetchWithRetry} from '../lib/fetch.js'",
      "fetchWithRetry('/x', {retries: 3, attempts: 1, timeout: 5})",
    ]),
  );
  expect(defuse.sort()).toEqual(["FetchOptions.timeout", "fetchWithRetry", "lib/fetch.js"]);
});

test("JavaScript destructuring: a declaration's and an assignment's keys read the value's fields; a parameter's pattern and a nested pattern's inner keys do not", async () => {
  const { defuse } = await madeHunks(
    changed("src/result.ts", "export interface Result {", [
      "   ok: boolean",
      "+  value: number",
      "+  meta: { size: number }",
      "+  error: string",
      "+  warnings: string[]",
      " }",
    ]),
    added("test/result.test.ts", [
      "import { run } from '../src/run'",
      "const { value, meta: { size } } = run()",
      "let warnings",
      "({ warnings } = run())",
      "function show({ error }) { return error }",
    ]),
  );
  expect(defuse.sort()).toEqual(["Result.meta", "Result.value", "Result.warnings"]);
});

test("C++: a pure virtual method (`virtual void flush() = 0;`) is declared without a body: a call of its name through an object the hunks do not type is the base's, not an implementation's", async () => {
  const { defuse } = await madeHunks(
    added("include/stream.h", [
      "class Stream {",
      "public:",
      "    virtual void flush() = 0;",
      "};",
      "",
      "class FileStream : public Stream {",
      "public:",
      "    void flush() final;",
      "};",
    ]),
    added("test/stream_test.cpp", ['#include "stream.h"', "void check(Stream& s) { s.flush(); }"]),
  );
  expect(defuse.filter((name) => name.endsWith("flush"))).toEqual(["Stream.flush"]);
});

// The review's misfires (helper, twenty-seventh session), each failing before its mend.

test("Ruby: a bare call reaches a module's method only from a file that includes the module or is the tests of its file, and not past the file's own method of that name", async () => {
  const httpClient = changed("lib/http_client.rb", "module HttpClient", [
    "   def self.version = 1",
    "+",
    "+  def get(url)",
    "+    fetch(url)",
    "+  end",
  ]);
  const requestSpec = added("spec/requests/users_spec.rb", [
    "RSpec.describe 'users' do",
    "  it { get '/users' }",
    "end",
  ]);
  expect((await madeHunks(httpClient, requestSpec)).defuse).toEqual([]);
  const pricing = changed("lib/pricing.rb", "module Pricing", [
    "   def self.version = 1",
    "+",
    "+  def discount(total)",
    "+    total * 0.9",
    "+  end",
  ]);
  const ownDiscount = added("test/pricing_test.rb", [
    "class PricingTest < Minitest::Test",
    "  def discount(total) total - 10 end",
    "  def test_discount",
    "    assert_equal 90, discount(100)",
    "  end",
    "end",
  ]);
  expect((await madeHunks(pricing, ownDiscount)).defuse).toEqual([]);
  const including = added("test/checkout_test.rb", [
    "class CheckoutTest < Minitest::Test",
    "  include Pricing",
    "  def test_discount",
    "    assert_equal 90, discount(100)",
    "  end",
    "end",
  ]);
  expect((await madeHunks(pricing, including)).defuse).toEqual(["Pricing.discount"]);
});

test("JavaScript: `const { parse } = require('../src/parser')` imports names, reading no member of another class", async () => {
  const { defuse } = await madeHunks(
    added("src/parser.js", ["function parse(s) { return s }", "module.exports = { parse }"]) +
      added("src/lexer.js", ["class Lexer {", "  parse(s) { return [s] }", "}", "module.exports = { Lexer }"]),
    added("test/parser.test.js", ["const { parse } = require('../src/parser')", "parse('a')"]),
  );
  expect(defuse.sort()).toEqual(["parse", "src/parser.js"]);
});

test("JSDoc: a documented option stays new where the pre-image only has the word (`process.env.verbose`), not a write of it; a typedef's description after its name is no part of it", async () => {
  const { defuse } = await madeHunks(
    changed("lib/build.js", "", [
      " if (process.env.verbose) console.log('building')",
      " /**",
      "  * @typedef {Object} BuildOptions - how to build",
      "  * @property {string} outDir",
      "+ * @property {boolean} [verbose]",
      "  */",
    ]),
    added("test/build.test.js", ["import { build } from '../lib/build.js'", "build({ outDir: 'x', verbose: true })"]),
  );
  expect(defuse).toEqual(["BuildOptions.verbose"]);
});

test('Python: a `def` inside a string a resumed call passes (`textwrap.dedent("""` … `def helper():`) does not end that call', async () => {
  const { defuse } = await madeHunks(
    changed("pylint/checker.py", "class Checker:", [
      "     name = 'unused'",
      "+",
      "+    def check_unused(self, node):",
      "+        return node.helper()",
    ]),
    changed("tests/test_checker.py", "def test_unused():", [
      '     """',
      "+    def helper():",
      "+        return 1",
      '     """',
      "     )",
      "+    assert Checker().check_unused(module) is None",
    ]),
  );
  expect(defuse).toEqual(["Checker.check_unused"]);
});

test("Ruby blocks: a value `if` closed on its line opens none; a paren-less setter is no endless method", () => {
  expect(rubyOpenBlocks(["  def total", "    x = if ok then 1 else 2 end", "    x"])).toBe(1);
  expect(rubyClosedAbove(["    x = if ok then 1 else 2 end", "  end"])).toBe(1);
  expect(rubyOpenBlocks(["  def name= value"])).toBe(1);
});

test("C++: an attribute before `virtual` (`[[nodiscard]] virtual int size() const = 0;`) keeps the method pure virtual", async () => {
  const { defuse } = await madeHunks(
    added("include/stream.h", [
      "class Stream {",
      "public:",
      "    [[nodiscard]] virtual int size() const = 0;",
      "};",
      "",
      "class FileStream : public Stream {",
      "public:",
      "    int size() const final;",
      "};",
    ]),
    added("test/stream_test.cpp", ['#include "stream.h"', "int check(Stream& s) { return s.size(); }"]),
  );
  expect(defuse.filter((name) => name.endsWith("size"))).toEqual(["Stream.size"]);
});

test("A constant read through another class reaches a base's only where its name is one nobody else would choose (three words at least) and the language inherits statics (not Rust's)", async () => {
  const java = (constant: string) =>
    changed("src/main/java/com/acme/Base.java", "public class Base {", [
      "     protected int size;",
      `+    public static final int ${constant} = 3;`,
    ]);
  const javaTest = (constant: string) =>
    added("src/test/java/com/acme/SubTest.java", ["class SubTest {", `  int n = Sub.${constant};`, "}"]);
  expect((await madeHunks(java("DEFAULT_RETRY_COUNT"), javaTest("DEFAULT_RETRY_COUNT"))).defuse).toEqual([
    "Base.DEFAULT_RETRY_COUNT",
  ]);
  expect((await madeHunks(java("MAX_SIZE"), javaTest("MAX_SIZE"))).defuse).toEqual([]);
  const rust = changed("src/lib.rs", "impl Base {", [
    "     pub fn new() -> Self { Base }",
    "+    pub const DEFAULT_RETRY_COUNT: u32 = 3;",
  ]);
  const rustTest = added("tests/retry.rs", ["#[test]", "fn retry() { assert_eq!(Sub::DEFAULT_RETRY_COUNT, 3); }"]);
  expect((await madeHunks(rust, rustTest)).defuse).toEqual([]);
});
