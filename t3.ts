import { readFileSync } from "node:fs";
import { hunkFragments } from "./lib/analysis/fragments";
import { getParsers } from "./lib/analysis/grammars";
import { parseDiff } from "./lib/analysis/parse-diff";

const r = readFileSync(process.argv[2] as string, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .find((x) => x.instance_id === process.argv[3]);
const files = parseDiff(r.patch);
const p = (await getParsers()).get("python")!;
for (const f of hunkFragments(files[0]!, "python").slice(0, 2)) {
  console.log("----", f.side, f.owner, f.inBody);
  console.log(f.text);
  console.log(p.parse(f.text)!.rootNode.toString().slice(0, 1500));
}
