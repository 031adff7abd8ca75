import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { hintLine } from "../testing/fixtures";
import { compareHintSets } from "./compare-sets";
import { type HintLine, ManifestBuilder, parseLine, readStoredLine, serialiseLine } from "./hint-lines";

const line = hintLine;

test("a line serialises with a fixed key order whatever order its object was built in", () => {
  const shuffled = Object.fromEntries(Object.entries(line("x")).reverse()) as unknown as HintLine;
  expect(serialiseLine(shuffled)).toBe(serialiseLine(line("x")));
  expect(serialiseLine(line("x")).startsWith('{"instance_id":"x","benchmark":"B",')).toBe(true);
  expect(parseLine(serialiseLine(line("x")))).toEqual(line("x"));
});

test("a line without its fields is refused", () => {
  expect(() => parseLine('{"instance_id": "x"}')).toThrow(/missing field "benchmark"/);
});

test("a stored line read for the frontier and comparisons is the parsed line's instance, status, hint and names, or a refusal", () => {
  const full = parseLine(serialiseLine(line("x")));
  expect(readStoredLine(serialiseLine(line("x")))).toEqual({
    instanceId: full.instance_id,
    status: full.status,
    hint: full.hint,
    names: full.identifiers.map((i) => i.name),
  });
  expect(full.identifiers.length).toBeGreaterThan(0);
  for (const bad of [
    '{"status": "accepted", "hint": "h", "identifiers": []}',
    '{"instance_id": "x", "hint": "h", "identifiers": []}',
    '{"instance_id": "x", "status": "accepted", "identifiers": []}',
    '{"instance_id": "x", "status": "accepted", "hint": "h"}',
    '{"instance_id": "x", "status": "accepted", "hint": "h", "identifiers": [{"kind": "function"}]}',
    '{"instance_id": "x", "status": "accepted", "hint": "h", "identifiers": [null]}',
  ])
    expect(() => readStoredLine(bad), bad).toThrow("a stored hint line lacks its instance_id, status, hint or");
});

test("the manifest counts by status and hashes exactly the bytes written", () => {
  const builder = new ManifestBuilder({
    name: "s",
    version: 2,
    benchmark: "B",
    selection: "defuse",
    projection: "declaration",
    include_flagged: true,
    file: "s-v2.jsonl",
  });
  const text = [line("a"), line("b", { status: "trimmed" }), line("c", { status: "flagged", flag_reason: "spoiler" })]
    .map((l) => builder.add(l))
    .join("");
  const manifest = builder.finish();
  expect(manifest.counts).toEqual({
    instances: 3,
    identifiers: 3,
    accepted: 1,
    trimmed: 1,
    flagged: 1,
    pending: 0,
    stale: 0,
  });
  expect(manifest.sha256).toBe(createHash("sha256").update(text).digest("hex"));
});

test("comparing sets: instances added and removed, hints and identifiers changed", () => {
  const before = [line("a"), line("b"), line("c")];
  const after = [
    line("a"),
    line("b", { status: "trimmed", hint: "### `f_b` (function) -- trimmed", identifiers: [] }),
    line("d"),
  ];
  expect(compareHintSets(before, after)).toEqual({
    instances_added: ["d"],
    instances_removed: ["c"],
    hints_changed: [
      {
        instance_id: "b",
        status: ["accepted", "trimmed"],
        text_changed: true,
        identifiers_added: [],
        identifiers_removed: ["f_b"],
      },
    ],
    identical: false,
  });
  expect(compareHintSets(before, before).identical).toBe(true);
});
