/**
 * `npm run bench` (second part): identifier analysis over every shared instance, beside a floor that
 * only parses the same pre- and post-images with tree-sitter. Targets (issue 3): within 2x of the floor,
 * all 711 instances in under 10 s.
 */

import { analyzeInstance } from "../analysis/analyze-instance";
import { hunkFragments } from "../analysis/fragments";
import { getParsers, grammarOfPath } from "../analysis/grammars";
import { interfaceCoverage } from "../analysis/interface-coverage";
import { parseDiff } from "../analysis/parse-diff";
import type { InstanceData } from "../ingest/import-items";
import { openImportFile } from "../ingest/read-import-file";
import { median } from "../stats/median";
import { agreement } from "../testing/hand-checked-agreement";
import { SHARED_DATA, SHARED_DATA_MISSING, sharedFiles } from "../testing/shared-data";

const RUNS = 3;

async function readInstances(): Promise<InstanceData[]> {
  const out: InstanceData[] = [];
  for (const file of sharedFiles("instances")) {
    for await (const { item } of (await openImportFile(file)).items) if (item.kind === "instance") out.push(item.data);
  }
  return out;
}

/** The floor: parse every pre- and post-image the analysis parses, and do nothing else. */
async function parseOnly(instances: InstanceData[]): Promise<number> {
  const parsers = await getParsers();
  let trees = 0;
  for (const instance of instances) {
    for (const patch of [instance.goldPatch, instance.testPatch]) {
      for (const file of parseDiff(patch)) {
        const language = grammarOfPath(file.path);
        if (!language || file.binary) continue;
        for (const fragment of hunkFragments(file, language)) {
          parsers.get(language)?.parse(fragment.text)?.delete();
          trees++;
        }
      }
    }
  }
  return trees;
}

async function main() {
  if (!SHARED_DATA) {
    console.log(SHARED_DATA_MISSING);
    return;
  }
  const instances = await readInstances();
  await getParsers();
  await parseOnly(instances.slice(0, 20)); // warm up the grammars and the JIT for both paths alike
  const analysisTimes: number[] = [];
  const floorTimes: number[] = [];
  let trees = 0;
  let identifiers = 0;
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    identifiers = 0;
    for (const i of instances) {
      identifiers += (
        await analyzeInstance({ instanceId: i.externalId, goldPatch: i.goldPatch, testPatch: i.testPatch })
      ).identifiers.length;
    }
    analysisTimes.push(performance.now() - started);
    started = performance.now();
    trees = await parseOnly(instances);
    floorTimes.push(performance.now() - started);
  }
  const analysisMs = median(analysisTimes);
  const floorMs = median(floorTimes);
  console.log(`analysis: ${instances.length} instances, ${trees} parsed images, median of ${RUNS}`);
  console.log(
    `  full analysis (diffs, parse, definitions, uses, selections): ${analysisMs.toFixed(0)} ms  ${(instances.length / (analysisMs / 1000)).toFixed(0)} instances/s  ${identifiers} identifiers`,
  );
  console.log(`  floor: tree-sitter parsing the same images only:            ${floorMs.toFixed(0)} ms`);
  console.log(`  ratio analysis / floor: ${(analysisMs / floorMs).toFixed(2)}x   (target: under 10 s, within 2x)`);
  await printAgreement();
  await printInterfaceCoverage(sharedFiles("instances"));
}

/** SWE-bench Pro: of the names its `interface` text documents with a description, how many get it (target ≥ 95%). */
async function printInterfaceCoverage(files: string[]) {
  let documented = 0;
  let described = 0;
  const misses: string[] = [];
  for (const file of files.filter((f) => f.includes("pro"))) {
    for await (const { item } of (await openImportFile(file)).items) {
      if (item.kind !== "instance" || !item.data.interfaceText) continue;
      const { identifiers } = await analyzeInstance({
        instanceId: item.data.externalId,
        goldPatch: item.data.goldPatch,
        testPatch: item.data.testPatch,
      });
      const counts = interfaceCoverage(item.data.interfaceText, identifiers);
      documented += counts.documented;
      described += counts.described;
      misses.push(...counts.misses.map((m) => `${item.data.externalId.slice(0, 50)}: ${m}`));
    }
  }
  console.log(
    `SWE-bench Pro interface descriptions: ${described} of ${documented} documented names get theirs (${((described / Math.max(documented, 1)) * 100).toFixed(1)}%, target ≥ 95%)`,
  );
  for (const miss of misses.slice(0, 10)) console.log(`  missed: ${miss}`);
}

/** DefUse against the project's hand-checked real instances, per language (target: both ≥ 0.95). */
async function printAgreement() {
  const rows = await agreement();
  console.log("agreement with the hand-checked real instances (lib/testing/hand-checked-cases.ts):");
  for (const r of rows) {
    console.log(
      `  ${r.language.padEnd(11)} ${String(r.cases).padStart(2)} cases  precision ${r.precision.toFixed(2)}  recall ${r.recall.toFixed(2)}${
        r.extra.length + r.missing.length > 0
          ? `  extra: ${r.extra.join(", ") || "–"}; missing: ${r.missing.join(", ") || "–"}`
          : ""
      }`,
    );
  }
}

await main();
