/**
 * One process of the parallel-ceiling measurement (import-bench.ts): analyses the instances of a JSONL file
 * (as the import normalises them) one after another in this thread and prints the milliseconds. Run alone,
 * then two at once: how much slower each gets says how far two threads can speed the analysis up on
 * this machine, whatever the pool does.
 */

import type { EvidenceInput } from "../evidence/evidence";
import { openImportFile } from "../ingest/read-import-file";
import { analysisRecord } from "../instance-analysis/analysis-record";

const [file, limit] = process.argv.slice(2);
if (!file) throw new Error("usage: analysis-ceiling.ts FILE [COUNT]");
const instances: EvidenceInput[] = [];
for await (const { item } of (await openImportFile(file)).items) {
  if (item.kind === "instance") instances.push(item.data);
  if (instances.length >= Number(limit ?? 700)) break;
}
if (instances[0]) await analysisRecord(instances[0]); // grammars loaded before timing
const started = performance.now();
for (const instance of instances) await analysisRecord(instance);
console.log(JSON.stringify({ ms: performance.now() - started, count: instances.length }));
