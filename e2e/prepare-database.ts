/**
 * An end-to-end database, made new: the project's demo data, the demo accounts, and the accounts the tests
 * sign in as (e2e/accounts.ts). `tsx e2e/prepare-database.ts DATABASE_URL`, in a process of its own: by the
 * global setup for the pristine SQLite database (e2e/global-setup.ts), and by the specs that run servers on
 * a PostgreSQL database of their own.
 */
import { analyzePendingInstances } from "../lib/server/analysis/analyze-stored-instances";
import { seedDemoAccounts } from "../lib/server/auth/demo-accounts";
import { addUser } from "../lib/server/auth/users";
import { openDatabase } from "../lib/server/db/client";
import { importFiles } from "../lib/server/import/import-files";
import { DEMO_FILES } from "../prisma/demo/demo-files";
import { E2E_ACCOUNTS, E2E_PASSWORD } from "./accounts";

const url = process.argv[2];
if (!url) throw new Error("usage: tsx e2e/prepare-database.ts DATABASE_URL");
const db = await openDatabase(url);
await importFiles(db, DEMO_FILES, { demo: true });
await analyzePendingInstances(db);
await seedDemoAccounts(db, E2E_PASSWORD);
for (const account of E2E_ACCOUNTS) await addUser(db, { ...account, password: E2E_PASSWORD });
await db.$disconnect();
