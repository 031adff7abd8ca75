// Writes prisma/postgresql/schema.prisma from prisma/schema.prisma: the same models, for PostgreSQL, with
// its own generated client. Run after every change to the schema (`npm run db:postgres-schema`);
// lib/server/db/schema-drift.test.ts fails when the two are out of step.
import { readFileSync, writeFileSync } from "node:fs";

export function postgresSchema(sqliteSchema) {
  const out = sqliteSchema
    .replace(
      /^\/\/ Hintscope data model\..*$/m,
      (line) => `${line}\n// GENERATED from prisma/schema.prisma by lib/build/postgres-schema.mjs: do not edit.`,
    )
    .replace(
      'output     = "../lib/server/generated/prisma"',
      'output     = "../../lib/server/generated/prisma-postgres"',
    )
    .replace('provider = "sqlite"', 'provider = "postgresql"');
  if (!out.includes("prisma-postgres") || !out.includes('"postgresql"'))
    throw new Error("prisma/schema.prisma's generator or datasource block is not as expected");
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync("prisma/postgresql/schema.prisma", postgresSchema(readFileSync("prisma/schema.prisma", "utf8")));
}
