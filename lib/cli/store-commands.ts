import { availableParallelism } from "node:os";
import { DEMO_FILES } from "../../prisma/demo/demo-files";
import { analyzePendingInstances, markForAnalysis } from "../server/analysis/analyze-stored-instances";
import { seedDemoAccounts } from "../server/auth/demo-accounts";
import { openDatabase } from "../server/db/client";
import { commentsForExport } from "../server/hints/line-comments";
import { importSubset, listSubsets } from "../server/import/subsets";
import { settings } from "../server/settings";
import { describeAnalysis, runImportCommand } from "./import-command";
import { runWorkerCommand } from "./worker-command";

/* The commands on what the database keeps: the demo seed, the analysis again, the worker, subsets and comments. */

/** The options these commands read (as `hints` parsed them). */
export interface StoreCommandValues {
  benchmark?: string;
  json: boolean;
  name?: string;
  threads?: string;
}

/** `hints reanalyze [--benchmark NAME]` */
export async function runReanalyze(values: StoreCommandValues): Promise<number> {
  const db = await openDatabase();
  await markForAnalysis(db, values.benchmark);
  const analysis = await analyzePendingInstances(db, undefined, { workers: availableParallelism() });
  process.stdout.write(`${values.json ? JSON.stringify(analysis) : describeAnalysis(analysis)}\n`);
  return 0;
}

/** `hints worker [--threads N]` */
export async function runWorker(values: StoreCommandValues): Promise<number> {
  const threads = values.threads === undefined ? availableParallelism() : Number(values.threads);
  if (!Number.isInteger(threads) || threads < 1) {
    process.stderr.write(`hints worker: --threads ${values.threads}: must be a whole number from 1\n`);
    return 2;
  }
  return runWorkerCommand(await openDatabase(), { workers: threads });
}

/** `hints seed` */
export async function runSeed(values: StoreCommandValues): Promise<number> {
  const db = await openDatabase();
  const code = await runImportCommand(db, DEMO_FILES, { json: values.json, demo: true });
  if (code !== 0) return code;
  const accounts = await seedDemoAccounts(db);
  if (!values.json) {
    const lines = accounts.map((a) => `  ${a.name.padEnd(14)} ${a.role.padEnd(8)} password: ${a.password}`);
    process.stdout.write(
      `Demo accounts (sign in at /sign-in; ${
        settings().demoPassword ? "the password is HINTSCOPE_DEMO_PASSWORD's" : "the passwords are new each seed"
      }):\n${lines.join("\n")}\n`,
    );
  }
  return 0;
}

/** `hints subsets import FILE --name NAME --benchmark B | list` */
export async function runSubsets(rest: string[], values: StoreCommandValues): Promise<number> {
  const db = await openDatabase();
  const [verb, file] = rest;
  try {
    if (verb === "import" && file && values.name && values.benchmark) {
      const summary = await importSubset(db, file, values.benchmark, values.name);
      process.stdout.write(
        values.json
          ? `${JSON.stringify(summary)}\n`
          : `Subset "${summary.subset}" of ${summary.benchmark}: ${summary.ids} ids${summary.unmatched.length ? ` (${summary.unmatched.length} not imported yet, e.g. ${summary.unmatched[0]})` : ""}. The list's Subset facet and a hint set's view (subset=${summary.subset}) select it.\n`,
      );
      return 0;
    }
    if (verb === "list") {
      const subsets = await listSubsets(db);
      process.stdout.write(
        values.json
          ? `${JSON.stringify(subsets)}\n`
          : `${subsets.map((s) => `${s.benchmark}  ${s.subset}  ${s.ids} ids`).join("\n") || "no subsets"}\n`,
      );
      return 0;
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  process.stderr.write(
    "usage: hints subsets import FILE --name NAME --benchmark B [--json] | hints subsets list [--json]\n",
  );
  return 2;
}

/** `hints comments export [--benchmark NAME]` */
export async function runComments(rest: string[], values: StoreCommandValues): Promise<number> {
  if (rest[0] !== "export") {
    process.stderr.write("usage: hints comments export [--benchmark NAME]\n");
    return 2;
  }
  const db = await openDatabase();
  for (const record of await commentsForExport(db, values.benchmark))
    process.stdout.write(`${JSON.stringify(record)}\n`);
  return 0;
}
