// Extended run over the whole shared data set beside the project (skipped without it). The same import on
// committed real records is in import-real-data.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SHARED_DATA, SHARED_DATA_MISSING, sharedFiles } from "../../testing/shared-data";
import { openTempDatabase, snapshotDatabase } from "../../testing/temp-database";
import { type ImportSummary, importFiles } from "./import-files";

if (!SHARED_DATA) console.warn(SHARED_DATA_MISSING);

describe.skipIf(!SHARED_DATA)("every shared file imports into a fresh database", () => {
  let env: Awaited<ReturnType<typeof openTempDatabase>>;
  let summary: ImportSummary;
  const files = [...sharedFiles("instances"), ...sharedFiles("results")];
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
    ["swebench-lite.jsonl", "swebench", "SWE-bench Lite", 300],
    ["swebench-pro-sample.jsonl", "swebench-pro", "SWE-bench Pro", 100],
    ["swebench-multilingual.jsonl", "swebench", "SWE-bench Multilingual", 300],
    ["multi-swe-bench-java-sample.jsonl", "multi-swe-bench", "Multi-SWE-bench Java", 11],
  ])("%s: %s → %s, %i instances", async (name, format, benchmark, count) => {
    expect(byName(name)).toMatchObject({ format, benchmark, added: count, updated: 0, unchanged: 0 });
    expect(await env.db.instance.count({ where: { benchmark: { name: benchmark } } })).toBe(count);
  });

  test("the nine SWE-bench Pro runs: every id kept, unmatched ids counted", async () => {
    const proIds = new Set(
      readFileSync(path.join(SHARED_DATA as string, "instances", "swebench-pro-sample.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { instance_id: string }).instance_id),
    );
    const runFiles = sharedFiles("results/swebench-pro");
    expect(runFiles).toHaveLength(9);
    for (const file of runFiles) {
      const ids = Object.keys(JSON.parse(readFileSync(file, "utf8")) as object);
      const expectedUnmatched = ids.filter((id) => !proIds.has(id)).sort();
      const fileSummary = byName(path.basename(file));
      expect(fileSummary).toMatchObject({ format: "eval-results-map", benchmark: "SWE-bench Pro", added: ids.length });
      expect(fileSummary.unmatched_ids).toEqual(expectedUnmatched);
      expect(expectedUnmatched.length).toBeGreaterThan(400);
    }
    // e.g. the gpt-4o paper run: 619 ids, 85 of them among the 100 sampled instances
    expect(byName("gpt-4o-paper.eval_results.json").unmatched_ids).toHaveLength(619 - 85);
    const runs = await env.db.run.findMany({
      where: { benchmark: { name: "SWE-bench Pro" } },
      include: { _count: { select: { results: true } } },
    });
    expect(runs).toHaveLength(9);
    expect(runs.every((r) => r.selection === "official" && r.projection === "official")).toBe(true);
  });

  test("the harness reports and the results summary", () => {
    expect(byName("20240825_SWE-agent_deepseek-chat-v2.results.json")).toMatchObject({
      format: "harness-report",
      added: 91,
    });
    // One submitted and resolved; the 90 the harness could not finish count as not resolved, as it counts them.
    expect(byName("20240825_SWE-agent_gpt-4o-mini-2024-07-18.results.json")).toMatchObject({ added: 91 });
    expect(byName("gemini-3-pro_mini-swe-agent_20251118.results_summary.json")).toMatchObject({
      format: "results-summary",
      benchmark: "SWE-bench Verified",
      added: 500,
    });
  });

  test("the real quirks come out clean", async () => {
    const pro = await env.db.instance.findMany({ where: { benchmark: { name: "SWE-bench Pro" } } });
    // No double-encoded text survives: no statement still wrapped in quotes with literal \n escapes.
    expect(pro.filter((i) => i.problemStatement.startsWith('"') && i.problemStatement.includes("\\n"))).toEqual([]);
    expect(pro.every((i) => (JSON.parse(i.failToPass) as string[]).length > 0)).toBe(true);
    const languages = new Set(pro.map((i) => i.language));
    expect([...languages].sort()).toEqual(["go", "javascript", "python", "typescript"]);
    const java = await env.db.instance.findMany({ where: { benchmark: { name: "Multi-SWE-bench Java" } } });
    expect(java.every((i) => /^[0-9a-f]{40}$/.test(i.baseCommit) && i.problemStatement.length > 0)).toBe(true);
  });

  test("importing everything again changes nothing", async () => {
    const before = await snapshotDatabase(env.db);
    const again = await importFiles(env.db, files);
    expect(again.changed).toBe(false);
    expect(again.files.every((f) => f.added === 0 && f.updated === 0)).toBe(true);
    expect(await snapshotDatabase(env.db)).toBe(before);
  });
});
