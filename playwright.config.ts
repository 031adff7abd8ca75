import { defineConfig } from "@playwright/test";
import { E2E_DATABASE, E2E_REPOS, storageStateOf } from "./e2e/accounts";

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // CI machines are slower than a laptop: Monaco alone can take seconds to load on two busy cores.
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  projects: [
    // Signs each test account in once; every spec then starts signed in as ada (an admin) unless it says
    // otherwise (e2e/auth.spec.ts tries the other roles and no session at all).
    { name: "sign-in", testMatch: /auth\.setup\.ts$/ },
    { name: "e2e", dependencies: ["sign-in"], use: { storageState: storageStateOf("ada") } },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  webServer: {
    // A fresh database for every run, with the project's demo data to review and the test accounts.
    command: `tsx e2e/prepare-database.ts && next start -H 127.0.0.1 -p ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // A repository store that holds none of the demo repositories: every instance says why it is approximate.
    env: { DATABASE_URL: `file:${E2E_DATABASE}`, NEXT_TELEMETRY_DISABLED: "1", HINTSCOPE_REPOS: E2E_REPOS },
  },
});
