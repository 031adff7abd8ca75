// Test-facing literals over the 300 SWE-bench Lite instances of the shared data: of the instances whose test
// patch's added lines check a message (assertWarnsMessage, assertRaisesMessage, match=, `assert "…" in`), how
// many get a test-facing literal. Prints the figures and every found literal (instance, text) as JSON lines
// to the file named by the second argument, so two runs can be compared. Run: npx tsx lib/bench/literals-lite-measure.ts [jsonl] [out]
import { readFileSync, writeFileSync } from "node:fs";
import { analyzeInstance } from "../analysis/analyze-instance";

const path = process.argv[2] ?? "../shared/data/instances/swebench-lite.jsonl";
const out = process.argv[3] ?? "/tmp/literals-lite.jsonl";
const CHECKS = /assertWarnsMessage|assertRaisesMessage|match\s*=|assert\s+[rbuf]*['"].*\s(not\s+)?in\s/;

const lines = readFileSync(path, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");
let checking = 0;
let found = 0;
let foundAny = 0;
const rows: string[] = [];
for (const line of lines) {
  // SWE-bench's fields, or Multi-SWE-bench's (fix_patch, body).
  const r = JSON.parse(line) as Record<string, string | undefined>;
  const id = r.instance_id ?? "";
  const goldPatch = r.patch ?? r.fix_patch ?? "";
  const testPatch = r.test_patch ?? "";
  const added = testPatch.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++"));
  const checks = added.some((l) => CHECKS.test(l));
  const a = await analyzeInstance({
    instanceId: id,
    goldPatch,
    testPatch,
    problemStatement: r.problem_statement ?? r.body ?? "",
  });
  if (checks) checking++;
  if (a.literals.length > 0) foundAny++;
  if (checks && a.literals.length > 0) found++;
  for (const l of a.literals)
    rows.push(JSON.stringify({ id, checks, text: l.text, gold: l.gold.path, introduced: l.introduced }));
}
writeFileSync(out, `${rows.join("\n")}\n`);
console.log(
  `${lines.length} instances; ${checking} check a message; ${found} of them get a test-facing literal; ${foundAny} instances with any; ${rows.length} literals -> ${out}`,
);
