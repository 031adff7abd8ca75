// Every real file committed with the tests (lib/testing/real-data) imports into a fresh database.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase, snapshotDatabase } from "../../testing/temp-database";
import { type ImportSummary, importFiles } from "./import-files";

const RUNS = path.join(REAL_DATA, "results", "swebench-pro");
/** Results in the other published shapes: harness reports (Java Verified) and a results summary (Verified). */
const REPORTS = ["swebench-java-verified", "swebench-verified"].map((dir) => path.join(REAL_DATA, "results", dir));
const files = [
  ...readdirSync(REAL_DATA)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => path.join(REAL_DATA, f)),
  ...readdirSync(RUNS).map((f) => path.join(RUNS, f)),
  ...REPORTS.flatMap((dir) => readdirSync(dir).map((f) => path.join(dir, f))),
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

test("the harness reports and the results summary", async () => {
  // Every submitted id of the report: resolved, unresolved, empty patch, error.
  expect(byName("20240825_SWE-agent_deepseek-chat-v2.results.json")).toMatchObject({
    format: "harness-report",
    added: 10,
  });
  // One submitted and resolved; the five the harness could not finish count as not resolved, as it counts them.
  expect(byName("20240825_SWE-agent_gpt-4o-mini-2024-07-18.results.json")).toMatchObject({ added: 6 });
  expect(byName("gemini-3-pro_mini-swe-agent_20251118.results_summary.json")).toMatchObject({
    format: "results-summary",
    benchmark: "SWE-bench Verified",
    added: 8,
  });
  const resolvedIn = async (source: string) => env.db.runResult.count({ where: { run: { source }, resolved: true } });
  expect(await resolvedIn("20240825_SWE-agent_deepseek-chat-v2.results.json")).toBe(3);
  expect(await resolvedIn("20240825_SWE-agent_gpt-4o-mini-2024-07-18.results.json")).toBe(1);
  expect(await resolvedIn("gemini-3-pro_mini-swe-agent_20251118.results_summary.json")).toBe(5);
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
