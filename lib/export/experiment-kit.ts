import { z } from "zod";
import { NO_HINT, normalisePolicyName, OFFICIAL_POLICY } from "../domain/run-policy";
import { slug } from "./text-formats";

/**
 * An experiment kit: one benchmark's records once per hint policy, for an agent harness to run, and a manifest
 * that lets the runs that come back be filed under the policy whose records they ran. Each policy has a run id
 * (`defuse-declaration`, `none-none`): give it to the harness as its run id (SWE-bench's `--run_id`), or keep that
 * policy's outputs in a folder of that name inside the kit; an import finds the kit (`hintscope-kit.json` in a
 * folder above the file, or `--experiment DIR`) and reads the policy from the first part of the file's path that
 * is a policy's run id.
 */
export const KIT_MANIFEST = "hintscope-kit.json";

/** One policy of a kit: a selection × projection, `none/none` (no hint) or `official/official` (the benchmark's own). */
export interface KitPolicy {
  selection: string;
  projection: string;
}

export interface KitManifestPolicy extends KitPolicy {
  /** the harness's run id for this policy, and the folder name its outputs may sit in */
  run_id: string;
  /** the benchmark's records for this policy, in the kit's folder */
  file: string;
  sha256: string;
  records: number;
  /** the published hint set version the records carry (null for `none` and `official`) */
  hint_set: { name: string; version: number; sha256: string } | null;
  /** where the records carry the hint (fields of the benchmark's record) */
  hint_fields: string[];
}

export interface KitManifest {
  format: "hintscope-experiment-kit";
  format_version: 1;
  benchmark: string;
  /** the instances every policy's records hold (the same in each, so the runs compare paired) */
  instances: number;
  /** instances left out because a policy's version has no decided hint for them */
  left_out: number;
  policies: KitManifestPolicy[];
}

const KitManifestSchema = z.object({
  format: z.literal("hintscope-experiment-kit"),
  format_version: z.literal(1),
  benchmark: z.string().min(1),
  instances: z.number().int(),
  left_out: z.number().int(),
  policies: z
    .array(
      z.object({
        selection: z.string().min(1),
        projection: z.string().min(1),
        run_id: z.string().min(1),
        file: z.string().min(1),
        sha256: z.string(),
        records: z.number().int(),
        hint_set: z.object({ name: z.string(), version: z.number().int(), sha256: z.string() }).nullable(),
        hint_fields: z.array(z.string()),
      }),
    )
    .min(1),
});

/** A kit manifest read back, or an error naming the field that is wrong. */
export function parseKitManifest(text: string, file: string): KitManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const checked = KitManifestSchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(`${file}: not an experiment kit manifest (field "${issue?.path.join(".")}": ${issue?.message})`);
  }
  return checked.data as KitManifest;
}

/**
 * The policies of `--policies defuse/declaration,none/none,official/official`, each spelled as runs spell them
 * (normalised: `No-Hint/none` is `none/none`); an error says which one cannot be read.
 */
export function parseKitPolicies(
  text: string,
  known: { selections: readonly string[]; projections: readonly string[] },
) {
  const policies: KitPolicy[] = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    if (part === "") continue;
    const [selectionText, projectionText, ...rest] = part.split("/");
    if (!selectionText || !projectionText || rest.length > 0)
      throw new Error(`--policies: "${part}" is not SELECTION/PROJECTION (e.g. defuse/declaration, none/none)`);
    const selection = normalisePolicyName(selectionText);
    const projection = normalisePolicyName(projectionText);
    const special = selection === NO_HINT || selection === OFFICIAL_POLICY;
    if (special && projection !== selection)
      throw new Error(`--policies: "${part}": ${selection} goes with itself (${selection}/${selection})`);
    if (!special && !known.selections.includes(selection))
      throw new Error(
        `--policies: "${part}": no selection "${selection}" (${[...known.selections, NO_HINT, OFFICIAL_POLICY].join(", ")})`,
      );
    if (!special && !known.projections.includes(projection))
      throw new Error(`--policies: "${part}": no projection "${projection}" (${known.projections.join(", ")})`);
    if (policies.some((p) => p.selection === selection && p.projection === projection))
      throw new Error(`--policies: ${selection}/${projection} is given twice`);
    policies.push({ selection, projection });
  }
  if (policies.length === 0) throw new Error("--policies: name at least one, e.g. defuse/declaration,none/none");
  return policies;
}

/** A policy's run id: `defuse-declaration`, `declaration_doc` kept whole. */
export const kitRunId = (policy: KitPolicy) => `${policy.selection}-${policy.projection}`;

/** A policy's records file in the kit. */
export const kitFileName = (benchmark: string, policy: KitPolicy) => `${slug(benchmark)}.${kitRunId(policy)}.jsonl`;

/**
 * The policy a file of the kit's runs belongs to: the first part of its path (below the kit's folder, or the
 * whole path) that is a policy's run id, whole or as one dot-separated piece of a name (`gpt-4o.defuse-declaration.json`).
 * Null when no part names one.
 */
export function kitPolicyOfPath(kit: KitManifest, relativePath: string): KitManifestPolicy | null {
  const byRunId = new Map(kit.policies.map((p) => [p.run_id, p]));
  for (const part of relativePath.split(/[\\/]+/)) {
    const whole = byRunId.get(part);
    if (whole) return whole;
    for (const piece of part.split(".")) {
      const found = byRunId.get(piece);
      if (found) return found;
    }
  }
  return null;
}
