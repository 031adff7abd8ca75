import { expect, test } from "vitest";
import { InstanceNumbering, NO_RESULT, statusOfCode } from "./numbered-outcomes";
import { RESULT_STATUSES, resultStatus } from "./result-status";
import { outcomeText, readNumberedOutcomes, readOutcomeColumns, statusLetter } from "./run-outcome-text";

test("a run's results kept as one text read back as each row's status, in order, for every stored shape", () => {
  // Every (resolved, stored status) a result row can hold, ids that need escaping among them.
  const stored = [null, "resolved", "unresolved", "empty_patch", "error", "incomplete", "not_run", "other"];
  const rows = stored.flatMap((status, n) =>
    [true, false].map((resolved) => [`id-${n}-${resolved}"\\\n${"constructor"}`, resolved, status] as const),
  );
  const text = outcomeText(rows);
  const expected = rows.map(([id, resolved, status]) => [id, resultStatus(resolved, status)]);
  const byId = (a: unknown[], b: unknown[]) => ((a[0] as string) < (b[0] as string) ? -1 : 1);
  // Over no imported instance, every row is unmatched, in id order; over all of them, each at its number.
  expect([...readNumberedOutcomes(text, new InstanceNumbering([])).unmatched]).toEqual([...expected].sort(byId));
  const imported = new InstanceNumbering([...rows.map(([id]) => id)].reverse());
  const numbered = readNumberedOutcomes(text, imported);
  expect(numbered.unmatched.size).toBe(0);
  expect(imported.ids.map((id, n) => [id, statusOfCode(numbered.codes[n] as number)])).toEqual(
    [...expected].sort(byId),
  );
  // Each status has a letter of its own.
  expect(new Set(RESULT_STATUSES.map(statusLetter)).size).toBe(RESULT_STATUSES.length);
  const { ids, statuses } = readOutcomeColumns(text);
  expect(ids.length).toBe(rows.length);
  expect([...statuses].filter((l) => l === statusLetter("resolved")).length).toBe(
    rows.filter(([, resolved]) => resolved).length,
  );
  expect(readNumberedOutcomes(outcomeText([]), imported).codes.every((code) => code === NO_RESULT)).toBe(true);
});

test("a text kept in row order (before texts were sorted) reads as the same text in id order", () => {
  // Repeated ids, ids no instance has, ids sorting differently by code unit and by code point.
  const pool = ["b", "a", "\u{1F600}", "\uFF5E", "z-10", "z-2", "gone", "constructor", "__proto__"];
  const imported = new InstanceNumbering(pool.filter((id) => id !== "gone"));
  for (let trial = 0; trial < 50; trial++) {
    const rows = Array.from({ length: 3 + ((trial * 7) % 20) }, (_, n) => {
      const id = pool[(n * 5 + trial * 3) % pool.length] as string;
      return [id, (n + trial) % 3 === 0, n % 4 === 0 ? "error" : null] as const;
    });
    const rowOrder = JSON.stringify({
      ids: rows.map(([id]) => id),
      statuses: rows.map(([, resolved, status]) => statusLetter(resultStatus(resolved, status))).join(""),
    });
    const old = readNumberedOutcomes(rowOrder, imported);
    const now = readNumberedOutcomes(outcomeText(rows), imported);
    expect([...now.codes], `trial ${trial}`).toEqual([...old.codes]);
    expect(new Map(now.unmatched), `trial ${trial}`).toEqual(new Map(old.unmatched));
    // A later row of an id wins either way.
    const last = new Map(rows.map(([id, resolved, status]) => [id, resultStatus(resolved, status)]));
    for (const [id, status] of last) {
      const n = imported.numberOf(id);
      expect(n === undefined ? now.unmatched.get(id) : statusOfCode(now.codes[n] as number)).toBe(status);
    }
  }
});

test("a later row of an id wins, matched or not; an instance without a row has none", () => {
  const text = outcomeText([
    ["a", true, null],
    ["gone", false, "error"],
    ["a", false, "not_run"],
    ["gone", true, null],
  ]);
  const numbered = readNumberedOutcomes(text, new InstanceNumbering(["b", "a"]));
  expect(numbered.instances.ids).toEqual(["a", "b"]);
  expect([...numbered.codes].map(statusOfCode)).toEqual(["not_run", undefined]);
  expect([...numbered.unmatched]).toEqual([["gone", "resolved"]]);
});

test("a stored text that is not one is refused, saying so", () => {
  for (const bad of [
    '{"ids":["a","b"],"statuses":"a"}',
    '{"ids":["a"],"statuses":"z"}',
    // a letter past the last status's, and one before the first
    `{"ids":["a"],"statuses":"${String.fromCharCode("a".charCodeAt(0) + RESULT_STATUSES.length)}"}`,
    '{"ids":["a"],"statuses":"`"}',
    '{"ids":["a"],"statuses":"A"}',
    '{"ids":[1],"statuses":"a"}',
    '{"statuses":""}',
    "[]",
  ])
    expect(() => readNumberedOutcomes(bad, new InstanceNumbering(["a"]))).toThrow(/stored outcomes are not readable/);
});
