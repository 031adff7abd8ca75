/**
 * The specs' `test`: every spec file runs against a server and a database of its own, a copy of the pristine
 * one (e2e/global-setup.ts), so a spec sees the demo data and the accounts and nothing another spec did, in
 * any order. The server is started before the file's first test and stopped when the next file starts (or
 * the worker ends); its log is kept beside its database (var/e2e/files/SPEC/server.log). Specs import `test`
 * and `expect` from here, never from @playwright/test (biome.json refuses it in e2e specs).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { test as base } from "@playwright/test";
import { type AppServer, startAppServer } from "../lib/testing/app-server";
import { E2E_FILES, E2E_PORT, E2E_PRISTINE } from "./accounts";

export type { Locator, Page, Request } from "@playwright/test";
export { expect } from "@playwright/test";

interface SpecApp {
  /** The spec file this server is for. */
  spec: string;
  /** Its database, as DATABASE_URL says it. */
  databaseUrl: string;
  server: AppServer;
}

let current: SpecApp | null = null;

async function appFor(specFile: string): Promise<SpecApp> {
  if (current?.spec === specFile) return current;
  await current?.server.stop();
  current = null;
  const folder = path.join(E2E_FILES, path.basename(specFile).replace(/\.spec\.ts$/, ""));
  rmSync(folder, { recursive: true, force: true });
  const repos = path.join(folder, "e2e-repos");
  mkdirSync(repos, { recursive: true });
  const database = path.join(folder, "e2e.db");
  // The pristine server has stopped: its write-ahead log (if any is left) goes with the file.
  for (const suffix of ["", "-wal"])
    if (existsSync(`${E2E_PRISTINE}${suffix}`)) copyFileSync(`${E2E_PRISTINE}${suffix}`, `${database}${suffix}`);
  const databaseUrl = `file:${database}`;
  const server = await startAppServer(E2E_PORT, databaseUrl, {
    env: { HINTSCOPE_REPOS: repos },
    log: path.join(folder, "server.log"),
  });
  current = { spec: specFile, databaseUrl, server };
  return current;
}

export const test = base.extend<{ app: SpecApp }, { appTeardown: undefined }>({
  // Stops the last file's server when the worker ends (after a failure Playwright starts a new worker).
  appTeardown: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use(undefined);
      await current?.server.stop();
      current = null;
    },
    { scope: "worker", auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  app: [async ({}, use, testInfo) => use(await appFor(testInfo.file)), { auto: true }],
});

/** The command line (`npm run hints -- …`) on this spec file's database, beside its running server. */
export function hints(...args: string[]): string {
  if (!current) throw new Error("hints() runs inside a test: the spec file's server has not started");
  return execFileSync(process.execPath, ["--import", "tsx", "lib/cli/hints.ts", ...args], {
    env: { ...process.env, DATABASE_URL: current.databaseUrl },
    encoding: "utf8",
  });
}
