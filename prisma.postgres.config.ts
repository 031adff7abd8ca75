import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// PostgreSQL's schema (generated from prisma/schema.prisma) and its own client. The schema reads
// env("DATABASE_URL"); without one Prisma falls back to downloading an engine, so a placeholder is set
// for commands that never connect (generate, migrate diff).
if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? ""))
  process.env.DATABASE_URL = "postgresql://hintscope@127.0.0.1:5432/hintscope";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "postgresql", "schema.prisma"),
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL }),
});
