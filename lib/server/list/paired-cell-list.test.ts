/**
 * A cell of the research page's paired comparison opens as a list view named by the two runs and the cell
 * (`paired=FIRST,SECOND,CELL`), not by its ids: the view holds exactly the instances pairOutcomes puts in
 * that cell, for every stored result shape (each status word, resolved or not, no row), for results of ids
 * that are no instance, and for an instance of another benchmark with the same id. Both engines.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { PAIRED_CELLS, parseListState } from "../../review/list-state";
import { pairOutcomes } from "../../stats/mcnemar";
import { ATTEMPTED, resultStatus, UNATTEMPTED_WORDS } from "../../stats/result-status";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { loadResearchData } from "../research/research";
import { listIds } from "./review-list";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const runs: Record<"a" | "b" | "copy", number> = { a: 0, b: 0, copy: 0 };

/** Every shape a stored result takes: [resolved, status word]; the last place (11) is no row at all. */
const SHAPES: Array<[boolean, string | null]> = [
  [true, null],
  [false, null],
  [false, "empty_patch"],
  [false, "error"],
  [false, "not_run"],
  [false, "incomplete"],
  [true, "error"],
  [true, "incomplete"],
  [false, "unresolved"],
  [true, "empty_patch"],
  [false, "resolved"],
];
const COUNT = 40;

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [
    env.tmp.write("lite.jsonl", jsonl(Array.from({ length: COUNT }, (_, k) => swebenchRecord(k + 1)))),
  ]);
  const lite = await env.db.benchmark.findFirstOrThrow();
  // Another benchmark holding an instance with the same id as one of Lite's.
  const copy = await env.db.benchmark.create({ data: { name: "Copy" } });
  const original = await env.db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-1" } });
  const { id: _, benchmarkId: __, ...fields } = original;
  await env.db.instance.create({ data: { ...fields, benchmarkId: copy.id, contentHash: "copy" } });
  const run = (benchmarkId: number, model: string) =>
    env.db.run.create({ data: { benchmarkId, model, selection: "official", projection: "official" } });
  runs.a = (await run(lite.id, "a")).id;
  runs.b = (await run(lite.id, "b")).id;
  runs.copy = (await run(copy.id, "copy")).id;
  const results = (runId: number, shapeOf: (k: number) => number) =>
    Array.from({ length: COUNT }, (_, k) => [k, shapeOf(k)] as const)
      .filter(([, shape]) => shape < SHAPES.length)
      .map(([k, shape]) => ({
        runId,
        instanceExternalId: `acme__widgets-${k + 1}`,
        resolved: (SHAPES[shape] as [boolean, string | null])[0],
        status: (SHAPES[shape] as [boolean, string | null])[1],
      }));
  await env.db.runResult.createMany({
    data: [
      ...results(runs.a, (k) => k % (SHAPES.length + 1)),
      ...results(runs.b, (k) => (k * 5 + 3) % (SHAPES.length + 1)),
      ...results(runs.copy, () => 0),
      // Results for ids that are no instance of the benchmark.
      ...[runs.a, runs.b].map((runId) => ({ runId, instanceExternalId: "acme__widgets-999", resolved: true })),
    ],
  });
});
afterAll(() => env.close());

const cellIds = async (first: number, second: number, cell: string) =>
  (await listIds(env.db, parseListState({ paired: `${first},${second},${cell}` }))).map((r) => r.externalId).sort();

test("each cell's view holds exactly the instances the paired comparison puts there, either way round", async () => {
  const data = await loadResearchData(env.db, ["runs"]);
  const outcomes = (runId: number) => data.runOutcomes.find((r) => r.runId === runId);
  for (const [first, second] of [
    [runs.a, runs.b],
    [runs.b, runs.a],
  ] as const) {
    const table = pairOutcomes(outcomes(first) as never, outcomes(second) as never);
    expect(table.n).toBeGreaterThan(4);
    for (const cell of PAIRED_CELLS) {
      expect(table[cell].length, cell).toBeGreaterThan(0);
      expect(await cellIds(first, second, cell), cell).toEqual([...table[cell]].sort());
    }
  }
  // Two runs of different benchmarks pair nothing; a run that does not exist neither.
  for (const cell of PAIRED_CELLS) {
    expect(await cellIds(runs.a, runs.copy, cell)).toEqual([]);
    expect(await cellIds(runs.a, 987654, cell)).toEqual([]);
  }
});

test("the list's words for an unattempted result are the ones resultStatus reads as not attempted", () => {
  for (const word of [...UNATTEMPTED_WORDS, ...SHAPES.map(([, w]) => w), "", "constructor", "Error"])
    expect(ATTEMPTED.has(resultStatus(false, word)), String(word)).toBe(!UNATTEMPTED_WORDS.includes(word ?? ""));
});
