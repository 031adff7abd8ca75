// Every real record committed with the tests (lib/testing/real-data), analysed as the import does.
import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { openImportFile } from "../ingest/read-import-file";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance, type InstanceAnalysis } from "./analyze-instance";

const analyses: Array<{ file: string; analysis: InstanceAnalysis }> = [];

beforeAll(async () => {
  for (const name of readdirSync(REAL_DATA).filter((f) => f.endsWith(".jsonl"))) {
    const opened = await openImportFile(path.join(REAL_DATA, name));
    for await (const { item } of opened.items) {
      if (item.kind !== "instance") continue;
      const { externalId, goldPatch, testPatch } = item.data;
      analyses.push({ file: name, analysis: await analyzeInstance({ instanceId: externalId, goldPatch, testPatch }) });
    }
  }
}, 120_000);

test("every committed real instance is analysed, with no source file left unsupported", () => {
  // 4 Lite, 8 Pro, 1 long Pro, 7 Multilingual, 1 Multi-SWE-bench Java
  expect(analyses).toHaveLength(21);
  const unsupported = analyses.flatMap((a) => a.analysis.unsupportedFiles);
  expect(unsupported.filter((f) => /\.(py|java|go|js|ts|tsx|rs|c|h|cc|cpp|hpp|rb|php)$/.test(f))).toEqual([]);
});

test("every identifier is well formed and every DefUse one is used across the boundary", () => {
  for (const { analysis } of analyses) {
    for (const i of analysis.identifiers) {
      expect(i.name.length).toBeGreaterThan(0);
      expect(["new", "changed", "existing"]).toContain(i.status);
      if (i.policies.includes("defuse")) {
        expect(i.status).toBe("new");
        expect(i.usedAt.length).toBeGreaterThan(0);
        expect(i.definedAt?.diffLine).toBeGreaterThan(0);
      }
      if (i.policies.includes("fea")) expect(i.side).toBe("code");
    }
  }
});

test("on the real Pro records the selections nest: DefUse ⊆ Doc2Feat-or-Pro, FEA ⊆ Pro", () => {
  for (const { file, analysis } of analyses.filter((a) => a.file.startsWith("swebench-pro"))) {
    for (const i of analysis.identifiers) {
      if (i.policies.includes("fea")) expect(i.policies, `${file} ${i.name}`).toContain("pro");
      if (i.policies.includes("defuse") && i.side === "code") expect(i.policies, `${file} ${i.name}`).toContain("pro");
    }
  }
});
