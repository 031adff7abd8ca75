// `npm run test:postgres`: the whole Vitest suite again, on a throwaway PostgreSQL cluster
// started for the run (lib/testing/vitest-global-setup.ts). Without PostgreSQL installed the run is skipped
// with a note, except in CI (CI=true), where .ci/run installs it and a skip would hide a failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const installed = ["17", "16", "15"].some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
if (!installed) {
  const message = "PostgreSQL is not installed (Debian: apt-get install postgresql)";
  if (process.env.CI === "true") {
    console.error(`${message}: CI runs the integration suites on PostgreSQL too.`);
    process.exit(1);
  }
  console.log(`${message}: the PostgreSQL run of the integration suites is skipped.`);
  process.exit(0);
}
// Every test file, not a list picked by reading them: a test that opens its database through a helper can no
// longer be left out unseen. The pure ones run again in seconds; the ones with a database run on PostgreSQL.
const result = spawnSync("npx", ["vitest", "run"], {
  stdio: "inherit",
  env: { ...process.env, HINTSCOPE_TEST_ENGINE: "postgres" },
});
process.exit(result.status ?? 1);
