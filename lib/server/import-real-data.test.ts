// Every real file committed with the tests (lib/testing/real-data) imports into a fresh database.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { REAL_DATA } from "../testing/real-data";
import { openTempDatabase, snapshotDatabase } from "../testing/temp-database";
import { type ImportSummary, importFiles } from "./import-files";

const RUNS = path.join(REAL_DATA, "results", "swebench-pro");
const files = [
  ...readdirSync(REAL_DATA)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => path.join(REAL_DATA, f)),
  ...readdirSync(RUNS).map((f) => path.join(RUNS, f)),
];
let env: Awaited<ReturnType<typeof openTempDatabase>>;
let summary: ImportSummary;
const byName = (name: string) => {
  const found = summary.files.find((f) => path.basename(f.file) === name);
  if (!found) throw new Error(`${name} was not imported`);
  return found;
};

beforeAll(async () => {
  env = await openTempDatabase();
  summary = await importFiles(env.db, files);
});
afterAll(() => env.close());

test.each([
  ["swebench-lite.jsonl", "swebench", "SWE-bench Lite", 4],
  ["swebench-pro-sample.jsonl", "swebench-pro", "SWE-bench Pro", 8],
  ["swebench-pro-long.jsonl", "swebench-pro", "SWE-bench Pro", 1],
  ["swebench-multilingual.jsonl", "swebench", "SWE-bench Multilingual", 7],
  ["multi-swe-bench-java-sample.jsonl", "multi-swe-bench", "Multi-SWE-bench Java", 1],
])("%s: %s → %s, %i instances", (name, format, benchmark, count) => {
  expect(byName(name)).toMatchObject({ format, benchmark, added: count, updated: 0, unchanged: 0 });
});

test("the nine SWE-bench Pro runs: every id kept and matched to an imported instance", async () => {
  for (const file of readdirSync(RUNS)) {
    const ids = Object.keys(JSON.parse(readFileSync(path.join(RUNS, file), "utf8")) as object);
    expect(byName(file)).toMatchObject({ format: "eval-results-map", benchmark: "SWE-bench Pro", added: ids.length });
    expect(byName(file).unmatched_ids).toEqual([]);
  }
  const runs = await env.db.run.findMany({ where: { benchmark: { name: "SWE-bench Pro" } } });
  expect(runs).toHaveLength(9);
  expect(runs.every((r) => r.selection === "official" && r.projection === "official")).toBe(true);
});

test("the real quirks come out clean", async () => {
  const pro = await env.db.instance.findMany({ where: { benchmark: { name: "SWE-bench Pro" } } });
  // No double-encoded text survives: no statement still wrapped in quotes with literal \n escapes.
  expect(pro.filter((i) => i.problemStatement.startsWith('"') && i.problemStatement.includes("\\n"))).toEqual([]);
  expect(pro.every((i) => (JSON.parse(i.failToPass) as string[]).length > 0)).toBe(true);
  const java = await env.db.instance.findMany({ where: { benchmark: { name: "Multi-SWE-bench Java" } } });
  expect(java.every((i) => /^[0-9a-f]{40}$/.test(i.baseCommit) && i.problemStatement.length > 0)).toBe(true);
});

test("importing everything again changes nothing", async () => {
  const before = await snapshotDatabase(env.db);
  const again = await importFiles(env.db, files);
  expect(again.changed).toBe(false);
  expect(await snapshotDatabase(env.db)).toBe(before);
});
