// Solution in the issue against the Agentless authors' classification of SWE-bench Lite (the published
// `classification/swebench_lite_classifications.csv` of OpenAutoCoder/Agentless: 300 problems, each with its
// problem statement, gold patch and the authors' "solution in description"). The check reads the problem
// statement alone, as the classification did. Prints flagged/total per class and lists the "Exact patch"
// problems missed and the "No solution" problems flagged.
// Run: npx tsx lib/bench/solution-in-issue-measure.ts CLASSIFICATIONS.csv
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { solutionInIssue } from "../evidence/evidence";

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: solution-in-issue-measure.ts CLASSIFICATIONS.csv\n");
  process.exit(2);
}
const rows = parse(readFileSync(file, "utf8"), { columns: true }) as Array<Record<string, string>>;
const byClass = new Map<string, { n: number; flagged: string[]; missed: string[] }>();
for (const row of rows) {
  const label = row["solution in description"] ?? "";
  const leak = solutionInIssue(row.patch ?? "", row.problem_statement ?? "");
  const entry = byClass.get(label) ?? { n: 0, flagged: [], missed: [] };
  entry.n++;
  (leak ? entry.flagged : entry.missed).push(
    leak ? `${row.instance_id}: ${leak.detail.slice(0, 160)}` : `${row.instance_id}`,
  );
  byClass.set(label, entry);
}
for (const [label, e] of [...byClass].sort()) console.log(`${label}: flagged ${e.flagged.length} of ${e.n}`);
console.log("\nExact patch missed:");
for (const id of byClass.get("Exact patch")?.missed ?? []) console.log(`  ${id}`);
console.log("\nNo solution flagged:");
for (const d of byClass.get("No solution")?.flagged ?? []) console.log(`  ${d}`);
