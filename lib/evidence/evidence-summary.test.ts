import { expect, test } from "vitest";
import type { InstanceEvidence } from "./evidence";
import { evidenceAgainstJudge, leakShares, spearman } from "./evidence-summary";

const evidence = (leaks: string[], identifiers: Array<[string, boolean, number]> = []): InstanceEvidence => ({
  leaks: leaks.map((channel) => ({ channel, source: "problem_statement", detail: "", share: null })),
  identifiers: identifiers.map(([name, stated, transcription]) => ({
    name,
    stated_in_issue: stated,
    stated_in_benchmark_hint: false,
    test_facing: true,
    repo_occurrences: null,
    repo_files: null,
    repo_defined: null,
    transcription_share: transcription,
    longest_copied_run: "",
  })),
  literals: [],
});

test("leak shares per channel count instances with evidence only", () => {
  const rows = leakShares("B", [
    evidence(["id_commit"]),
    evidence(["id_commit", "solution_in_issue"]),
    evidence([]),
    null,
  ]);
  expect(rows.map((r) => [r.channel, r.with_channel, r.instances, r.share])).toEqual([
    ["id_commit", 2, 3, 2 / 3],
    ["solution_in_issue", 1, 3, 1 / 3],
    ["tests_in_issue", 0, 3, 0],
    ["hint_quotes_code", 0, 3, 0],
  ]);
});

test("Spearman's ρ, worked: ranks (1,2,3,4) against (1,3,2,4) give 1 − 6·2/(4·15) = 0.8; ties averaged", () => {
  expect(
    spearman([
      [1, 10],
      [2, 30],
      [3, 20],
      [4, 40],
    ]),
  ).toBeCloseTo(0.8, 12);
  expect(
    spearman([
      [1, 1],
      [2, 1],
      [3, 1],
    ]),
  ).toBeNull();
  expect(
    spearman([
      [1, 2],
      [2, 3],
    ]),
  ).toBeNull();
});

test("the evidence against the judge: stated names rated less necessary, copying rated more disclosing", () => {
  const byInstance = new Map([
    [
      "i1",
      evidence(
        [],
        [
          ["a", true, 0],
          ["b", false, 0.6],
        ],
      ),
    ],
    [
      "i2",
      evidence(
        [],
        [
          ["c", false, 0.2],
          ["d", true, 0.9],
        ],
      ),
    ],
  ]);
  const sample = (instance: string, identifier: string, attribute: string, n: number, d: number) => ({
    benchmark: "B",
    judge: "j",
    instance,
    identifier,
    attribute,
    necessity: n,
    disclosure: d,
    guidance: 0,
  });
  const checks = evidenceAgainstJudge(
    [
      // N of names: a (stated) 1, d (stated) 0 → mean 0.5; b 3, c 2 → mean 2.5.
      sample("i1", "a", "name", 1, 0),
      sample("i1", "b", "name", 3, 0),
      sample("i2", "c", "name", 2, 0),
      sample("i2", "d", "name", 0, 0),
      // D of semantics against transcription: a 0 → 0, c 0.2 → 1, b 0.6 → 2, d 0.9 → 3: ρ = 1.
      sample("i1", "a", "weak_semantics", 0, 0),
      sample("i2", "c", "weak_semantics", 0, 1),
      sample("i1", "b", "strong_semantics", 0, 2),
      sample("i2", "d", "strong_semantics", 0, 3),
      // An identifier the evidence does not know is left out.
      sample("i2", "zz", "name", 3, 3),
    ],
    (instance) => byInstance.get(instance) ?? null,
  );
  expect(checks).toEqual([
    {
      benchmark: "B",
      judge: "j",
      check: "necessity_when_stated",
      n: 4,
      stated_mean: 0.5,
      unstated_mean: 2.5,
      rho: null,
      agrees: true,
    },
    {
      benchmark: "B",
      judge: "j",
      check: "disclosure_vs_transcription",
      n: 4,
      stated_mean: null,
      unstated_mean: null,
      rho: 1,
      agrees: true,
    },
  ]);
});

test("the patch lines a copied run comes from: whole added lines inside the run, or a line holding all of it", async () => {
  const { linesCopiedInto } = await import("./evidence");
  const patch = [
    "diff --git a/m.py b/m.py",
    "--- a/m.py",
    "+++ b/m.py",
    "@@ -1,1 +1,4 @@",
    " x = 1",
    "+def scale(value, factor):",
    "+    return value * factor",
    "+y = 2",
  ].join("\n");
  // The run spans lines 6 and 7 (the `def` line and the `return` line); `y = 2` is not in it.
  expect(linesCopiedInto(patch, "def scale ( value , factor ) : return value * factor")).toEqual([6, 7]);
  // A short run inside one line marks that line.
  expect(linesCopiedInto(patch, "return value * factor")).toEqual([7]);
  expect(linesCopiedInto(patch, "")).toEqual([]);
});

test("real SWE-bench Pro (element-web 6205c704): the line the Pro hint copies is found in the gold patch", async () => {
  const { linesCopiedInto } = await import("./evidence");
  const { loadInstance } = await import("../testing/hand-checked-cases");
  const instance = loadInstance("swebench-pro-sample.jsonl", "instance_element-hq__element-web-6205c704");
  // Its evidence: determineVoiceBroadcastLiveness's hint copies
  // "this . setLiveness ( determineVoiceBroadcastLiveness ( this . infoState ) )".
  const lines = linesCopiedInto(
    instance.goldPatch,
    "this . setLiveness ( determineVoiceBroadcastLiveness ( this . infoState ) )",
  );
  expect(lines.length).toBeGreaterThan(0);
  const text = instance.goldPatch.split("\n");
  for (const line of lines)
    expect(text[line - 1]).toMatch(/^\+.*this\.setLiveness\(determineVoiceBroadcastLiveness\(this\.infoState\)\)/);
});
