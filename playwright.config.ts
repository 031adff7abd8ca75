import { defineConfig } from "@playwright/test";
import { E2E_PORT, storageStateOf } from "./e2e/accounts";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A spec fails by time only when stuck, not because the machine is busy (issue 47: the suite passes while
  // another CPU-bound job holds both cores; under load Chromium took 35 s to paint an instance's patches).
  timeout: 10 * 60_000,
  expect: { timeout: 2 * 60_000 },
  reporter: [["list"]],
  // The pristine database with the demo data and the test accounts, each signed in once through the form.
  // There is no shared server: each spec file starts its own on a copy of that database (e2e/app.ts).
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Every spec starts signed in as ada (an admin) unless it says otherwise (e2e/auth.spec.ts tries the
    // other roles and no session at all).
    storageState: storageStateOf("ada"),
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
});
