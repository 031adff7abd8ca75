import { expect, test } from "vitest";
import { frontier, frontierBasis, frontierOfTotals, frontierTotals, hintSetPoint, selectionFacts } from "./frontier";

test("the frontier: guesswork left against disclosure beyond DefUse, per selection × projection", () => {
  const instances = [
    {
      // f and g are test-facing (DefUse); h is a helper only Pro names, its prose copying 40% of the patch.
      identifiers: [
        { name: "f", policies: ["defuse", "fea", "pro"] },
        { name: "g", policies: ["defuse", "pro"] },
        { name: "h", policies: ["pro"] },
      ],
      transcription: new Map([["h", 0.4]]),
    },
    // No test-facing identifier: no guesswork to leave, not counted.
    { identifiers: [{ name: "x", policies: ["pro"] }], transcription: new Map() },
  ];
  const points = frontier("B", instances);
  const at = (selection: string, projection: string) =>
    points.find((p) => p.selection === selection && p.projection === projection);
  expect(points).toHaveLength(16);
  // DefUse names both test-facing names and nothing more.
  expect(at("defuse", "name")).toMatchObject({
    instances: 1,
    guesswork_left: 0,
    disclosed_beyond_defuse: 0,
    transcription: 0,
  });
  // FEA names f only: half the test-facing names are left to guess.
  expect(at("fea", "declaration")).toMatchObject({ guesswork_left: 0.5, disclosed_beyond_defuse: 0 });
  // Pro names all three; with prose, its hints copy (0 + 0 + 0.4) / 3 of the patch on average.
  expect(at("pro", "name")).toMatchObject({ guesswork_left: 0, disclosed_beyond_defuse: 1, transcription: 0 });
  expect(at("pro", "pro")?.transcription).toBeCloseTo(0.4 / 3, 12);
});

test("a published hint set on the frontier: what the curators kept, against the instances' DefUse", () => {
  const instances = new Map([
    [
      "i1",
      {
        identifiers: [
          { name: "a", policies: ["defuse", "pro"] },
          { name: "b", policies: ["defuse", "pro"] },
          { name: "c", policies: ["pro"] },
        ],
        transcription: new Map([["c", 0.5]]),
      },
    ],
    ["i2", { identifiers: [{ name: "d", policies: ["defuse"] }], transcription: new Map<string, number>() }],
    ["i3", { identifiers: [{ name: "e", policies: ["pro"] }], transcription: new Map<string, number>() }],
  ]);
  // i1 keeps a and c (b trimmed): guesswork 1/2, one beyond DefUse (c, copying 50%); i2 names d: 0, 0;
  // i3 has no test-facing name, so it does not count.
  const point = hintSetPoint(
    {
      name: "s",
      version: 2,
      benchmark: "B",
      projection: "pro",
      lines: new Map([
        ["i1", ["a", "c"]],
        ["i2", ["d"]],
        ["i3", ["e"]],
      ]),
    },
    new Map([...instances].map(([id, instance]) => [id, frontierBasis(instance)])),
  );
  expect(point).toMatchObject({ selection: "hint set s v2", hint_set: "s v2", instances: 2 });
  expect(point.guesswork_left).toBeCloseTo(0.25, 12);
  expect(point.disclosed_beyond_defuse).toBeCloseTo(0.5, 12);
  expect(point.transcription).toBeCloseTo(0.5 / 3, 12);
});

test("a test-facing message no policy states is guesswork left; a hint set whose curators disclosed it leaves none", () => {
  const instances = [
    {
      identifiers: [{ name: "f", policies: ["defuse", "pro"] }],
      transcription: new Map<string, number>(),
      messages: ["Invalid unit: {…}"],
    },
    // Only a message faces the tests: counted too.
    { identifiers: [], transcription: new Map<string, number>(), messages: ["Session data corrupted"] },
  ];
  const points = frontier("B", instances);
  // DefUse names f but no message: (0 + 1) / 2 left on the first, 1 / 1 on the second.
  expect(points.find((p) => p.selection === "defuse" && p.projection === "declaration")).toMatchObject({
    instances: 2,
    guesswork_left: (0.5 + 1) / 2,
  });
  const set = hintSetPoint(
    {
      name: "s",
      version: 1,
      benchmark: "B",
      projection: "declaration",
      lines: new Map([
        ["a", ["f"]],
        ["b", []],
      ]),
      texts: new Map([
        ["a", '### `f`\n\nExpected message: "Invalid unit: {…}"'],
        ["b", ""],
      ]),
    },
    new Map([
      ["a", frontierBasis(instances[0] as (typeof instances)[number])],
      ["b", frontierBasis(instances[1] as (typeof instances)[number])],
    ]),
  );
  expect(set).toMatchObject({ instances: 2, guesswork_left: (0 + 1) / 2 });
});

test("the frontier from each instance's facts, summed in any order, is the frontier from the instances", () => {
  const instances = [
    {
      identifiers: [
        { name: "constructor", policies: ["defuse", "fea", "pro"] },
        { name: "toString", policies: ["defuse", "pro"] },
        { name: "__proto__", policies: ["pro", "doc2feat"] },
      ],
      transcription: new Map([
        ["__proto__", 0.3],
        ["toString", 0.1],
      ]),
      messages: ["bad value"],
    },
    { identifiers: [{ name: "hasOwnProperty", policies: ["defuse"] }], transcription: new Map() },
    { identifiers: [{ name: "x", policies: ["pro"] }], transcription: new Map([["x", 0.9]]) },
    { identifiers: [], transcription: new Map(), messages: ["only a message"] },
  ];
  const facts = instances.map(selectionFacts);
  // Nothing test-facing: no facts. Otherwise one per selection.
  expect(facts.map((f) => f.length)).toEqual([4, 4, 0, 4]);
  const direct = frontier("B", instances);
  for (const order of [facts, [...facts].reverse()]) {
    const summed = frontierOfTotals("B", frontierTotals(order));
    expect(summed.map((p) => [p.selection, p.projection, p.instances])).toEqual(
      direct.map((p) => [p.selection, p.projection, p.instances]),
    );
    summed.forEach((point, i) => {
      const expected = direct[i] as (typeof direct)[number];
      expect(point.guesswork_left).toBeCloseTo(expected.guesswork_left, 12);
      expect(point.disclosed_beyond_defuse).toBeCloseTo(expected.disclosed_beyond_defuse, 12);
      expect(point.transcription).toBeCloseTo(expected.transcription, 12);
    });
  }
  // Pro names the first instance's three ("constructor" has no share: 0), none of the second's: 0.4 / 3 copied.
  expect(direct.find((p) => p.selection === "pro" && p.projection === "pro")?.transcription).toBeCloseTo(0.4 / 3, 12);
  // An empty benchmark: no instances, zeros.
  expect(frontierOfTotals("E", frontierTotals([])).every((p) => p.instances === 0 && p.guesswork_left === 0)).toBe(
    true,
  );
});

test("the spoiler axis per selection × projection: each instance's share of the gold patch its rendered hint transcribes, averaged", () => {
  const shares = (name: number, declaration: number, declaration_doc: number, pro: number) => ({
    name,
    declaration,
    declaration_doc,
    pro,
  });
  const instances = [
    {
      identifiers: [{ name: "f", policies: ["defuse", "pro"] }],
      transcription: new Map([["f", 0.3]]),
      disclosure: new Map([
        ["defuse", shares(0, 0.1, 0.15, 0.4)],
        ["pro", shares(0, 0.2, 0.25, 0.6)],
      ]),
    },
    {
      identifiers: [{ name: "g", policies: ["defuse"] }],
      transcription: new Map<string, number>(),
      disclosure: new Map([["defuse", shares(0, 0.3, 0.35, 0.2)]]),
    },
    // Nothing test-facing: not counted, whatever its hints transcribe.
    {
      identifiers: [{ name: "x", policies: ["pro"] }],
      transcription: new Map<string, number>(),
      disclosure: new Map([["pro", shares(1, 1, 1, 1)]]),
    },
  ];
  const points = frontier("B", instances);
  const at = (selection: string, projection: string) =>
    points.find((p) => p.selection === selection && p.projection === projection)?.solution_disclosed;
  expect(at("defuse", "name")).toBe(0);
  expect(at("defuse", "declaration")).toBeCloseTo(0.2, 12);
  expect(at("defuse", "declaration_doc")).toBeCloseTo(0.25, 12);
  expect(at("defuse", "pro")).toBeCloseTo(0.3, 12);
  // The second instance has no Pro-selection shares measured: it counts as 0, over the same two instances.
  expect(at("pro", "pro")).toBeCloseTo(0.3, 12);
  // The per-identifier prose measure is the same under Declaration + Doc and Pro; the spoiler axis is not.
  expect(points.find((p) => p.selection === "defuse" && p.projection === "declaration_doc")?.transcription).toBe(
    points.find((p) => p.selection === "defuse" && p.projection === "pro")?.transcription,
  );
  expect(at("defuse", "declaration_doc")).not.toBe(at("defuse", "pro"));
  // Summed facts give the same points as the instances (what the database sums).
  const facts = instances.map(selectionFacts);
  expect(frontierOfTotals("B", frontierTotals(facts))).toEqual(points);
  // A published hint set's point does not claim a share it did not measure.
  const set = hintSetPoint(
    { name: "s", version: 1, benchmark: "B", projection: "pro", lines: new Map([["i", ["f"]]]) },
    new Map([["i", frontierBasis(instances[0] as (typeof instances)[number])]]),
  );
  expect(set.solution_disclosed).toBeNull();
});
