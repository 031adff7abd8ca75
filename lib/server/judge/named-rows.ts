import { AppError } from "../app-error";
import type { Database } from "../db/client";

/* Rows the judge and the description writer look up by the names a user types. */

/** A judge endpoint by name, or an error saying how to add it. */
export async function endpointNamed(db: Database, name: string) {
  const endpoint = await db.judgeEndpoint.findUnique({ where: { name } });
  if (!endpoint)
    throw new AppError("not-found", `no judge endpoint named "${name}": add it with \`hints judge endpoint add\``);
  return endpoint;
}

/** A benchmark by name, or an error naming it. */
export async function benchmarkNamed(db: Database, name: string) {
  const benchmark = await db.benchmark.findUnique({ where: { name } });
  if (!benchmark) throw new AppError("not-found", `no benchmark named "${name}"`);
  return benchmark;
}
