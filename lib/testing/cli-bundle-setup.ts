import { buildCliBundle } from "../build/cli-bundle.mjs";

/**
 * Vitest's global setup: the command line bundled once for the run (lib/build/cli-bundle.mjs; at once when it
 * is already fresh), so the tests that spawn `hints` run JavaScript (hintsCommand) instead of having tsx
 * compile the TypeScript at each start, which took minutes a process on a loaded machine.
 */
export default async function setup() {
  await buildCliBundle();
}
