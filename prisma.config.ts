import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";
import { DEFAULT_DATABASE_FILE, resolveDatabaseUrl } from "./lib/server/db/database-url";

// The schema reads env("DATABASE_URL"); without it Prisma falls back to downloading an engine.
process.env.DATABASE_URL ??= `file:${DEFAULT_DATABASE_FILE}`;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  adapter: async () => new PrismaBetterSQLite3({ url: resolveDatabaseUrl() }),
});
