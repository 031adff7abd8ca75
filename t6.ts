import { readFileSync } from "node:fs";
import { analyzeInstance } from "./lib/analysis/analyze-instance";

for (const file of [
  "../shared/data/instances/swebench-pro-sample.jsonl",
  "../shared/data/instances/swebench-multilingual.jsonl",
]) {
  for (const line of readFileSync(file, "utf8").trim().split("\n")) {
    const r = JSON.parse(line);
    const a = await analyzeInstance({ instanceId: r.instance_id, goldPatch: r.patch, testPatch: r.test_patch });
    const d = a.identifiers.filter((i) => /\.(js|mjs|cjs|jsx)$/.test(i.path));
    if (d.length)
      console.log(
        r.instance_id.slice(0, 80),
        r.patch.length + r.test_patch.length,
        d.map((i) => `${i.kind}:${i.name}[${i.status}:${i.policies}]`).join(", "),
      );
  }
}
