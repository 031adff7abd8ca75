// Test-facing messages against OpenAI's SWE-bench Verified annotations (the ensembled release, as
// OpenAutoCoder/Agentless `ensembled_annotations_public.csv` holds it): of the instances of a records file
// (SWE-bench Lite's) the annotators found "tests too narrow" (false_negative ≥ 1) with a note that names a
// message or a string, how many get a test-facing literal (recall), and of the annotated instances that get
// one, how many are such (precision). Two readings of "names a message": the note's words (a regular
// expression, which also takes "an empty string" as a value), and a blind reading of every such note by a
// helper who never saw the tool's output (`--blind labels.jsonl`: `{"instance_id", "label": "yes"|"no"}` per
// note; the one kept is lib/testing/real-data/labels/verified-message-notes-2026-12-05.jsonl).
// Run: npx tsx lib/bench/literals-verified-measure.ts ANNOTATIONS.csv [records.jsonl] [--blind labels.jsonl]
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { analyzeInstance } from "../analysis/analyze-instance";

const args = process.argv.slice(2);
const blindAt = args.indexOf("--blind");
const blindFile = blindAt >= 0 ? args[blindAt + 1] : undefined;
const [annotationsFile, recordsFile = "../shared/data/instances/swebench-lite.jsonl"] =
  blindAt >= 0 ? [...args.slice(0, blindAt), ...args.slice(blindAt + 2)] : args;
if (!annotationsFile || (blindAt >= 0 && !blindFile)) {
  process.stderr.write("usage: literals-verified-measure.ts ANNOTATIONS.csv [records.jsonl] [--blind labels.jsonl]\n");
  process.exit(2);
}
/** The blind reading: the ids whose note a helper read as naming a message the test checks. */
const blindYes = blindFile
  ? new Set(
      readFileSync(blindFile, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { instance_id: string; label: string })
        .filter((l) => l.label === "yes")
        .map((l) => l.instance_id),
    )
  : null;
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
let blindPositives = 0;
let blindFound = 0;
const blindMissed: string[] = [];
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
  if (blindYes?.has(r.instance_id as string)) {
    blindPositives++;
    if (has) blindFound++;
    else blindMissed.push(r.instance_id as string);
  }
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
if (blindYes) {
  const blindHad = found;
  console.log(
    `blind reading: ${blindPositives} notes name a message the test checks; recall ${blindFound}/${blindPositives} = ${(blindFound / Math.max(blindPositives, 1)).toFixed(2)}; precision ${blindFound}/${blindHad} = ${(blindFound / Math.max(blindHad, 1)).toFixed(2)}`,
  );
  console.log(`  missed by the blind reading: ${blindMissed.join(", ")}`);
}
console.log("\nfound, with such a note:");
for (const h of hits) console.log(`  ${h}`);
console.log("\nmissed:");
for (const m of missed) console.log(`  ${m}`);
console.log("\nfound without such a note:");
for (const e of extra) console.log(`  ${e}`);
