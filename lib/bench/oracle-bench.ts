/**
 * `npm run bench:oracle [-- STORE] [--list] [--only REPO]`: exact mode as the oracle for hunks-only mode
 * (issue 43). For every shared instance whose repository the store folder has at its base commit (a folder of
 * bare repositories at `STORE/OWNER/NAME.git`, as the repository store keeps them; default: HINTSCOPE_REPOS),
 * the analysis runs from the hunks and from whole files, and the disagreement is printed by language and by
 * cause (see lib/analysis/oracle-compare.ts), with the instances listed under each cause. Target: ≤ 2 % of
 * identifiers in every language.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { analyzeInstance } from "../analysis/analyze-instance";
import {
  compareWithOracle,
  disagreementShare,
  ORACLE_CAUSES,
  ORACLE_UNKNOWNS,
  type OracleRow,
  tallyComparison,
} from "../analysis/oracle-compare";
import { parseDiff } from "../analysis/parse-diff";
import type { InstanceData } from "../ingest/import-items";
import { openImportFile } from "../ingest/read-import-file";
import { availability } from "../repository-store/repository-store";
import { analyzeExactly } from "../repository-store/store-analysis";
import { SHARED_DATA, SHARED_DATA_MISSING, sharedFiles } from "../testing/shared-data";

async function readInstances(): Promise<InstanceData[]> {
  const out: InstanceData[] = [];
  for (const file of sharedFiles("instances"))
    for await (const { item } of (await openImportFile(file)).items) if (item.kind === "instance") out.push(item.data);
  return out;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

async function main() {
  if (!SHARED_DATA) {
    console.log(SHARED_DATA_MISSING);
    return;
  }
  const args = process.argv.slice(2);
  const list = args.includes("--list") || !args.includes("--quiet");
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : null;
  const positional = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--only");
  const root = positional[0] ?? process.env.HINTSCOPE_REPOS;
  if (!root || !existsSync(root)) {
    console.error(
      `bench:oracle needs a store folder (bare repositories at STORE/OWNER/NAME.git): pass it as the first argument or set HINTSCOPE_REPOS${root ? ` (${root} does not exist)` : ""}`,
    );
    process.exitCode = 2;
    return;
  }
  const config = { root: path.resolve(root), remote: null, maxBytes: null };
  const instances = await readInstances();
  const rows = new Map<string, OracleRow>();
  // The names DefUse and FEA can state: new ones (by either mode), compared alone.
  const newRows = new Map<string, OracleRow>();
  const isNew = (i: { status: string }) => i.status === "new";
  const skipped = new Map<string, number>();
  let read = 0;
  const started = performance.now();
  for (const instance of instances) {
    if (only && instance.repo.toLowerCase() !== only.toLowerCase()) continue;
    const found = availability(config, instance.repo, instance.baseCommit);
    if (!found.exact) {
      skipped.set(found.reason, (skipped.get(found.reason) ?? 0) + 1);
      continue;
    }
    const input = {
      instanceId: instance.externalId,
      goldPatch: instance.goldPatch,
      testPatch: instance.testPatch,
      problemStatement: instance.problemStatement,
      repo: instance.repo,
    };
    process.stderr.write(`\r${read + 1} ${instance.externalId.slice(0, 60).padEnd(60)}`);
    const exact = await analyzeExactly({ ...input, baseCommit: instance.baseCommit }, found.gitDir);
    if (exact.approximateReason !== null) {
      const reason = exact.approximateReason.startsWith("patch does not apply")
        ? "patch does not apply"
        : exact.approximateReason;
      skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
      continue;
    }
    const hunks = await analyzeInstance(input);
    const headers = new Map<string, string[]>();
    for (const file of parseDiff(`${instance.goldPatch}\n${instance.testPatch}`))
      headers.set(file.path, [...(headers.get(file.path) ?? []), ...file.hunks.map((h) => h.context)]);
    const headersOf = (p: string) => headers.get(p) ?? [];
    tallyComparison(
      rows,
      instance.externalId,
      compareWithOracle(hunks.identifiers, exact.analysis.identifiers, headersOf),
    );
    tallyComparison(
      newRows,
      instance.externalId,
      compareWithOracle(hunks.identifiers.filter(isNew), exact.analysis.identifiers.filter(isNew)),
    );
    read++;
  }
  console.log(
    `oracle: ${read} shared instances analysed from hunks and from the store ${config.root} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  for (const [reason, n] of skipped) console.log(`  not compared: ${n} (${reason})`);
  printTable("every definition either mode finds (new and changed)", rows);
  printTable("new definitions only (what DefUse and FEA can state)", newRows);
  // The list: every disagreement, each once (the new-only table's are among them).
  const all = rows.get("all");
  if (all && list) {
    for (const cause of [...ORACLE_CAUSES, ...ORACLE_UNKNOWNS]) {
      if (all.listed[cause].length === 0) continue;
      console.log(`\n${cause} (${all.listed[cause].length}):`);
      for (const line of all.listed[cause]) console.log(`  ${line}`);
    }
  }
}

function printTable(title: string, table: Map<string, OracleRow>) {
  const ordered = [...table.values()].sort((a, b) =>
    a.language === "all" ? 1 : b.language === "all" ? -1 : a.language.localeCompare(b.language),
  );
  const shown = [...ORACLE_CAUSES, ...ORACLE_UNKNOWNS];
  const causeHead = shown.map((c) => c.replace("other ", "").replace(" unknown", "?").padStart(10)).join("");
  console.log(
    `\n${title}:\nlanguage      n  compared${causeHead}  disagree  (target ≤ 2 %; owner? and signature? are unknowns, not counted)`,
  );
  for (const r of ordered) {
    const causes = shown.map((c) => String(r.byCause[c]).padStart(10)).join("");
    const share = disagreementShare(r);
    console.log(
      `${r.language.padEnd(11)} ${String(r.instances).padStart(3)} ${String(r.compared).padStart(9)}${causes}  ${pct(share).padStart(8)}  ${share <= 0.02 ? "ok" : "OVER"}`,
    );
  }
}

void main();
