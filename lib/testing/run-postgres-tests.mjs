// `npm run test:postgres`: the integration suites (every test that opens a database) again, on a throwaway PostgreSQL cluster
// started for the run (lib/testing/vitest-global-setup.ts). Without PostgreSQL installed the run is skipped
// with a note, except in CI (CI=true), where .ci/run installs it and a skip would hide a failure.
import { execFileSync, spawnSync } from "node:child_process";
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
// Every test file that opens a database (openTempDatabase), found by reading them.
const files = execFileSync("grep", ["-rl", "--include=*.test.ts", "openTempDatabase", "lib"], { encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
const result = spawnSync("npx", ["vitest", "run", ...files], {
  stdio: "inherit",
  env: { ...process.env, HINTSCOPE_TEST_ENGINE: "postgres" },
});
process.exit(result.status ?? 1);
