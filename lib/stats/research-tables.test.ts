import { describe, expect, test } from "vitest";
import { summariseJudgeScores } from "./judge-summary";
import { attemptedAny, statusOfCode } from "./numbered-outcomes";
import { resolveRates, runRows, statedSummary, summaryMismatch } from "./resolve-rates";

describe("resolve-rate table", () => {
  const outcomes = new Map([
    ["a", true],
    ["b", false],
    ["c", true],
    ["gone-1", true],
    ["gone-2", false],
  ]);
  const run = {
    runId: 1,
    benchmark: "B",
    model: "m",
    selection: "official",
    projection: "official",
    ...runRows(outcomes, ["a", "b", "c", "d"]),
    summary: null,
  };

  test("rates are over the imported instances; unmatched ids are counted, not used", () => {
    const [row] = resolveRates([run]);
    expect(row).toMatchObject({ resolved: 2, n: 3, unmatched: 2, allResolved: 3, allTotal: 5 });
    expect(row?.rate).toBeCloseTo(2 / 3, 12);
    expect(row?.low).toBeGreaterThan(0);
    expect(row?.high).toBeLessThan(1);
  });

  test("n = 0 and all resolved", () => {
    expect(resolveRates([{ ...run, ...runRows(outcomes, []) }])[0]).toMatchObject({
      n: 0,
      rate: null,
      low: 0,
      high: 1,
      unmatched: 5,
      allResolved: 3,
      allTotal: 5,
    });
    const all = {
      ...run,
      ...runRows(
        [
          ["a", true],
          ["c", true],
        ],
        ["a", "c"],
      ),
    };
    expect(resolveRates([all])[0]).toMatchObject({ resolved: 2, n: 2, rate: 1, high: 1 });
  });

  test("a stated summary that matches the rows is not flagged", () => {
    const stated = statedSummary({ total: 500, passed: 371, pass_rate: 74.2 });
    expect(stated).toMatchObject({ rate: 0.742, resolved: 371, total: 500 });
    expect(summaryMismatch(stated, 371, 500)).toBeNull();
    // A rate stated to the whole point is read to that precision: 74 for 74.2% is no mismatch.
    expect(summaryMismatch(statedSummary({ pass_rate: 74 }), 371, 500)).toBeNull();
  });

  test("a stated rate that disagrees is flagged even when the stated total equals the rows'", () => {
    // The doctored summary: 76.0% of 500 stated, 371/500 (74.2%) in the rows.
    expect(summaryMismatch(statedSummary({ pass_rate: 76.0, total: 500 }), 371, 500)).toBe(
      "stated 76.0%, rows give 74.2%",
    );
    expect(summaryMismatch(statedSummary({ total: 500, passed: 380, pass_rate: 76 }), 371, 500)).toBe(
      "stated 76.0%, rows give 74.2%; stated 380 resolved, rows have 371",
    );
  });

  test("a stated summary that disagrees with the rows is flagged with both figures", () => {
    expect(summaryMismatch({ rate: 0.742, resolved: 371, total: 500 }, 365, 500)).toBe(
      "stated 74.2%, rows give 73.0%; stated 371 resolved, rows have 365",
    );
    expect(summaryMismatch({ rate: 0.8, resolved: null, total: null }, 7, 10)).toBe("stated 80.0%, rows give 70.0%");
    // Counts are compared as counts: no rate is made up from them to compare.
    expect(summaryMismatch(statedSummary({ total_instances: 91, resolved_instances: 1 }), 1, 1)).toBe(
      "stated 91 instances, rows list 1",
    );
  });

  test.each([
    // [what, summary, resolved rows, total rows, expected mismatch]
    ["1.0 (JSON's 1) is 100% of 12, not ±50 points", { pass_rate: 1 }, 6, 12, "stated 100.0%, rows give 50.0%"],
    [
      "1.0 written so",
      { pass_rate: 1, stated_literals: { pass_rate: "1.0" } },
      6,
      12,
      "stated 100.0%, rows give 50.0%",
    ],
    ["0.0 against 1 of 12", { pass_rate: 0 }, 1, 12, "stated 0.0%, rows give 8.3%"],
    ["a fraction never gets more than ±0.0005", { pass_rate: 0.5 }, 6, 12, null],
    ["… so 0.5 against 0.501 is flagged", { pass_rate: 0.5 }, 501, 1000, "stated 50.0%, rows give 50.1%"],
    [
      "75.0 is ±0.05 points, not ±0.5",
      { pass_rate: 75, stated_literals: { pass_rate: "75.0" } },
      301,
      400,
      "stated 75.0%, rows give 75.3%",
    ],
    ["75 (no decimals) is ±0.5 points", { pass_rate: 75 }, 301, 400, null],
    ["50.04 against 50.00 at the stated precision", { pass_rate: 50.04 }, 50, 100, "stated 50.04%, rows give 50.00%"],
    ["a percent string is read", { pass_rate: "50%" }, 6, 12, null],
    ["… and checked", { pass_rate: "75 %" }, 6, 12, "stated 75.0%, rows give 50.0%"],
    [
      "an unreadable rate says so, and the total is still checked",
      { pass_rate: "about half", total: 13 },
      6,
      12,
      'stated rate "about half" is not a number or percentage; stated 13 instances, rows list 12',
    ],
    [
      "a string rate does not switch off the total",
      { pass_rate: "50%", total: 13 },
      6,
      12,
      "stated 13 instances, rows list 12",
    ],
    ["a total alone is checked", { total: 13 }, 6, 12, "stated 13 instances, rows list 12"],
  ])("stated summaries: %s", (_what, summary, resolved, total, expected) => {
    expect(summaryMismatch(statedSummary(summary as Record<string, unknown>), resolved, total)).toBe(expected);
  });

  test.each([
    // [what, summary, resolved rows, total rows, expected mismatch]
    ["0.6 with 3 passed of 500 is 0.6 %, not 60 %", { total: 500, passed: 3, pass_rate: 0.6 }, 3, 500, null],
    ["0.6 with 300 passed of 500 is the fraction", { total: 500, passed: 300, pass_rate: 0.6 }, 300, 500, null],
    ["1 with 1 passed of 100 is 1 %", { total: 100, passed: 1, pass_rate: 1 }, 1, 100, null],
    ["1 with 12 passed of 12 is 100 %", { total: 12, passed: 12, pass_rate: 1 }, 12, 12, null],
    [
      "0.6 % read as percent still disagrees with 4 of 500",
      { total: 500, passed: 3, pass_rate: 0.6 },
      4,
      500,
      "stated 0.6%, rows give 0.8%; stated 3 resolved, rows have 4",
    ],
    [
      "counts in a harness report's keys tell too",
      { total_instances: 500, resolved_instances: 3, resolve_rate: 0.6 },
      3,
      500,
      null,
    ],
    ["without counts a number in [0, 1] stays a fraction", { pass_rate: 0.6 }, 3, 500, "stated 60.0%, rows give 0.6%"],
    [
      "where neither reading agrees with the counts it stays a fraction",
      { total: 2, passed: 1, pass_rate: 1 },
      1,
      2,
      "stated 100.0%, rows give 50.0%",
    ],
    ["0.33 with 1 of 300 is 0.33 % (to its stated digits)", { total: 300, passed: 1, pass_rate: 0.33 }, 1, 300, null],
  ])(
    "a stated rate at or below 1 is percent or fraction as passed/total say: %s",
    (_what, summary, resolved, total, expected) => {
      expect(summaryMismatch(statedSummary(summary as Record<string, unknown>), resolved, total)).toBe(expected);
    },
  );

  test("0.6 stated with 3 passed of 500 is stored as the fraction 0.006", () => {
    expect(statedSummary({ total: 500, passed: 3, pass_rate: 0.6 })?.rate).toBeCloseTo(0.006, 12);
    expect(statedSummary({ total: 500, passed: 300, pass_rate: 0.6 })?.rate).toBeCloseTo(0.6, 12);
  });

  test("a run that attempted under 90 % of the benchmark's instances: the rate over all of them beside", () => {
    // One of 91 attempted and resolved: 1/1 = 100 % attempted, 1/91 = 1.1 % of the benchmark (a leaderboard's figure).
    const ids = Array.from({ length: 91 }, (_, i) => `i${i}`);
    const one = { ...run, ...runRows([[ids[0] as string, true, "resolved"]], ids) };
    const [row] = resolveRates([one]);
    expect(row).toMatchObject({ resolved: 1, n: 1, rate: 1, instances: 91, partial: true });
    expect(row?.overInstances.rate).toBeCloseTo(1 / 91, 12);
    // Wilson 1/91 by its published formula: [0.001942, 0.059649].
    expect(row?.overInstances.low).toBeCloseTo(0.001942, 6);
    expect(row?.overInstances.high).toBeCloseTo(0.059649, 6);
    // 90 % attempted is not partial; 89 of 100 is.
    const attempted = (k: number) =>
      resolveRates([
        {
          ...run,
          ...runRows(
            Array.from({ length: k }, (_, i): [string, boolean, string] => [
              `j${i}`,
              i % 2 === 0,
              i % 2 === 0 ? "resolved" : "unresolved",
            ]),
            Array.from({ length: 100 }, (_, i) => `j${i}`),
          ),
        },
      ])[0];
    expect(attempted(90)?.partial).toBe(false);
    expect(attempted(89)?.partial).toBe(true);
    expect(attempted(89)?.overInstances.rate).toBeCloseTo(45 / 100, 12);
  });

  test("a partial run: rates over the instances it attempted; errors and instances not run shown apart", () => {
    // A harness report of a run that submitted 37 of 300: 25 resolved, 10 unresolved, 1 empty patch, 1 error.
    const ids = Array.from({ length: 300 }, (_, i) => `i${i}`);
    const rows = ids.map((id, i): [string, boolean, string] =>
      i < 25
        ? [id, true, "resolved"]
        : i < 35
          ? [id, false, "unresolved"]
          : i === 35
            ? [id, false, "empty_patch"]
            : i === 36
              ? [id, false, "error"]
              : [id, false, "not_run"],
    );
    const partial = { ...run, ...runRows(rows, ids) };
    const [row] = resolveRates([partial]);
    expect(row).toMatchObject({
      resolved: 25,
      n: 36,
      statuses: { resolved: 25, unresolved: 10, empty_patch: 1, error: 1, not_run: 263 },
    });
    expect(row?.rate).toBeCloseTo(25 / 36, 12);
    // Older imports said "incomplete" for what was not run.
    expect(statusOfCode(runRows([["x", false, "incomplete"]], ["x"]).codes[0] as number)).toBe("not_run");
    expect(runRows([["x", false, "incomplete"]], []).unmatched.get("x")).toBe("not_run");
    expect(attemptedAny(runRows([["x", false, "incomplete"]], ["x"]))).toBe(false);
  });
});

describe("judge scores per attribute", () => {
  const s = (instance: string, identifier: string, attribute: string, n: number, d: number, g: number) => ({
    instance,
    identifier,
    attribute,
    necessity: n,
    disclosure: d,
    guidance: g,
  });

  test("medians of samples, HVM per rated value, unanimity over values with three samples", () => {
    // Rows come in the paper's attribute order (name, kind, path, new file, signature, …), not the file's.
    const [path, signature] = summariseJudgeScores([
      // i1/f signature: samples N 3,3,2 → median 3; D 2; G 0 → HVM 3 − 2 = 1; not unanimous.
      s("i1", "f", "signature", 3, 2, 0),
      s("i1", "f", "signature", 3, 2, 0),
      s("i1", "f", "signature", 2, 2, 0),
      // i2/g signature: N 2, D 0, G 2 in every sample → HVM 0; unanimous.
      s("i2", "g", "signature", 2, 0, 2),
      s("i2", "g", "signature", 2, 0, 2),
      s("i2", "g", "signature", 2, 0, 2),
      // i1/f path: N 1, D 0, G 2 → HVM −1.
      s("i1", "f", "path", 1, 0, 2),
    ]);
    expect(signature).toMatchObject({ attribute: "signature", n: 2, unanimity: 0.5, unanimityValues: 2 });
    expect(signature?.necessity.mean).toBeCloseTo(2.5, 12);
    expect(signature?.disclosure.mean).toBeCloseTo(1, 12);
    expect(signature?.guidance.mean).toBeCloseTo(1, 12);
    // Mean HVM is (1 + 0) / 2 = 0.5, not mean N − max(mean D, mean G) = 2.5 − 1 (SPEC §6).
    expect(signature?.hvm.mean).toBeCloseTo(0.5, 12);
    // One sample agrees with nothing: no unanimity; one instance: a mean and no interval, saying why.
    expect(path).toMatchObject({ attribute: "path", n: 1, unanimity: null, unanimityValues: 0, samplesMax: 1 });
    expect(path?.hvm).toEqual({ mean: -1, low: null, high: null, noInterval: expect.stringContaining("one instance") });
  });

  test("instances are the interval's clusters, whatever characters their ids hold", () => {
    const scores = Array.from({ length: 24 }, (_, i) => s(`bench\u0000i${i % 8}`, `x${i}`, "name", i % 4, 0, 0));
    const [name] = summariseJudgeScores(scores);
    expect(name?.n).toBe(24);
    // Eight distinct instances give a real spread, not one degenerate point.
    expect((name?.necessity.high as number) - (name?.necessity.low as number)).toBeGreaterThan(0);
  });

  test("the same scores in another order give the same rows and limits, to the bit", () => {
    const scores = Array.from({ length: 120 }, (_, i) =>
      s(`i${i % 10}`, `x${i % 40}`, ["name", "signature", "kind"][i % 3] as string, (i * 7) % 4, i % 3, i % 2),
    );
    const shuffled = [...scores].reverse();
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = (i * 31 + 7) % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j] as (typeof scores)[number], shuffled[i] as (typeof scores)[number]];
    }
    expect(summariseJudgeScores(shuffled)).toEqual(summariseJudgeScores(scores));
    expect(summariseJudgeScores(scores).map((r) => r.attribute)).toEqual(["name", "kind", "signature"]);
  });

  test("rows in the paper's attribute order even when the first instance rates a later attribute, per judge", () => {
    // i1 (first by id) was rated on signature only, i2 on name and path: rows name, path, signature for each
    // judge, where they came out in the order the attributes first appear (signature first for one judge).
    const of = (judge: string, instance: string, attribute: string) => ({
      ...s(instance, "f", attribute, 1, 0, 0),
      benchmark: "B",
      selection: "defuse",
      judge,
    });
    const rows = summariseJudgeScores([
      of("a", "i1", "signature"),
      of("a", "i2", "name"),
      of("a", "i2", "path"),
      of("b", "i1", "name"),
      of("b", "i2", "strong_semantics"),
      of("b", "i2", "new_file"),
      of("b", "i1", "weak_semantics"),
      of("b", "i1", "kind"),
    ]);
    expect(rows.map((r) => `${r.judge} ${r.attribute}`)).toEqual([
      "a name",
      "a path",
      "a signature",
      "b name",
      "b kind",
      "b new_file",
      "b weak_semantics",
      "b strong_semantics",
    ]);
  });

  test("two judges scoring the same items are two rows; neither changes the other's N or unanimity", () => {
    const of = (judge: string, selection: string, n: number) => ({
      ...s("i1", "f", "name", n, 0, 0),
      benchmark: "SWE-bench Pro",
      selection,
      judge,
    });
    const first = [of("gpt-4.1", "defuse", 3), of("gpt-4.1", "defuse", 3), of("gpt-4.1", "defuse", 3)];
    const alone = summariseJudgeScores(first);
    const together = summariseJudgeScores([
      ...first,
      of("claude", "defuse", 0),
      of("claude", "defuse", 1),
      of("claude", "defuse", 1),
    ]);
    expect(together.map((r) => [r.judge, r.necessity.mean, r.unanimity, r.instances])).toEqual([
      ["claude", 1, 0, 1],
      ["gpt-4.1", 3, 1, 1],
    ]);
    expect(together.find((r) => r.judge === "gpt-4.1")).toEqual(alone[0]);
    // Another selection of the same judge is its own row too.
    expect(summariseJudgeScores([...first, of("gpt-4.1", "pro", 1)]).map((r) => r.selection)).toEqual([
      "defuse",
      "pro",
    ]);
  });
});
