import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/client";
import { infrastructureFailure } from "../server/infrastructure-failure";
import { settings } from "../server/settings";
import { runExperiment, runImport, runReading } from "./file-commands";
import { runExport, runSets, UsageError } from "./hint-set-commands";
import { runJudgeCommand } from "./judge-command";
import { runReportCommand } from "./report-command";
import { runReposCommand } from "./repos-command";
import { runImportsCommand, runRunsCommand } from "./runs-command";
import { runComments, runReanalyze, runSeed, runSubsets, runWorker } from "./store-commands";
import { USAGE } from "./usage";
import { runUsersCommand } from "./users-command";

/*
 * The command line: its options (read by lib/build/docs-commands.ts from the parseArgs call here) and the
 * dispatch to each command group's file (file-commands.ts, store-commands.ts, and one file per command).
 */

/** The command line read: the command's words and every option (each documented in usage.ts). */
const parseCli = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      benchmark: { type: "string" },
      json: { type: "boolean", default: false },
      repo: { type: "string" },
      role: { type: "string" },
      "fallback-approximate": { type: "boolean", default: false },
      set: { type: "string" },
      version: { type: "string" },
      out: { type: "string" },
      selection: { type: "string" },
      projection: { type: "string" },
      "include-flagged": { type: "boolean", default: false },
      csv: { type: "boolean", default: false },
      name: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      with: { type: "string" },
      filter: { type: "string" },
      map: { type: "string" },
      format: { type: "string" },
      "hint-field": { type: "string" },
      experiment: { type: "string" },
      policies: { type: "string" },
      sets: { type: "string" },
      first: { type: "string" },
      second: { type: "string" },
      "max-gb": { type: "string" },
      "paper-subset": { type: "boolean", default: false },
      url: { type: "string" },
      model: { type: "string" },
      "key-env": { type: "string" },
      endpoint: { type: "string" },
      n: { type: "boolean", default: false },
      "json-schema": { type: "boolean", default: false },
      seed: { type: "boolean", default: false },
      concurrency: { type: "string" },
      threads: { type: "string" },
      "input-price": { type: "string" },
      "output-price": { type: "string" },
      samples: { type: "string" },
      budget: { type: "string" },
      limit: { type: "string" },
      "without-repository-fact": { type: "boolean", default: false },
      force: { type: "boolean", default: false },
      replace: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });

async function main(argv: string[]): Promise<number> {
  // A bad setting (HINTSCOPE_MAX_UPLOAD_MB=abc, say) is refused with its name before anything runs.
  try {
    settings();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const { positionals, values } = parseCli(argv);
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  return runCommand(command, rest, values);
}

/** Runs one command with its words and the options read; answers the exit code. */
async function runCommand(
  command: string,
  rest: string[],
  values: ReturnType<typeof parseCli>["values"],
): Promise<number> {
  switch (command) {
    case "import":
      return runImport(rest, values);
    case "experiment":
      return runExperiment(rest, values);
    case "analyze":
    case "evidence":
    case "stats":
      return runReading(command, rest, values);
    case "export":
    case "sets": {
      const db = await openDatabase();
      const options = {
        ...values,
        includeFlagged: values["include-flagged"] ?? false,
        hintField: values["hint-field"],
        csv: values.csv ?? false,
        json: values.json ?? false,
      };
      try {
        return await (command === "export" ? runExport(db, options) : runSets(db, rest, options));
      } catch (error) {
        process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
        return error instanceof UsageError ? 2 : 1;
      }
    }
    case "report": {
      const db = await openDatabase();
      return runReportCommand(db, rest[0], {
        benchmark: values.benchmark,
        first: values.first,
        second: values.second,
        json: values.json ?? false,
      });
    }
    case "judge": {
      const db = await openDatabase();
      return runJudgeCommand(db, rest, {
        json: values.json ?? false,
        benchmark: values.benchmark,
        selection: values.selection,
        endpoint: values.endpoint,
        url: values.url,
        model: values.model,
        keyEnv: values["key-env"],
        n: values.n,
        jsonSchema: values["json-schema"],
        seed: values.seed,
        concurrency: values.concurrency,
        inputPrice: values["input-price"],
        outputPrice: values["output-price"],
        samples: values.samples,
        budget: values.budget,
        limit: values.limit,
        withoutRepositoryFact: values["without-repository-fact"],
      });
    }
    case "reanalyze":
      return runReanalyze(values);
    case "worker":
      return runWorker(values);
    case "seed":
      return runSeed(values);
    case "subsets":
      return runSubsets(rest, values);
    case "comments":
      return runComments(rest, values);
    case "repos": {
      const db = await openDatabase();
      return runReposCommand(db, settings().repositoryStore, rest, {
        benchmark: values.benchmark,
        json: values.json ?? false,
        maxGb: values["max-gb"],
      });
    }
    case "imports": {
      const db = await openDatabase();
      return runImportsCommand(db, rest, { json: values.json ?? false, force: values.force ?? false });
    }
    case "runs": {
      const db = await openDatabase();
      return runRunsCommand(db, rest, { benchmark: values.benchmark, json: values.json ?? false });
    }
    case "users": {
      const db = await openDatabase();
      return runUsersCommand(db, rest, { role: values.role, json: values.json ?? false });
    }
    case "migrate": {
      await openDatabase();
      process.stdout.write("The database schema is up to date.\n");
      return 0;
    }
    default:
      process.stderr.write(`unknown command "${command}"\n${USAGE}\n`);
      return 2;
  }
}

// A reader that stops early (`| head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

/**
 * Exits once everything written has reached its reader: a pipe is written asynchronously, and a bare
 * process.exit() cut piped output at 64 KiB. An empty write's callback runs after every earlier write.
 */
let settled = false;
const exitAfterOutput = (code: number) => {
  settled = true;
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
};

// A command whose work can no longer finish (its database connection lost mid-import: the driver's promise
// then never settles) would let Node's event loop run dry and exit 0 with nothing said. It is an error.
process.once("beforeExit", () => {
  if (settled) return;
  process.stderr.write(
    "hints: the command stopped before it finished: the database stopped answering (a lost connection?); nothing of an unfinished import was committed\n",
  );
  process.exit(1);
});

main(process.argv.slice(2)).then(exitAfterOutput, (error: unknown) => {
  // The database gone, the disk full, a write past its limit: said in words, with the driver's line after.
  const failure = infrastructureFailure(error);
  process.stderr.write(
    failure
      ? `hints: ${failure.what}; a change that did not finish was not committed (${failure.detail})\n`
      : `${error instanceof Error ? error.message : String(error)}\n`,
  );
  exitAfterOutput(error instanceof TypeError && /parseArgs|option/i.test(String(error)) ? 2 : 1);
});
