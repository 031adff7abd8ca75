/**
 * The pristine end-to-end database, fresh for every run: the project's demo data, the demo accounts, and the
 * accounts the tests sign in as (e2e/accounts.ts). Run by the global setup (e2e/global-setup.ts) in a process
 * of its own, before any server starts.
 */
import { mkdirSync, rmSync } from "node:fs";
import { analyzePendingInstances } from "../lib/server/analyze-stored-instances";
import { seedDemoAccounts } from "../lib/server/auth/demo-accounts";
import { addUser } from "../lib/server/auth/users";
import { openDatabase } from "../lib/server/db";
import { importFiles } from "../lib/server/import-files";
import { DEMO_FILES } from "../prisma/demo/demo-files";
import { E2E_ACCOUNTS, E2E_PASSWORD, E2E_PRISTINE, E2E_PRISTINE_REPOS } from "./accounts";

rmSync("var/e2e", { recursive: true, force: true });
mkdirSync(E2E_PRISTINE_REPOS, { recursive: true });
const db = await openDatabase(`file:${E2E_PRISTINE}`);
await importFiles(db, DEMO_FILES, { demo: true });
await analyzePendingInstances(db);
await seedDemoAccounts(db, E2E_PASSWORD);
for (const account of E2E_ACCOUNTS) await addUser(db, { ...account, password: E2E_PASSWORD });
await db.$disconnect();
