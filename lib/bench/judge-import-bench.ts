/**
 * Judge-score import speed: N judge lines (100 instances, several samples each) imported into a fresh SQLite
 * file, timed. `tsx lib/bench/judge-import-bench.ts [N …]` (default 2361, the paper's Table 8, and 100000).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { jsonl, swebenchRecord } from "../testing/fixtures";

const sizes = process.argv.slice(2).map(Number);
for (const n of sizes.length > 0 ? sizes : [2361, 100_000]) await bench(n);

async function bench(n: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hintscope-judge-bench-"));
  const db = await openDatabase(`file:${dir}/judge.db`);
  writeFileSync(`${dir}/inst.jsonl`, jsonl(Array.from({ length: 100 }, (_, i) => swebenchRecord(i + 1))));
  await importFiles(db, [`${dir}/inst.jsonl`]);
  const attrs = ["name", "kind", "path", "new_file", "signature", "weak_semantics", "strong_semantics"];
  const lines = Array.from({ length: n }, (_, i) => ({
    instance_id: `acme__widgets-${(i % 100) + 1}`,
    identifier: `f${Math.floor(i / 700)}`,
    attribute: attrs[Math.floor(i / 100) % 7],
    judge: "j",
    sample: (Math.floor(i / 4900) % 3) + 1 + 3 * Math.floor(i / 14700),
    necessity: i % 4,
    disclosure: 0,
    guidance: 1,
    benchmark: "SWE-bench Lite",
  }));
  writeFileSync(`${dir}/judge.jsonl`, jsonl(lines));
  const t = Date.now();
  const s = await importFiles(db, [`${dir}/judge.jsonl`]);
  console.log(`judge scores: ${n} lines imported in ${Date.now() - t} ms (${s.files[0]?.added} added)`);
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
}
