import { expect, test } from "vitest";
import { RESULT_STATUSES, resultStatus } from "./result-status";
import { outcomeText, readOutcomeColumns, readOutcomeStatuses, statusLetter } from "./run-outcome-text";

test("a run's results kept as one text read back as each row's status, in order, for every stored shape", () => {
  // Every (resolved, stored status) a result row can hold, ids that need escaping among them.
  const stored = [null, "resolved", "unresolved", "empty_patch", "error", "incomplete", "not_run", "other"];
  const rows = stored.flatMap((status, n) =>
    [true, false].map((resolved) => [`id-${n}-${resolved}"\\\n${"constructor"}`, resolved, status] as const),
  );
  const text = outcomeText(rows);
  expect([...readOutcomeStatuses(text)]).toEqual(
    rows.map(([id, resolved, status]) => [id, resultStatus(resolved, status)]),
  );
  // Each status has a letter of its own.
  expect(new Set(RESULT_STATUSES.map(statusLetter)).size).toBe(RESULT_STATUSES.length);
  const { ids, statuses } = readOutcomeColumns(text);
  expect(ids.length).toBe(rows.length);
  expect([...statuses].filter((l) => l === statusLetter("resolved")).length).toBe(
    rows.filter(([, resolved]) => resolved).length,
  );
  expect(readOutcomeStatuses(outcomeText([])).size).toBe(0);
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
    expect(() => readOutcomeStatuses(bad)).toThrow(/stored outcomes are not readable/);
});
