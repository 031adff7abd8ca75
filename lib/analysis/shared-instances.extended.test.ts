// Extended run over the whole shared data set beside the project (skipped without it): the figures that only
// the whole set can give. The same checks on committed real records are in real-records.test.ts.
import { beforeAll, describe, expect, test } from "vitest";
import { openImportFile } from "../ingest/read-import-file";
import { SHARED_DATA, SHARED_DATA_MISSING, sharedFiles } from "../testing/shared-data";
import { analyzeInstance, type InstanceAnalysis } from "./analyze-instance";
import { type PolicyStatsRow, policyStats } from "./policy-stats";

if (!SHARED_DATA) console.warn(SHARED_DATA_MISSING);

describe.skipIf(!SHARED_DATA)("every shared instance", () => {
  const analyses: Array<{ benchmark: string; language: string | null; analysis: InstanceAnalysis }> = [];
  let stats: PolicyStatsRow[] = [];
  const row = (benchmark: string, selection: string) =>
    stats.find((r) => r.benchmark === benchmark && r.selection === selection) as PolicyStatsRow;

  beforeAll(async () => {
    for (const file of sharedFiles("instances")) {
      const opened = await openImportFile(file);
      for await (const { item } of opened.items) {
        if (item.kind !== "instance") continue;
        const { externalId, goldPatch, testPatch, language } = item.data;
        const analysis = await analyzeInstance({ instanceId: externalId, goldPatch, testPatch });
        analyses.push({ benchmark: opened.defaultBenchmark ?? "", language, analysis });
      }
    }
    stats = policyStats(analyses.map((a) => ({ benchmark: a.benchmark, identifiers: a.analysis.identifiers })));
  });

  test("all 711 are analysed without an exception", () => {
    expect(analyses).toHaveLength(711);
  });

  test("selections nest as the SPEC orders them on SWE-bench Pro: DefUse is the smallest, Pro the largest", () => {
    const mean = (selection: string) => row("SWE-bench Pro", selection).mean_per_instance;
    expect(mean("defuse")).toBeGreaterThan(0.5);
    expect(mean("defuse")).toBeLessThan(mean("doc2feat"));
    expect(mean("fea")).toBeLessThan(mean("pro"));
    expect(mean("doc2feat")).toBeLessThan(mean("pro"));
    // The paper: DefUse non-empty on about half of SWE-bench Pro (66 of 131); Pro on every instance.
    expect(row("SWE-bench Pro", "defuse").non_empty_instances).toBeGreaterThan(35);
    expect(row("SWE-bench Pro", "defuse").non_empty_instances).toBeLessThan(85);
    expect(row("SWE-bench Pro", "pro").non_empty_instances).toBeGreaterThanOrEqual(95);
  });

  test("bug-fix benchmarks need few hints: DefUse is rare on SWE-bench Lite", () => {
    expect(row("SWE-bench Lite", "defuse").non_empty_instances).toBeLessThan(60);
    expect(row("SWE-bench Lite", "pro").non_empty_instances).toBeGreaterThan(100);
  });

  test("every language of SWE-bench Multilingual is parsed: what is left unsupported is few and listed", () => {
    const unsupported = analyses.flatMap((a) => a.analysis.unsupportedFiles);
    expect(unsupported.some((f) => /\.(py|java|go|js|ts|tsx|rs|c|h|cc|cpp|hpp|rb|php)$/.test(f))).toBe(false);
    const multilingual = analyses.filter((a) => a.benchmark === "SWE-bench Multilingual");
    const clean = multilingual.filter((a) => a.analysis.unsupportedFiles.length === 0).length;
    expect(clean / multilingual.length).toBeGreaterThanOrEqual(0.95);
  });
});
