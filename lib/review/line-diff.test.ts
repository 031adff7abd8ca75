import { expect, test } from "vitest";
import { lineDiff } from "./line-diff";

test("the line diff of two hints: kept, removed and added lines in order", () => {
  expect(lineDiff("a\nb\nc", "a\nB\nc\nd")).toEqual([
    { kind: " ", text: "a" },
    { kind: "+", text: "B" },
    { kind: "-", text: "b" },
    { kind: " ", text: "c" },
    { kind: "+", text: "d" },
  ]);
  expect(lineDiff("", "x")).toEqual([{ kind: "+", text: "x" }]);
  expect(lineDiff("x", "")).toEqual([{ kind: "-", text: "x" }]);
  expect(lineDiff("same", "same")).toEqual([{ kind: " ", text: "same" }]);
});
