import { existsSync } from "node:fs";
import path from "node:path";
import { CLI_BUNDLE_DIR } from "../build/cli-bundle.mjs";

/** The command line's bundle, built by the test run's global setup (cli-bundle-setup.ts). */
export const HINTS_BUNDLE = path.join(CLI_BUNDLE_DIR, "hints.mjs");

/**
 * The program and arguments that run `hints ARGS…` in a test: Node on the bundle, with the flags `flags`
 * (Node's own, before the script).
 */
export function hintsCommand(args: readonly string[], flags: readonly string[] = []): [string, string[]] {
  if (!existsSync(HINTS_BUNDLE))
    throw new Error(
      `${HINTS_BUNDLE} is missing: the test run's global setup (lib/testing/cli-bundle-setup.ts) builds it`,
    );
  return [process.execPath, [...flags, HINTS_BUNDLE, ...args]];
}
