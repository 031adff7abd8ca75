import { afterAll, beforeAll, expect, test } from "vitest";
import { acceptDecision, jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { recordDecision } from "../hints/record-decision";
import { loadResearchData } from "../research/research";
import { resolveRateRows } from "../research/research-report";
import { importFiles } from "./import-files";
import { listImports, takeBackImport } from "./imports";

// Real imports into a real database (SQLite, or PostgreSQL under npm run test:postgres), taken back whole.
let env: Awaited<ReturnType<typeof openTempDatabase>>;
const lite = { benchmark: "SWE-bench Lite" };
const idOf = async (file: string) => {
  const found = (await listImports(env.db)).find((i) => i.file.endsWith(file));
  if (!found) throw new Error(`no import of ${file}`);
  return found.id;
};
const results = (model: string, ids: number[]) =>
  ids.map((n) => ({
    instance_id: `acme__widgets-${n}`,
    model,
    selection: "official",
    projection: "official",
    resolved: n !== 2,
  }));

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("first.jsonl", jsonl([1, 2].map((n) => swebenchRecord(n))))], lite);
  // The second file brings instance 3 and a new statement for instance 2 (which it only updates).
  const second = [swebenchRecord(2, { problem_statement: "Widget 2 is missing, said again" }), swebenchRecord(3)];
  await importFiles(env.db, [env.tmp.write("second.jsonl", jsonl(second))], lite);
  await analyzePendingInstances(env.db);
  await importFiles(env.db, [env.tmp.write("keep-runs.jsonl", jsonl(results("keep", [1, 2, 3])))], lite);
  await importFiles(env.db, [env.tmp.write("mistake-runs.jsonl", jsonl(results("mistake", [1, 2, 3])))], lite);
  const preds = [1, 2].map((n) => ({
    instance_id: `acme__widgets-${n}`,
    model_name_or_path: "mistake",
    model_patch: "",
  }));
  await importFiles(env.db, [env.tmp.write("mistake-preds.jsonl", jsonl(preds))], lite);
  await importFiles(env.db, [env.tmp.write("stray.jsonl", jsonl([swebenchRecord(9)]))], {
    benchmark: "Wrong Place",
  });
});
afterAll(() => env.close());

test("every import is listed with what it did, newest first, each one that can be taken back", async () => {
  const imports = await listImports(env.db);
  expect(imports.map((i) => [i.file.split("/").pop(), i.added, i.updated, i.canTakeBack])).toEqual([
    ["stray.jsonl", 1, 0, true],
    ["mistake-preds.jsonl", 2, 0, true],
    ["mistake-runs.jsonl", 3, 0, true],
    ["keep-runs.jsonl", 3, 0, true],
    ["second.jsonl", 1, 1, true],
    ["first.jsonl", 2, 0, true],
  ]);
});

test("taking back an import of instances deletes those it added with their analysis and keeps those it updated", async () => {
  const done = await takeBackImport(env.db, await idOf("second.jsonl"), "ada");
  expect(done.removed).toMatchObject({ instances: 1, runs: 0, results: 0, benchmarks: 0, decisions: 0 });
  expect(done.kept).toEqual({ updated: 1, runs: 0, benchmarks: 0 });
  const left = await env.db.instance.findMany({ select: { externalId: true, problemStatement: true } });
  expect(left.map((i) => i.externalId).sort()).toEqual(["acme__widgets-1", "acme__widgets-2", "acme__widgets-9"]);
  // The statement it wrote over stays (the earlier one is not stored); the instance it added took its
  // identifiers and hints with it.
  expect(left.find((i) => i.externalId === "acme__widgets-2")?.problemStatement).toBe(
    "Widget 2 is missing, said again",
  );
  expect(await env.db.identifier.count({ where: { instance: { externalId: "acme__widgets-3" } } })).toBe(0);
  // Results for the instance it added are another import's: they stay, as results for an unknown id do.
  expect(await env.db.runResult.count({ where: { instanceExternalId: "acme__widgets-3" } })).toBe(2);
});

test("the list's stored Resolved counts follow results imported, taken back, and instances arriving after them", async () => {
  const count = async (externalId: string) =>
    (await env.db.instance.findFirst({ where: { externalId }, select: { resolvedCount: true } }))?.resolvedCount;
  // keep and mistake resolved 1 and 3 (not 2).
  expect([await count("acme__widgets-1"), await count("acme__widgets-2")]).toEqual([2, 0]);
  // Results for widget 8 wait for their instance; it arrives with its count.
  await importFiles(env.db, [env.tmp.write("early-runs.jsonl", jsonl(results("early", [8])))], lite);
  await importFiles(env.db, [env.tmp.write("late-instance.jsonl", jsonl([swebenchRecord(8)]))], lite);
  expect(await count("acme__widgets-8")).toBe(1);
  await takeBackImport(env.db, await idOf("early-runs.jsonl"), "ada");
  expect(await count("acme__widgets-8")).toBe(0);
  await takeBackImport(env.db, await idOf("late-instance.jsonl"), "ada");
});

test("a run's import goes with its results; the run stays while another import's rows fill it, and goes with them", async () => {
  const runs = await takeBackImport(env.db, await idOf("mistake-runs.jsonl"), "ada");
  expect(runs.removed).toMatchObject({ results: 3, patches: 0, runs: 0 });
  expect(runs.kept.runs).toBe(1);
  expect(await env.db.run.count({ where: { model: "mistake" } })).toBe(1);
  expect(await env.db.instance.findMany({ select: { resolvedCount: true }, orderBy: { id: "asc" } })).toEqual([
    { resolvedCount: 1 },
    { resolvedCount: 0 },
    { resolvedCount: 0 },
  ]);
  const preds = await takeBackImport(env.db, await idOf("mistake-preds.jsonl"), "ada");
  expect(preds.removed).toMatchObject({ patches: 2, runs: 1 });
  expect(await env.db.run.count({ where: { model: "mistake" } })).toBe(0);
  const rates = resolveRateRows(await loadResearchData(env.db));
  expect([...new Set(rates.map((r) => r.model))]).toEqual(["keep"]);
});

test("a benchmark an import created goes with it once it holds nothing", async () => {
  const done = await takeBackImport(env.db, await idOf("stray.jsonl"), "ada");
  expect(done.removed).toMatchObject({ instances: 1, benchmarks: 1 });
  expect(await env.db.benchmark.findMany({ select: { name: true } })).toEqual([{ name: "SWE-bench Lite" }]);
});

test("curators' work on what an import added is not deleted unless forced; then it goes and is counted", async () => {
  const instance = await env.db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-1" } });
  expect((await recordDecision(env.db, acceptDecision(instance.id), "grace")).ok).toBe(true);
  const first = await idOf("first.jsonl");
  await expect(takeBackImport(env.db, first, "ada")).rejects.toThrow(
    /curators have worked on \(1 decisions, 0 round decisions, 0 comments, 0 scores\).*confirm with force/,
  );
  expect(await env.db.instance.count({ where: { externalId: "acme__widgets-1" } })).toBe(1);
  expect((await listImports(env.db)).find((i) => i.id === first)?.canTakeBack).toBe(true);
  const done = await takeBackImport(env.db, first, "ada", { force: true });
  expect(done.removed).toMatchObject({ instances: 2, decisions: 1, benchmarks: 0 });
  // The benchmark still holds the "keep" run's results (for ids it no longer has): it stays.
  expect(done.kept.benchmarks).toBe(1);
  expect(await env.db.decision.count()).toBe(0);
});

test("an import is taken back once, audited; one made before imports were keyed is refused with the way out", async () => {
  const second = await idOf("second.jsonl");
  await expect(takeBackImport(env.db, second, "ada")).rejects.toThrow(/was taken back on .* by ada/);
  await expect(takeBackImport(env.db, 99_999, "ada")).rejects.toThrow(/no import with id 99999/);
  const legacy = await env.db.importLog.create({
    data: { file: "old.jsonl", format: "swebench", added: 1, updated: 0, unchanged: 0, unmatched: 0 },
  });
  await expect(takeBackImport(env.db, legacy.id, "ada")).rejects.toThrow(
    /made before imports marked .*\(hints runs delete\)/,
  );
  expect((await listImports(env.db)).find((i) => i.id === legacy.id)?.canTakeBack).toBe(false);
  const events = await env.db.adminEvent.findMany({ orderBy: { id: "asc" }, select: { action: true, subject: true } });
  expect(events.map((e) => e.action)).toEqual(Array(7).fill("import.take-back"));
  expect(events[0]?.subject).toMatch(/second\.jsonl \(swebench, SWE-bench Lite\)$/);
  const listed = (await listImports(env.db)).find((i) => i.id === second);
  expect(listed).toMatchObject({ canTakeBack: false, takenBackBy: "ada" });
});
