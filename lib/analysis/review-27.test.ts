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
