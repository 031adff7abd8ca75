import { readFileSync } from "node:fs";
import { analyzeInstance } from "./lib/analysis/analyze-instance";

const [file, id] = [process.argv[2] as string, process.argv[3] as string];
const r = readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .find((x) => x.instance_id === id);
const a = await analyzeInstance({ instanceId: id, goldPatch: r.patch ?? r.fix_patch, testPatch: r.test_patch });
for (const i of a.identifiers)
  console.log(
    i.side,
    i.status,
    i.kind,
    i.name,
    "|",
    i.signature,
    "|",
    i.policies.join(","),
    JSON.stringify(i.definedAt),
    i.usedAt.map((u) => `${u.path}:${u.diffLine}`).join(" "),
  );
