import { RepositoryError } from "../analysis/repo-fragments";
import { type FieldMap, parseFieldMap } from "../ingest/field-aliases";
import { ImportError } from "../ingest/import-error";
import { openDatabase } from "../server/db/client";
import { settings } from "../server/settings";
import { runAnalyzeCommand, runEvidenceCommand, runStatsCommand } from "./analyze-command";
import { ExperimentUsageError, runExperimentCommand } from "./experiment-command";
import { runImportCommand } from "./import-command";

/* The commands that read benchmark files: import (into the database), experiment, and analyze, evidence and stats (no database). */

/** The options these commands read (as `hints` parsed them). */
export interface FileCommandValues {
  benchmark?: string;
  json: boolean;
  map?: string;
  model?: string;
  selection?: string;
  projection?: string;
  replace: boolean;
  experiment?: string;
  policies?: string;
  sets?: string;
  out?: string;
  repo?: string;
  "fallback-approximate": boolean;
  "paper-subset": boolean;
}

/** `--map F=SRC,…` read, or the exit code of a map that does not parse (said on stderr). */
function fieldMapOf(values: FileCommandValues): { fieldMap: FieldMap | undefined } | { exit: number } {
  try {
    return { fieldMap: values.map === undefined ? undefined : parseFieldMap(values.map) };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return { exit: 2 };
  }
}

/** `hints import FILE...` */
export async function runImport(rest: string[], values: FileCommandValues): Promise<number> {
  const read = fieldMapOf(values);
  if ("exit" in read) return read.exit;
  const db = await openDatabase();
  return runImportCommand(db, rest, {
    benchmark: values.benchmark,
    json: values.json,
    fieldMap: read.fieldMap,
    run: { model: values.model, selection: values.selection, projection: values.projection },
    replace: values.replace,
    experiment: values.experiment,
  });
}

/** `hints experiment export …` */
export async function runExperiment(rest: string[], values: FileCommandValues): Promise<number> {
  const db = await openDatabase();
  try {
    return await runExperimentCommand(db, rest, {
      benchmark: values.benchmark,
      policies: values.policies,
      sets: values.sets,
      out: values.out,
      json: values.json ?? false,
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof ExperimentUsageError ? 2 : 1;
  }
}

/** `hints analyze|evidence|stats FILE...`: the same reading options as import (a file import reads with --map is read here too). */
export async function runReading(
  command: "analyze" | "evidence" | "stats",
  rest: string[],
  values: FileCommandValues,
): Promise<number> {
  const read = fieldMapOf(values);
  if ("exit" in read) return read.exit;
  const options = {
    fieldMap: read.fieldMap,
    json: values.json,
    repo: values.repo,
    fallbackApproximate: values["fallback-approximate"],
    benchmark: values.benchmark,
    store: settings().repositoryStore,
    paperSubset: values["paper-subset"],
  };
  if (options.fallbackApproximate && !options.repo) {
    process.stderr.write("--fallback-approximate goes with --repo PATH\n");
    return 2;
  }
  try {
    return await (command === "analyze"
      ? runAnalyzeCommand(rest, options)
      : command === "evidence"
        ? runEvidenceCommand(rest, options)
        : runStatsCommand(rest, options));
  } catch (error) {
    if (!(error instanceof ImportError) && !(error instanceof RepositoryError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return error instanceof RepositoryError ? 2 : 1;
  }
}
