import { readFileSync } from "node:fs";
import { analyzeInstance } from "./lib/analysis/analyze-instance";

const [file, id] = [process.argv[2] as string, process.argv[3] as string];
const r = readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .find((x) => x.instance_id.startsWith(id));
const gold = (r.patch ?? r.fix_patch).split("\n");
const test = r.test_patch.split("\n");
const a = await analyzeInstance({ instanceId: id, goldPatch: r.patch ?? r.fix_patch, testPatch: r.test_patch });
console.log(r.instance_id, a.approximate);
for (const i of a.identifiers.filter((x) => x.policies.includes("defuse"))) {
  const [defLines, useLines] = i.side === "code" ? [gold, test] : [test, gold];
  console.log(`* ${i.side} ${i.kind} ${i.name} sig=${i.signature}`);
  console.log(
    `    def @${i.definedAt?.path}:${i.definedAt?.diffLine}: ${defLines[(i.definedAt?.diffLine ?? 1) - 1]?.trim().slice(0, 120)}`,
  );
  for (const u of i.usedAt.slice(0, 2))
    console.log(`    use @${u.path}:${u.diffLine}: ${useLines[u.diffLine - 1]?.trim().slice(0, 120)}`);
}
