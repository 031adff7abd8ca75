import path from "node:path";

/** The end-to-end database's accounts (made by e2e/prepare-database.ts), all with one password. */
export const E2E_PASSWORD = "e2e-password-not-secret";
export const E2E_DATABASE = "var/e2e.db";
/** The end-to-end server's repository store (HINTSCOPE_REPOS), made empty by e2e/prepare-database.ts. */
export const E2E_REPOS = "var/e2e-repos";
export const E2E_ACCOUNTS = [
  { name: "ada", role: "admin" },
  { name: "grace", role: "curator" },
  { name: "cora", role: "curator" },
  { name: "vera", role: "viewer" },
] as const;

/** Where the setup project keeps each signed-in browser state (cookies). */
export const storageStateOf = (name: string) => path.join("var", "e2e-auth", `${name}.json`);
