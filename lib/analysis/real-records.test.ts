// Every real record committed with the tests (lib/testing/real-data), analysed as the import does.
import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { openImportFile } from "../ingest/read-import-file";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance, type InstanceAnalysis } from "./analyze-instance";

const analyses: Array<{ file: string; analysis: InstanceAnalysis; patches: Record<"gold" | "test", string[]> }> = [];

beforeAll(async () => {
  for (const name of readdirSync(REAL_DATA).filter((f) => f.endsWith(".jsonl"))) {
    const opened = await openImportFile(path.join(REAL_DATA, name));
    for await (const { item } of opened.items) {
      if (item.kind !== "instance") continue;
      const { externalId, goldPatch, testPatch } = item.data;
      analyses.push({
        file: name,
        analysis: await analyzeInstance({ instanceId: externalId, goldPatch, testPatch }),
        patches: { gold: goldPatch.split("\n"), test: testPatch.split("\n") },
      });
    }
  }
});

test("every committed real instance is analysed, with no source file left unsupported", () => {
  // 4 Lite, 8 Pro, 12 Pro with an empty DefUse hint, 1 long Pro, 7 Multilingual, 1 Multi-SWE-bench Java
  expect(analyses).toHaveLength(33);
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
      // A nested function is FEA-Bench's, not Pro's (nothing outside its function can name it).
      if (i.policies.includes("fea") && !i.local) expect(i.policies, `${file} ${i.name}`).toContain("pro");
      if (i.policies.includes("defuse") && i.side === "code") expect(i.policies, `${file} ${i.name}`).toContain("pro");
    }
  }
});

test("every location says its patch, and its column points at the name on that diff line", () => {
  let placed = 0;
  let withColumn = 0;
  for (const { analysis, patches } of analyses) {
    for (const i of analysis.identifiers) {
      const member = i.name.split(/\.|::|#/).pop() ?? i.name;
      for (const [role, place] of [["def", i.definedAt], ...i.usedAt.map((u) => ["use", u] as const)] as const) {
        if (!place || i.kind === "file") continue;
        if (i.kind !== "name") expect(place.patch).toBe((role === "def") === (i.side === "code") ? "gold" : "test");
        const text = patches[place.patch][place.diffLine - 1] ?? "";
        // A definition git names on a hunk header (a changed function or struct) is placed at its first changed
        // line, where its name is not written: there is no column to point at, and none is claimed.
        if (place.column === undefined && !text.includes(member)) continue;
        placed++;
        if (place.column === undefined) continue;
        withColumn++;
        // A parameter's location is its function's line; its name is on it, maybe further on.
        expect(text.slice(place.column - 1, place.column - 1 + member.length), `${i.name} at ${place.diffLine}`).toBe(
          member,
        );
      }
    }
  }
  expect(placed).toBeGreaterThan(300);
  // Nearly every place is found on its line (a parameter declared on a later line of its signature is not).
  expect(withColumn / placed).toBeGreaterThan(0.9);
});
