import { PROJECTIONS, SELECTIONS } from "../domain/hint-vocabulary";
import { kitRunId, parseKitPolicies } from "../export/experiment-kit";
import type { Database } from "../server/db/client";
import { writeExperimentKit } from "../server/hints/experiment-kit";

export class ExperimentUsageError extends Error {}

export interface ExperimentOptions {
  benchmark?: string;
  policies?: string;
  sets?: string;
  out?: string;
  json: boolean;
}

/** `--sets defuse-declaration=NAME,…`: the hint set of a policy where several are published. */
function parseSets(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (text ?? "").split(",").map((p) => p.trim())) {
    if (part === "") continue;
    const at = part.indexOf("=");
    if (at <= 0 || at === part.length - 1)
      throw new ExperimentUsageError(`--sets: "${part}" is not RUN_ID=SET (e.g. defuse-declaration=curated)`);
    out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}

/** `hints experiment export`: an experiment kit (lib/server/hints/experiment-kit.ts). */
export async function runExperimentCommand(db: Database, [action]: string[], o: ExperimentOptions): Promise<number> {
  if (action !== "export")
    throw new ExperimentUsageError(
      "usage: hints experiment export --benchmark B --policies defuse/declaration,none/none --out DIR [--sets RUN_ID=SET,...] [--json]",
    );
  if (!o.benchmark) throw new ExperimentUsageError("--benchmark NAME is required");
  if (!o.out) throw new ExperimentUsageError("--out DIR is required");
  if (!o.policies) throw new ExperimentUsageError("--policies is required (e.g. defuse/declaration,none/none)");
  let policies: ReturnType<typeof parseKitPolicies>;
  try {
    policies = parseKitPolicies(o.policies, { selections: SELECTIONS, projections: PROJECTIONS });
  } catch (error) {
    throw new ExperimentUsageError((error as Error).message);
  }
  const sets = parseSets(o.sets);
  for (const runId of Object.keys(sets))
    if (!policies.some((p) => kitRunId(p) === runId))
      throw new ExperimentUsageError(`--sets ${runId}=…: no policy ${runId} in --policies`);
  const manifest = await writeExperimentKit(db, {
    benchmark: o.benchmark,
    policies,
    out: o.out,
    sets,
    onProgress: (done, total) => process.stderr.write(`\r${done} of ${total} instances written`),
  });
  process.stderr.write("\n");
  if (o.json) process.stdout.write(`${JSON.stringify(manifest)}\n`);
  else {
    process.stdout.write(
      `Wrote an experiment kit of ${manifest.policies.length} policies × ${manifest.instances} instances to ${o.out}${
        manifest.left_out > 0 ? ` (${manifest.left_out} left out: not decided under every policy)` : ""
      }:\n`,
    );
    for (const p of manifest.policies)
      process.stdout.write(
        `  ${p.run_id}: ${p.file}${p.hint_set ? ` (hint set "${p.hint_set.name}" v${p.hint_set.version})` : ""}\n`,
      );
    process.stdout.write(
      "Run each file with its run id (e.g. the SWE-bench harness's --run_id), or keep its outputs in a folder of that name here; `hints import` then files each run under its policy.\n",
    );
  }
  return 0;
}
