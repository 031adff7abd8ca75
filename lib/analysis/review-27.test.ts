// The twenty-seventh session's guards: shapes the read-through's mends must keep, each failing without its mend.
import { expect, test } from "vitest";
import { rubyClosedAbove, rubyOpenBlocks } from "./languages/ruby/blocks";

test("Ruby blocks: a value `if` opens one, `while x do` one, an endless method none", () => {
  expect(rubyOpenBlocks(["  def total(items)", "    sum = if items.empty?", "      0"])).toBe(2);
  expect(rubyOpenBlocks(["    while queue.any? do", "      queue.pop"])).toBe(1);
  expect(rubyOpenBlocks(["  def double(x) = x * 2", "  def name = @name", "  def name=(value)"])).toBe(1);
  // An endless method's line opens nothing, so the `end` after it closes the class begun above.
  expect(rubyClosedAbove(["  def double(x) = x * 2", "end", "", "class Other", "end"])).toBe(1);
});
