// The twenty-eighth session's guards: shapes the read-through's mends must keep, each failing without its mend.
import { expect, test } from "vitest";
import { addedFile as added, changedHunk as changed, madeHunks } from "../testing/analysis-helpers";

test("JSDoc: a documented field whose name holds a `$` (`@property {Element} [$el]`) the code wrote before (`this.$el = el`) is no new name", async () => {
  const { defuse } = await madeHunks(
    changed("lib/view.js", "", [
      " function View(el) {",
      "   this.$el = el",
      " }",
      " /**",
      "  * @typedef {Object} ViewOptions",
      "  * @property {string} tag",
      "+ * @property {Element} [$el]",
      "  */",
    ]),
    added("test/view.test.js", ["const View = require('../lib/view.js')", "render({ tag: 'div', $el: node })"]),
  );
  expect(defuse).toEqual([]);
});

test("a receiver named for one class keeps its use where both namesakes share the file the tests are named for", async () => {
  const { defuse } = await madeHunks(
    added("pkg/client.py", [
      "class Client:",
      "    def query_one(self, key):",
      "        return key",
      "class Transaction:",
      "    def query_one(self, key):",
      "        return key",
    ]),
    added("tests/test_client.py", [
      "from pkg.client import Client",
      "def test_q(client):",
      "    assert client.query_one('k') == 'k'",
    ]),
  );
  expect(defuse).not.toContain("Transaction.query_one");
  expect(defuse).toContain("Client.query_one");
});

test("Ruby: a test file named as the module's file, without a test's mark (`test/pricing.rb`), still reaches the module's method called bare", async () => {
  const { defuse } = await madeHunks(
    changed("lib/pricing.rb", "module Pricing", [
      "   def self.version = 1",
      "+",
      "+  def discount(total)",
      "+    total * 0.9",
      "+  end",
    ]),
    added("test/pricing.rb", [
      "class PricingTest < Minitest::Test",
      "  def test_discount",
      "    assert_equal 90, discount(100)",
      "  end",
      "end",
    ]),
  );
  expect(defuse).toEqual(["Pricing.discount"]);
});

test("C++: a deduction guide of another class after the members' `};` names no class for them", async () => {
  const { defuse } = await madeHunks(
    changed("include/acme/pair.hpp", "public:", [
      "     void reset();",
      "+    void reset_all_values();",
      " };",
      " ",
      " template <class T> struct tag { T t; };",
      " template <class T> tag(T) -> tag<T>;",
    ]),
    added("test/pair_test.cpp", ["#include <acme/pair.hpp>", "void t(acme::pair& p) { p.reset_all_values(); }"]),
  );
  expect(defuse).toEqual(["reset_all_values"]);
});

test("C++: a friend defined in a nested class is a free function; a friend grant of another class's method declares nothing", async () => {
  const nested = await madeHunks(
    added("include/acme/tree.hpp", [
      "namespace acme {",
      "class Tree {",
      "  class Node {",
      "    friend bool is_leaf_node(const Node& n) { return true; }",
      "  };",
      "};",
      "}",
    ]),
    added("test/tree_test.cpp", ['#include "acme/tree.hpp"', "void t(const acme::Tree::Node& n) { is_leaf_node(n); }"]),
  );
  expect(nested.defuse).toContain("is_leaf_node");
  expect(nested.defuse).not.toContain("Tree.is_leaf_node");
  const grant = await madeHunks(
    changed("include/acme/widget.hpp", "class Widget {", [
      "   int size_ = 0;",
      "+  friend void Registry::register_widget(Widget& w);",
      " };",
    ]),
    added("test/widget_test.cpp", [
      '#include "acme/widget.hpp"',
      "void t(Registry& registry, Widget& w) { registry.register_widget(w); }",
    ]),
  );
  expect(grant.defuse).toEqual([]);
});

test("a three-word method read as inherited is not reached through a class the patches define otherwise (a test's own fake)", async () => {
  const { defuse } = await madeHunks(
    changed("pkg/client.py", "class Client:", [
      "     timeout = 3",
      "+",
      "+    @classmethod",
      "+    def fetch_user_data(cls, uid):",
      "+        return uid",
    ]),
    added("tests/test_fake.py", [
      "class FakeClient:",
      "    @staticmethod",
      "    def fetch_user_data(uid):",
      "        return uid",
      "def test_fake():",
      "    assert FakeClient.fetch_user_data(1) == 1",
    ]),
  );
  expect(defuse).toEqual([]);
});

test("in the tests named for a code file by a mark JavaScript or Java writes (`fanout.test.js`, `FanoutCacheTest.java`), a receiver named for another class still reaches the file's class's method", async () => {
  const js = await madeHunks(
    added("src/cache.js", ["export class Cache {", "  decrValue(key) { return 1 }", "}"]) +
      added("src/fanout.js", ["export class FanoutCache {", "  decrValue(key) { return 2 }", "}"]),
    added("test/fanout.test.js", [
      "import { FanoutCache } from '../src/fanout.js'",
      "test('decr', () => { const cache = new FanoutCache(); expect(cache.decrValue('k')).toBe(2) })",
    ]),
  );
  expect(js.defuse).toContain("FanoutCache.decrValue");
  const java = await madeHunks(
    added("src/main/java/a/Cache.java", [
      "package a;",
      "public class Cache {",
      "  public int decrValue(String k) { return 1; }",
      "}",
    ]) +
      added("src/main/java/a/FanoutCache.java", [
        "package a;",
        "public class FanoutCache {",
        "  public int decrValue(String k) { return 2; }",
        "}",
      ]),
    added("src/test/java/a/FanoutCacheTest.java", [
      "package a;",
      "class FanoutCacheTest {",
      '  void decr(FanoutCache cache) { assert cache.decrValue("k") == 2; }',
      "}",
    ]),
  );
  expect(java.defuse).toContain("FanoutCache.decrValue");
});

test("Ruby: a core or standard class reopened at the top (`class Date` in `lib/core_ext/date.rb`) is never new; its new method is", async () => {
  const { names } = await madeHunks(
    added("lib/core_ext/date.rb", ["class Date", "  def to_fiscal_quarter", "    (month - 1) / 3 + 1", "  end", "end"]),
    added("spec/date_spec.rb", [
      "RSpec.describe Date do",
      "  it { expect(Date.new(2024, 5, 1).to_fiscal_quarter).to eq(2) }",
      "end",
    ]),
  );
  expect(names).toContain("Date.to_fiscal_quarter method");
  expect(names).not.toContain("Date class");
});

test("RSpec: `allow(cart).to receive_messages(recalculate: 3)` names the methods of the object the expectation is set on", async () => {
  const { defuse } = await madeHunks(
    changed("lib/shop/cart.rb", "class Cart", [
      "   attr_reader :items",
      "+",
      "+  def recalculate",
      "+    items.sum",
      "+  end",
    ]),
    changed("spec/shop/checkout_spec.rb", "RSpec.describe Checkout do", [
      "   let(:cart) { Cart.new }",
      "+  before { allow(cart).to receive_messages(recalculate: 3) }",
    ]),
  );
  expect(defuse).toEqual(["Cart.recalculate"]);
});
