import { expect, test } from "vitest";
import { decodeText, RecordError, toBoolean, toStringList } from "./field-values";

test.each([
  ["plain text stays", "Fix the bug", "Fix the bug"],
  ["double-encoded text is decoded", JSON.stringify('Fix\nthe "bug"'), 'Fix\nthe "bug"'],
  ["triple-encoded text is decoded", JSON.stringify(JSON.stringify("deep")), "deep"],
  ["a quoted word that is not JSON stays", '"not json\\q"', '"not json\\q"'],
  ["null is empty", null, ""],
])("decodeText: %s", (_name, input, expected) => {
  expect(decodeText(input)).toBe(expected);
});

test.each([
  ["a real list", ["a", "b"], ["a", "b"]],
  ["JSON text", '["a", "b"]', ["a", "b"]],
  ["Python repr", "['a', 'b']", ["a", "b"]],
  ["a dict's keys", { t1: {}, t2: {} }, ["t1", "t2"]],
  ["empty string", "", []],
])("toStringList: %s", (_name, input, expected) => {
  expect(toStringList(input, "f")).toEqual(expected);
});

test("toStringList names the field it cannot read", () => {
  expect(() => toStringList("['unclosed", "FAIL_TO_PASS")).toThrow(/FAIL_TO_PASS/);
  expect(() => toStringList(42, "FAIL_TO_PASS")).toThrow(RecordError);
});

test.each([
  [true, true],
  ["false", false],
  [1, true],
  ["No", false],
])("toBoolean(%s) = %s", (input, expected) => {
  expect(toBoolean(input, "resolved")).toBe(expected);
});

test("toBoolean rejects anything else", () => {
  expect(() => toBoolean("maybe", "resolved")).toThrow(/resolved/);
});
