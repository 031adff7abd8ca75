import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { KIT_MANIFEST, type KitManifest, kitPolicyOfPath, parseKitManifest } from "../export/experiment-kit";
import type { RunOptions } from "./import-items";

/** How many folders above a file an import looks for an experiment kit's manifest. */
const LOOK_UP = 8;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The experiment kit a file of runs belongs to: `experiment` (a kit's folder, or its manifest) where given, else
 * the first `hintscope-kit.json` in the file's folder or one of the folders above it. Null when there is none.
 */
export async function findExperimentKit(
  file: string,
  experiment?: string,
): Promise<{ dir: string; manifest: KitManifest } | null> {
  let manifestFile: string | null = null;
  if (experiment) {
    manifestFile = (await isFile(experiment)) ? experiment : path.join(experiment, KIT_MANIFEST);
    if (!(await isFile(manifestFile)))
      throw new Error(`--experiment ${experiment}: no ${KIT_MANIFEST} there (hints experiment export writes one)`);
  } else {
    let dir = path.dirname(path.resolve(file));
    for (let i = 0; i < LOOK_UP; i++) {
      const candidate = path.join(dir, KIT_MANIFEST);
      if (await isFile(candidate)) {
        manifestFile = candidate;
        break;
      }
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  if (!manifestFile) return null;
  const manifest = parseKitManifest(await readFile(manifestFile, "utf8"), manifestFile);
  return { dir: path.dirname(path.resolve(manifestFile)), manifest };
}

/**
 * The selection and projection of a file of an experiment's runs, from its kit: the policy whose run id a part of
 * the file's path (below the kit's folder) names. Empty when there is no kit or no part names a policy.
 */
export async function kitRunOptions(file: string, experiment?: string): Promise<RunOptions & { note?: string }> {
  const kit = await findExperimentKit(file, experiment);
  if (!kit) return {};
  const absolute = path.resolve(file);
  const inside = absolute.startsWith(`${kit.dir}${path.sep}`);
  const policy = kitPolicyOfPath(kit.manifest, inside ? path.relative(kit.dir, absolute) : absolute);
  if (!policy) return {};
  return {
    selection: policy.selection,
    projection: policy.projection,
    note: `experiment kit ${path.join(kit.dir, KIT_MANIFEST)}: ${policy.run_id}`,
  };
}
