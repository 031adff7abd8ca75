import { expect, test } from "vitest";
import { figureText, pValueText } from "./figure-text";

test.each([
  [0.12345, 2, "0.12"],
  [-0.0003, 2, "0.00"],
  [-0, 2, "0.00"],
  [7.77e-16, 2, "0.00"],
  [-0.004, 2, "0.00"],
  [-0.006, 2, "-0.01"],
  [-0.00004, 4, "0.0000"],
  [1, 2, "1.00"],
  [null, 2, "–"],
])("a figure %s to %s digits reads %j: no negative zero", (value, digits, expected) => {
  expect(figureText(value, digits)).toBe(expected);
});

test.each([
  [0.04321, "0.0432"],
  [0.0001, "0.0001"],
  [0.00009999, "< 0.0001"],
  [3.2e-12, "< 0.0001"],
  [0, "< 0.0001"],
  [1, "1.0000"],
  [null, "–"],
])("a p-value %s reads %j: below 1e-4 it is said as a bound, never 0.0000", (p, expected) => {
  expect(pValueText(p)).toBe(expected);
});
