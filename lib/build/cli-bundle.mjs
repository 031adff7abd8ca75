// The command line (lib/cli/hints.ts) built once into JavaScript with esbuild, so a `hints` command starts
// without compiling TypeScript: tsx compiled it at every start (2.7 s at load 12, 30–100 s at load 40–60).
// Only the project's own sources are bundled; packages stay in node_modules (imported from there at run time,
// as under tsx: native addons, Prisma's runtime, the grammars). The analysis worker is bundled beside it
// (the pool finds it there, lib/server/analysis/analysis-pool.ts).
//
// Beside the bundle, `inputs.json` records every source file it was built from with its size and modification
// time: the bundle is fresh while each is unchanged. `npm run hints` (lib/build/run-hints.mjs) runs it when
// fresh and falls back to tsx otherwise; `npm run build` and the test suite's global setup build it.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root: the folder holding package.json and node_modules. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Where the bundle goes (var/ is ignored by git); inside the project, so its packages resolve from node_modules. */
export const CLI_BUNDLE_DIR = path.join(ROOT, "var", "cli");
const BUNDLE = "hints.mjs";
const INPUTS = "inputs.json";
const ENTRIES = [
  { entry: "lib/cli/hints.ts", out: "hints.mjs" },
  { entry: "lib/instance-analysis/analysis-worker.ts", out: "analysis-worker.mjs" },
];

const stamp = (file) => {
  const s = statSync(path.join(ROOT, file));
  return [s.size, s.mtimeMs];
};

/**
 * The bundle's path in `dir` when it is there and every file it was built from is as it was then; null
 * otherwise (none, or a source changed since: the bundle would run old code).
 */
export function freshCliBundle(dir = CLI_BUNDLE_DIR) {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(path.join(dir, INPUTS), "utf8"));
    for (const { out } of ENTRIES) statSync(path.join(dir, out));
  } catch {
    return null;
  }
  for (const [file, [size, mtimeMs]] of Object.entries(recorded.inputs ?? {})) {
    let now;
    try {
      now = stamp(file);
    } catch {
      return null;
    }
    if (now[0] !== size || now[1] !== mtimeMs) return null;
  }
  return path.join(dir, BUNDLE);
}

/**
 * Builds the bundle (and the analysis worker's) unless it is fresh; returns its path. Each file is written
 * under a name of its own and renamed into place, so processes building at once, or running the old bundle
 * meanwhile, never see half a file.
 */
export async function buildCliBundle({ dir = CLI_BUNDLE_DIR, force = false } = {}) {
  const fresh = force ? null : freshCliBundle(dir);
  if (fresh) return fresh;
  const { build } = await import("esbuild");
  mkdirSync(dir, { recursive: true });
  // Modification times are compared with the start: a file changed while it builds is recorded as changed,
  // so the bundle is stale rather than holding its old text as fresh.
  const started = Date.now() - 1000;
  const inputs = {};
  // This file and the launcher say how it is built: a change to them makes a new bundle too.
  for (const file of ["lib/build/cli-bundle.mjs", "package.json", "tsconfig.json"]) inputs[file] = stamp(file);
  const outputs = [];
  for (const { entry, out } of ENTRIES) {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      write: false,
      metafile: true,
      outfile: path.join(dir, out),
      logLevel: "warning",
    });
    for (const file of Object.keys(result.metafile.inputs)) {
      if (file.startsWith("node_modules/")) continue;
      const [size, mtimeMs] = stamp(file);
      inputs[file] = mtimeMs >= started ? [-1, -1] : [size, mtimeMs];
    }
    for (const output of result.outputFiles) outputs.push(output);
  }
  const tag = `${process.pid}-${Date.now()}`;
  for (const output of outputs) {
    const temporary = `${output.path}.${tag}.tmp`;
    writeFileSync(temporary, output.contents);
    renameSync(temporary, output.path);
  }
  const temporary = path.join(dir, `${INPUTS}.${tag}.tmp`);
  writeFileSync(temporary, `${JSON.stringify({ inputs }, null, 1)}\n`);
  renameSync(temporary, path.join(dir, INPUTS));
  return path.join(dir, BUNDLE);
}
