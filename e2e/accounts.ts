import path from "node:path";

/** The end-to-end database's accounts (made by e2e/prepare-database.ts), all with one password. */
export const E2E_PASSWORD = "e2e-password-not-secret";
/**
 * The database every spec file starts from: the demo data, the accounts, and their signed-in sessions
 * (e2e/global-setup.ts). No server writes to it after the setup: each spec file gets a copy and a server
 * of its own (e2e/app.ts), so no spec sees what another left.
 */
export const E2E_PRISTINE = "var/e2e/pristine.db";
/** The pristine repository store (HINTSCOPE_REPOS): empty, so every demo instance says why it is approximate. */
export const E2E_PRISTINE_REPOS = "var/e2e/pristine-repos";
/** The folder where each spec file's copy of the database, its store and its server's log are kept. */
export const E2E_FILES = "var/e2e/files";
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ACCOUNTS = [
  { name: "ada", role: "admin" },
  { name: "grace", role: "curator" },
  { name: "cora", role: "curator" },
  { name: "vera", role: "viewer" },
] as const;

/** Where the global setup keeps each signed-in browser state (cookies). */
export const storageStateOf = (name: string) => path.join("var", "e2e", "auth", `${name}.json`);
