import path from "node:path";
import { defineConfig } from "vitest/config";
import { HUNG_MS } from "./lib/testing/test-time";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Server-only modules (queries the pages use) are tested here as the plain modules they are.
      "server-only": path.resolve(import.meta.dirname, "lib/testing/server-only-stub.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts"],
    globalSetup: ["lib/testing/vitest-global-setup.ts", "lib/testing/cli-bundle-setup.ts"],
    environment: "node",
    // better-sqlite3 is a native addon: separate processes keep each test file's database to itself.
    pool: "forks",
    // A test fails by time only when hung: no limit a loaded machine reaches (lib/testing/test-time.ts).
    testTimeout: HUNG_MS,
    hookTimeout: HUNG_MS,
  },
});
