import { readFileSync } from "node:fs";
import { analyzeInstance } from "./lib/analysis/analyze-instance";

const [file, lang] = [process.argv[2] as string, process.argv[3]];
let shown = 0;
for (const line of readFileSync(file, "utf8").trim().split("\n")) {
  const r = JSON.parse(line);
  if (lang && r.repo_language !== lang && !(lang === "java" && /\.java/.test(r.patch ?? r.fix_patch))) continue;
  const size = (r.patch ?? r.fix_patch).length + r.test_patch.length;
  if (size > Number(process.env.MAX ?? 9000)) continue;
  const a = await analyzeInstance({
    instanceId: r.instance_id,
    goldPatch: r.patch ?? r.fix_patch,
    testPatch: r.test_patch,
  });
  const d = a.identifiers.filter((i) => i.policies.includes("defuse"));
  if (d.length === 0 || d.length > 4) continue;
  console.log(r.instance_id.slice(0, 90), size, "|", d.map((i) => `${i.kind}:${i.name}`).join(", "));
  if (++shown > 8) break;
}
