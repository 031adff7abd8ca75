import { beforeAll, describe, expect, test } from "vitest";
import { agreement, pickedFor } from "../testing/hand-checked-agreement";
import { HAND_CHECKED_CASES, loadInstance } from "../testing/hand-checked-cases";
import { analyzeInstance, type InstanceAnalysis } from "./analyze-instance";

describe("hand-checked identifiers on real instances", () => {
  const analyses = new Map<string, InstanceAnalysis>();
  beforeAll(async () => {
    for (const c of HAND_CHECKED_CASES) {
      if (!analyses.has(c.id)) analyses.set(c.id, await analyzeInstance(loadInstance(c.file, c.id)));
    }
  });

  test("the cases cover the languages checked by hand so far", () => {
    expect(new Set(HAND_CHECKED_CASES.map((c) => c.language))).toEqual(
      new Set(["python", "go", "javascript", "typescript", "java", "php", "rust", "c", "cpp", "ruby"]),
    );
  });

  test.each(HAND_CHECKED_CASES.map((c) => [`${c.id.slice(0, 60)} (${c.language}, ${c.selection})`, c] as const))(
    "%s",
    (_label, c) => {
      const picked = pickedFor(c, analyses.get(c.id) as InstanceAnalysis);
      expect(picked, c.why).toEqual([...c.expected].sort());
    },
  );

  test("the agreement check the bench prints: precision and recall 1 on every case", async () => {
    const rows = await agreement(analyses);
    for (const row of rows) expect(row, row.language).toMatchObject({ precision: 1, recall: 1 });
  });
});
