import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { signIn } from "../lib/testing/sign-in";
import { E2E_ACCOUNTS, E2E_PASSWORD, storageStateOf } from "./accounts";

// Each account signs in once through the form; the specs start from the saved cookies.
for (const account of E2E_ACCOUNTS) {
  setup(`sign in as ${account.name} (${account.role})`, async ({ page, baseURL }) => {
    await signIn(page, baseURL as string, account.name, E2E_PASSWORD);
    mkdirSync(path.dirname(storageStateOf(account.name)), { recursive: true });
    await page.context().storageState({ path: storageStateOf(account.name) });
  });
}
