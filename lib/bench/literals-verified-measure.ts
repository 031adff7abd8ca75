// Test-facing messages against OpenAI's SWE-bench Verified annotations (the ensembled release, as
// OpenAutoCoder/Agentless `ensembled_annotations_public.csv` holds it): of the instances of a records file
// (SWE-bench Lite's) the annotators found "tests too narrow" (false_negative ≥ 1) with a note that names a
// message or a string, how many get a test-facing literal (recall), and of the annotated instances that get
// one, how many are such (precision).
// Run: npx tsx lib/bench/literals-verified-measure.ts ANNOTATIONS.csv [records.jsonl]
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { analyzeInstance } from "../analysis/analyze-instance";

const [annotationsFile, recordsFile = "../shared/data/instances/swebench-lite.jsonl"] = process.argv.slice(2);
if (!annotationsFile) {
  process.stderr.write("usage: literals-verified-measure.ts ANNOTATIONS.csv [records.jsonl]\n");
  process.exit(2);
}
const NAMES_A_MESSAGE =
  /\b(message|messages|string|strings|wording|error text|text of|warning text|exact text|output text)\b/i;
/** The words of a note that name a message or string, with twenty characters either side. */
const noteAround = (note: string) => {
  const at = NAMES_A_MESSAGE.exec(note);
  return at ? note.slice(Math.max(0, at.index - 20), at.index + at[0].length + 20).replace(/\s+/g, " ") : "";
};
const annotations = new Map(
  (parse(readFileSync(annotationsFile, "utf8"), { columns: true }) as Array<Record<string, string>>).map((r) => [
    r.instance_id as string,
    r,
  ]),
);
let annotated = 0;
let positives = 0;
let foundPositive = 0;
let found = 0;
const missed: string[] = [];
const extra: string[] = [];
const hits: string[] = [];
for (const line of readFileSync(recordsFile, "utf8").trim().split("\n")) {
  const r = JSON.parse(line) as Record<string, string>;
  const a = annotations.get(r.instance_id as string);
  if (!a) continue;
  annotated++;
  const positive = Number(a.false_negative) >= 1 && NAMES_A_MESSAGE.test(a.false_negative_notes ?? "");
  const analysis = await analyzeInstance({
    instanceId: r.instance_id as string,
    goldPatch: r.patch as string,
    testPatch: r.test_patch as string,
    problemStatement: r.problem_statement as string,
  });
  const has = analysis.literals.length > 0;
  if (positive) positives++;
  if (has) found++;
  if (positive && has) foundPositive++;
  if (positive && has)
    hits.push(
      `${r.instance_id}: ${analysis.literals
        .map((l) => JSON.stringify(l.text))
        .join(", ")
        .slice(0, 160)}`,
    );
  if (positive && !has)
    missed.push(
      // The words that made the note count, with what stands around them ("an empty string" is a value, not a message).
      `${r.instance_id}: …${noteAround(a.false_negative_notes ?? "")}… | ${(a.false_negative_notes ?? "").slice(0, 120).replace(/\s+/g, " ")}`,
    );
  if (!positive && has)
    extra.push(
      `${r.instance_id}: ${analysis.literals
        .map((l) => JSON.stringify(l.text))
        .join(", ")
        .slice(0, 160)}`,
    );
}
console.log(
  `annotated instances in the records: ${annotated}; tests too narrow naming a message or string: ${positives}`,
);
console.log(
  `recall ${foundPositive}/${positives} = ${(foundPositive / positives).toFixed(2)}; precision ${foundPositive}/${found} = ${(foundPositive / Math.max(found, 1)).toFixed(2)}`,
);
console.log("\nfound, with such a note:");
for (const h of hits) console.log(`  ${h}`);
console.log("\nmissed:");
for (const m of missed) console.log(`  ${m}`);
console.log("\nfound without such a note:");
for (const e of extra) console.log(`  ${e}`);
