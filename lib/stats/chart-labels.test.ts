import { describe, expect, it } from "vitest";
import { HINT_ATTRIBUTES } from "../domain/judge-scales";
import { attributeText, JUDGE_SERIES, keyedPoints, niceMax, wrapLabel } from "./chart-labels";

describe("chart labels", () => {
  it("names the judge's scales in full, in the paper's order (not sorted by name)", () => {
    expect(JUDGE_SERIES.map((s) => s.key)).toEqual(["N", "D", "G", "HVM"]);
    expect(JUDGE_SERIES.map((s) => s.name.split(" ")[0])).toEqual(["Necessity", "Disclosure", "Guidance", "Hint"]);
  });

  it("writes every attribute as read", () => {
    expect(HINT_ATTRIBUTES.map(attributeText)).toEqual([
      "name",
      "kind",
      "path",
      "new file",
      "signature",
      "weak semantics",
      "strong semantics",
    ]);
  });

  it("breaks a label at spaces into lines that fit, cutting what is over", () => {
    expect(wrapLabel("strong semantics", 10)).toEqual(["strong", "semantics"]);
    expect(wrapLabel("defuse × declaration", 12)).toEqual(["defuse ×", "declaration"]);
    expect(wrapLabel("name", 10)).toEqual(["name"]);
    expect(wrapLabel("claude-opus-4-1-paper", 8)).toEqual(["claude-…"]);
    expect(wrapLabel("a b c d e f", 3)).toEqual(["a b", "c d", "e f"]);
    expect(wrapLabel("one two three four five", 5, 2)).toEqual(["one", "two…"]);
    for (const line of wrapLabel("judge (selection, benchmark): weak semantics", 14))
      expect(line.length).toBeLessThanOrEqual(14);
    expect(() => wrapLabel("x", 1)).toThrow(/holds no label/);
  });

  it("gives points whose labels would overlap one label naming all their numbers, and keeps labels inside the plot", () => {
    const plot = { xSpan: 1, ySpan: 10, widthPx: 400, heightPx: 200, charPx: 7, linePx: 12 };
    const keyed = keyedPoints(
      [
        { x: 0.5, y: 2 },
        { x: 0.1, y: 0 },
        { x: 0.51, y: 2.1 },
        { x: 0.9, y: 2 },
        { x: Number.NaN, y: 1 },
        { x: 1, y: 9 },
        { x: 0.5, y: 3 },
      ],
      plot,
    );
    expect(keyed.map((k) => k.key)).toEqual(["1, 3", "2", "4", "6", "7"]);
    expect(keyed[0]?.members).toEqual([0, 2]);
    expect(keyed.find((k) => k.key === "6")?.side).toBe("left");
    expect(keyed.find((k) => k.key === "2")?.side).toBe("right");
    // Sixteen points in one place: one label.
    const same = keyedPoints(
      Array.from({ length: 16 }, () => ({ x: 0, y: 0 })),
      plot,
    );
    expect(same).toHaveLength(1);
    expect(same[0]?.members).toHaveLength(16);
    expect(() => keyedPoints([], { ...plot, ySpan: 0 })).toThrow(/spans must be above 0/);
  });

  it("rounds a count axis up to 1, 2 or 5 × 10ⁿ", () => {
    expect([0, 0.4, 1, 1.3, 3.2, 7, 10, 12, 260].map(niceMax)).toEqual([1, 1, 1, 2, 5, 10, 10, 20, 500]);
  });
});
