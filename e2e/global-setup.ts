/**
 * Before any spec: the pristine database (e2e/prepare-database.ts, in a process of its own), then a server on
 * it while each test account signs in once through the sign-in form (the sessions are rows of that database,
 * so every spec file's copy holds them; the specs start from the saved cookies), then that server stopped.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { launchChromium, startAppServer } from "../lib/testing/app-server";
import { signIn } from "../lib/testing/sign-in";
import {
  E2E_ACCOUNTS,
  E2E_FILES,
  E2E_PASSWORD,
  E2E_PORT,
  E2E_PRISTINE,
  E2E_PRISTINE_REPOS,
  storageStateOf,
} from "./accounts";

export default async function globalSetup() {
  rmSync("var/e2e", { recursive: true, force: true });
  mkdirSync(E2E_PRISTINE_REPOS, { recursive: true });
  mkdirSync(E2E_FILES, { recursive: true });
  // Analysed with the store the servers get (empty), so each instance says why its analysis is approximate.
  execFileSync(process.execPath, ["--import", "tsx", "e2e/prepare-database.ts", `file:${E2E_PRISTINE}`], {
    stdio: "inherit",
    env: { ...process.env, HINTSCOPE_REPOS: E2E_PRISTINE_REPOS },
  });
  const server = await startAppServer(E2E_PORT, `file:${E2E_PRISTINE}`, {
    env: { HINTSCOPE_REPOS: E2E_PRISTINE_REPOS },
    log: path.join(E2E_FILES, "global-setup.log"),
  });
  const browser = await launchChromium();
  try {
    for (const account of E2E_ACCOUNTS) {
      const context = await browser.newContext();
      await signIn(await context.newPage(), server.url, account.name, E2E_PASSWORD);
      mkdirSync(path.dirname(storageStateOf(account.name)), { recursive: true });
      await context.storageState({ path: storageStateOf(account.name) });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
