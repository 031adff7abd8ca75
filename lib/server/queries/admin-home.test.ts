// An admin's home: recent imports and import jobs with their state, and the runs whose results name instances
// their benchmark does not have, with the benchmarks their instance ids fit; on a real SQLite file.
import { afterAll, beforeAll, expect, test } from "vitest";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { adminHome } from "./admin-home";

let env: Awaited<ReturnType<typeof openTempDatabase>>;

const results = (model: string, ids: string[]) =>
  jsonl(
    ids.map((id, n) => ({ instance_id: id, model, selection: "official", projection: "official", resolved: n === 0 })),
  );

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("swebench-lite.jsonl", jsonl([1, 2, 3, 4].map((n) => swebenchRecord(n))))]);
  await importFiles(env.db, [env.tmp.write("other.jsonl", jsonl([5, 6].map((n) => swebenchRecord(n))))], {
    benchmark: "Other",
  });
  // A run of the Lite instances, where it belongs: all its results match.
  await importFiles(env.db, [env.tmp.write("fits.jsonl", results("fitting", ["acme__widgets-1", "acme__widgets-2"]))], {
    benchmark: "SWE-bench Lite",
  });
  // A results file for instances not imported where it landed: a new, empty benchmark "SWE-bench".
  await importFiles(
    env.db,
    [
      env.tmp.write(
        "stray.jsonl",
        results("stray", ["acme__widgets-1", "acme__widgets-2", "acme__widgets-3", "acme__widgets-5", "nowhere-1"]),
      ),
    ],
    { benchmark: "SWE-bench" },
  );
  // Two import jobs: one done, one still importing.
  await env.db.importJob.create({
    data: { id: "job-done", name: "lite.jsonl", state: "done", records: 4, analysed: 4, runner: "h:1:b" },
  });
  await env.db.importJob.create({
    data: {
      id: "job-running",
      name: "pro.jsonl",
      state: "importing",
      records: 50,
      runner: "h:2:b",
      startedAt: new Date(Date.now() + 1000),
    },
  });
});
afterAll(() => env.close());

test("recent imports and jobs, newest first, with their state", async () => {
  const home = await adminHome(env.db);
  expect(home.imports.map((i) => [i.file, i.benchmark, i.added])).toEqual([
    ["stray.jsonl", "SWE-bench", 5],
    ["fits.jsonl", "SWE-bench Lite", 2],
    ["other.jsonl", "Other", 2],
    ["swebench-lite.jsonl", "SWE-bench Lite", 4],
  ]);
  expect(home.jobs.map((j) => [j.name, j.state, j.records])).toEqual([
    ["pro.jsonl", "importing", 50],
    ["lite.jsonl", "done", 4],
  ]);
  expect((await adminHome(env.db, { imports: 2 })).imports).toHaveLength(2);
  // One taken back is history (Runs and imports lists it), not on the home.
  await env.db.importLog.updateMany({
    where: { file: "other.jsonl" },
    data: { takenBackAt: new Date(), takenBackBy: "ada" },
  });
  expect((await adminHome(env.db)).imports.map((i) => i.file)).toEqual([
    "stray.jsonl",
    "fits.jsonl",
    "swebench-lite.jsonl",
  ]);
  await env.db.importLog.updateMany({ where: { file: "other.jsonl" }, data: { takenBackAt: null, takenBackBy: null } });
});

test("a run whose instances are not in its benchmark is listed with the benchmarks its ids fit, best first", async () => {
  const home = await adminHome(env.db);
  expect(home.strayRuns).toEqual([
    {
      id: expect.any(Number),
      benchmark: "SWE-bench",
      model: "stray",
      selection: "official",
      projection: "official",
      source: expect.any(String),
      results: 5,
      matched: 0,
      fits: [
        { benchmarkId: expect.any(Number), benchmark: "SWE-bench Lite", matched: 3 },
        { benchmarkId: expect.any(Number), benchmark: "Other", matched: 1 },
      ],
    },
  ]);
  // Moved where it fits best: still listed, for its results of elsewhere (one in Other, one nowhere).
  const lite = await env.db.benchmark.findUniqueOrThrow({ where: { name: "SWE-bench Lite" } });
  await env.db.run.update({ where: { id: home.strayRuns[0]?.id }, data: { benchmarkId: lite.id } });
  const after = await adminHome(env.db);
  expect(
    after.strayRuns.map((r) => [r.benchmark, r.results, r.matched, r.fits.map((f) => [f.benchmark, f.matched])]),
  ).toEqual([["SWE-bench Lite", 5, 3, [["Other", 1]]]]);
});
