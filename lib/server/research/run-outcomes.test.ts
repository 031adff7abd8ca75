/**
 * The research page reads each run's results from a text stored on the run, made from its rows right after the
 * write that changes them (never by a read): an import that adds or changes results, and a take-back that deletes them, have the next
 * read show the rows as they are (real SWE-bench Pro instances; the runs' files written here). Both engines.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readOutcomeColumns } from "../../stats/run-outcome-text";
import { REAL_DATA } from "../../testing/real-data";
import { migrationStatements, openTempDatabase, snapshotDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { listImports, takeBackImport } from "../import/imports";
import { fillRunOutcomes } from "../runs/run-outcome-texts";
import { loadResearchData } from "./research";
import { resolveRateRows } from "./research-report";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
let ids: string[];
const BENCH = "SWE-bench Pro";

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-pro-sample.jsonl")], { benchmark: BENCH });
  ids = (await env.db.instance.findMany({ select: { externalId: true }, orderBy: { id: "asc" } })).map(
    (i) => i.externalId,
  );
});
afterAll(() => env.close());

/** Writes a run's results file (same name: same run) in a folder of its own, and imports it. */
async function importRun(folder: string, results: Record<string, boolean>, replace = false) {
  const dir = path.join(env.tmp.dir, folder);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "agent.eval_results.json");
  writeFileSync(file, JSON.stringify(results));
  await importFiles(env.db, [file], { benchmark: BENCH, replace });
  return file;
}

const rateOf = async () => {
  const row = resolveRateRows(await loadResearchData(env.db, ["runs"])).find((r) => r.model === "agent");
  return row && { resolved: row.resolved, n: row.n, unmatched: row.unmatched };
};

test("a run's stored outcomes follow every import and take-back of its results", async () => {
  const [a, b, c, d] = ids as [string, string, string, string];
  await importRun("first", { [a]: true, [b]: false, [c]: false });
  // Made by the import, once it committed (before any read), and read as kept.
  const run = await env.db.run.findFirstOrThrow({ where: { model: "agent" } });
  expect(run.outcomes).not.toBeNull();
  expect(await rateOf()).toEqual({ resolved: 1, n: 3, unmatched: 0 });

  // A result changed and one added, and an id the benchmark does not hold.
  // (A changed result replaces another import's: said with --replace.)
  await importRun("second", { [a]: true, [b]: true, [c]: false, [d]: true, "nobody__nothing-1": true }, true);
  expect(await rateOf()).toEqual({ resolved: 3, n: 4, unmatched: 1 });

  // The same file again changes nothing, and the stored text stays.
  const before = (await env.db.run.findFirstOrThrow({ where: { model: "agent" } })).outcomes;
  await importRun("third", { [a]: true, [b]: true, [c]: false, [d]: true, "nobody__nothing-1": true });
  expect((await env.db.run.findFirstOrThrow({ where: { model: "agent" } })).outcomes).toBe(before);

  // A take-back deletes what the second file added (its changed values stay, as a take-back keeps them).
  // The imports of the run's file, in order: the second is the one that added the results.
  const second = (await listImports(env.db))
    .filter((i) => i.file.endsWith("agent.eval_results.json"))
    .sort((x, y) => x.id - y.id)[1];
  if (!second) throw new Error("the second import is listed");
  await takeBackImport(env.db, second.id, "ada");
  expect((await env.db.run.findFirstOrThrow({ where: { model: "agent" } })).outcomes).not.toBeNull();
  expect(await rateOf()).toEqual({ resolved: 2, n: 3, unmatched: 0 });
});

test("a text stored in row order (before texts were sorted) gives the same figures, and is made again sorted by the migration", async () => {
  const [a, b, c, d] = ids as [string, string, string, string];
  // Results in an order that is not id order, and one id that is no imported instance.
  await env.db.run.deleteMany({ where: { model: "agent" } });
  await importRun("unsorted", { [d]: true, [b]: false, [a]: true, "nobody__nothing-2": false, [c]: true });
  const expected = await rateOf();
  expect(expected).toEqual({ resolved: 3, n: 4, unmatched: 1 });
  const run = await env.db.run.findFirstOrThrow({ where: { model: "agent" } });
  const sorted = readOutcomeColumns(run.outcomes as string);
  expect(sorted.ids).toEqual([...sorted.ids].sort());
  // The same rows as a text in the order the rows were written, as stored before.
  const order = [d, b, a, "nobody__nothing-2", c];
  const oldText = JSON.stringify({
    ids: order,
    statuses: order.map((id) => sorted.statuses[sorted.ids.indexOf(id)]).join(""),
  });
  await env.db.run.update({ where: { id: run.id }, data: { outcomes: oldText } });
  expect(await rateOf()).toEqual(expected);
  for (const statement of migrationStatements("20261203010000_sorted_run_outcomes"))
    await env.db.$executeRawUnsafe(statement);
  expect((await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).outcomes).toBeNull();
  // Read from the rows, and the read writes nothing (issue 45: a page render took the write queue).
  const untouched = await snapshotDatabase(env.db);
  expect(await rateOf()).toEqual(expected);
  expect(await snapshotDatabase(env.db)).toBe(untouched);
  // Made again by the fill a server's start runs (resume-analysis.ts).
  expect(await fillRunOutcomes(env.db)).toBe(1);
  expect((await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).outcomes).toBe(run.outcomes);
  expect(await rateOf()).toEqual(expected);
});
