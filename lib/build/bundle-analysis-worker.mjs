// `npm run build`, after `next build`: the analysis worker (lib/instance-analysis/analysis-worker.ts and what it
// imports, all plain TypeScript) bundled into one JavaScript file beside Next's build, so the built server
// can analyse uploads on a worker thread, as the command line does through tsx. The grammars stay in
// node_modules (web-tree-sitter loads them from there), so web-tree-sitter is not bundled.
import { build } from "esbuild";
import { buildCliBundle } from "./cli-bundle.mjs";

await build({
  entryPoints: ["lib/instance-analysis/analysis-worker.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: ".next/analysis-worker.mjs",
  external: ["web-tree-sitter"],
  logLevel: "warning",
});

// And the command line with its own analysis worker (cli-bundle.mjs), so `npm run hints` starts without tsx.
await buildCliBundle({ force: true });
