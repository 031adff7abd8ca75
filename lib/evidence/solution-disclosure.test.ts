import { expect, test } from "vitest";
import { solutionDisclosed, solutionTokens } from "./solution-disclosure";

const patch = [
  "diff --git a/m.py b/m.py",
  "--- a/m.py",
  "+++ b/m.py",
  "@@ -1,1 +1,4 @@",
  " import os",
  "+def parse_size(text, unit=None):",
  "+    value = int(text.strip())",
  "+    return value * 1024",
  "",
].join("\n");

test("the share of the gold patch's added words a hint transcribes in runs of five or more tokens", () => {
  const solution = solutionTokens(patch);
  // def parse_size text unit None · value int text strip · return value 1024: 12 words.
  expect(solution.words).toBe(12);
  // A name alone is no run of five: nothing transcribed.
  expect(solutionDisclosed("- `parse_size`", solution)).toBe(0);
  // The signature restated: `def parse_size(text, unit=None):` holds 5 of the 12 words (def, parse_size, text, unit, None).
  expect(solutionDisclosed("Signature: `def parse_size(text, unit=None):`", solution)).toBeCloseTo(5 / 12, 12);
  // The body in prose, nearly word for word: the signature and `value = int(text.strip())` (9 words); the
  // last line's four tokens, after "and", are no run of five.
  expect(
    solutionDisclosed(
      "Signature: `def parse_size(text, unit=None):` Behaviour: value = int(text.strip()) and return value * 1024",
      solution,
    ),
  ).toBeCloseTo(9 / 12, 12);
  // A description in other words transcribes nothing.
  expect(solutionDisclosed("Parses a size given as text and scales it to bytes.", solution)).toBe(0);
  expect(solutionDisclosed("", solution)).toBe(0);
  expect(solutionDisclosed("anything at all here now", solutionTokens(""))).toBe(0);
});
