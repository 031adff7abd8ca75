import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { DEMO_FILES } from "../../prisma/demo/demo-files";
import { RepositoryError } from "../analysis/repo-fragments";
import { type FieldMap, parseFieldMap } from "../ingest/field-aliases";
import { ImportError } from "../ingest/import-error";
import { analyzePendingInstances, markForAnalysis } from "../server/analysis/analyze-stored-instances";
import { seedDemoAccounts } from "../server/auth/demo-accounts";
import { openDatabase } from "../server/db/client";
import { commentsForExport } from "../server/hints/line-comments";
import { importSubset, listSubsets } from "../server/import/subsets";
import { infrastructureFailure } from "../server/infrastructure-failure";
import { settings } from "../server/settings";
import { runAnalyzeCommand, runEvidenceCommand, runStatsCommand } from "./analyze-command";
import { ExperimentUsageError, runExperimentCommand } from "./experiment-command";
import { runExport, runSets, UsageError } from "./hint-set-commands";
import { describeAnalysis, runImportCommand } from "./import-command";
import { runJudgeCommand } from "./judge-command";
import { runReportCommand } from "./report-command";
import { runReposCommand } from "./repos-command";
import { runImportsCommand, runRunsCommand } from "./runs-command";
import { runUsersCommand } from "./users-command";
import { runWorkerCommand } from "./worker-command";

const USAGE = `usage: npm run hints -- COMMAND [options]

commands:
  import FILE...   import instance, results or judge-score files (JSONL, JSON, CSV, Parquet)
                   --benchmark NAME  benchmark for files that do not name one
                   --json            print one JSON summary
                   --map F=SRC,...   read the file's field SRC as the field F a format wants (patch=gold_patch)
                   --model NAME, --selection S, --projection P  the run of records that do not say it
                   --replace         replace results or agent patches another import gave (else refused)
                   --experiment DIR  an experiment kit: runs filed under the policy their path names
  analyze FILE...  find identifiers and the selections that pick them (no database needed)
                   --json            one JSON object per instance
                   --repo PATH       exact mode: whole files from a checkout at the base commit
                                     (without it: from the repository store, HINTSCOPE_REPOS, where set)
                   --fallback-approximate  with --repo: an instance whose commit or file the
                                     checkout lacks is analysed from its hunks instead of failing
                   --map F=SRC,...   read fields as import --map does (also evidence and stats)
  evidence FILE... leak channels and per-identifier evidence (stated, test-facing, transcription; no database)
                   --json one line per instance; --repo PATH adds occurrences at the base commit
  stats FILE...    identifiers per benchmark and selection (SPEC §4); --json, --benchmark NAME;
                   --paper-subset: only instances where Doc2Feat and FEA both select something (Table 2)
  export           --set NAME [--version N] --out DIR [--include-flagged] [--csv] [--format native|parquet|hf]:
                   a published hint set (native: also the benchmark's own records, the curated hint in
                   the text their agents read as the task; --hint-field NAME: in a field NAME instead;
                   hf: the Hugging Face datasets layout, data/test-00000-of-00001.parquet and README.md)
                   --benchmark NAME --selection S --projection P --out DIR: a policy straight from the analysis
  experiment       export --benchmark B --policies defuse/declaration,none/none,official/official --out DIR
                   [--sets defuse-declaration=NAME,...]: the benchmark's records once per policy, for an
                   agent harness to run, and hintscope-kit.json; import the runs with the kit (found above
                   the files, or --experiment DIR) and each is filed under the policy its path names
  sets create NAME --benchmark B --selection S --projection P [--filter "language=python&review=accepted"]
  sets publish NAME | sets import FILE.jsonl [--name N]
  sets compare NAME [--from N] [--to M] [--with OTHER] [--json]: what changed between versions or sets
  report NAME      a research table: resolve-rates, policies, paired, judge, design, disclosure,
                   frontier, leaks (leak channels per benchmark), evidence-judge (evidence vs judge scores),
                   guesswork (agents' patches that named the tests' functions differently), rater-agreement
                   (curators against judges per attribute: κ with instance-clustered intervals, confusion)
                   --benchmark NAME, --json; paired: --first MODEL/SEL/PROJ --second MODEL/SEL/PROJ
  reanalyze        run the analysis again on stored instances (--benchmark NAME: one benchmark)
  repos            status [--benchmark NAME] [--json]: the repositories imported instances come from, and
                   what the store (HINTSCOPE_REPOS) holds of them; fetch [--benchmark NAME]: the missing
                   commits from HINTSCOPE_GIT_REMOTE, then analyse again; prune [--max-gb N]
  judge            the paper's LLM judge on an OpenAI-compatible endpoint: endpoint add|list, plan, run,
                   status, resume, stop; describe plan|run|list: descriptions a model writes where the
                   benchmark has none (\`hints judge\` for the options)
  subsets          import FILE --name NAME --benchmark B: an id list (JSON array, {"ids": […]}, or one id a
                   line) as a named subset, a facet of the list and a hint set's view; list [--json]
  comments         export [--benchmark NAME]: every comment thread on instances' lines as JSON Lines (stdout),
                   apart from any hint
  imports          list [--json]: the import history; take-back ID [--force]: delete every row that file added
                   (instances, runs, results, patches, scores, labels), audited; refused where curators
                   have worked on its instances unless --force
  runs             list [--benchmark NAME] [--json], delete ID (results, agent patches and verdicts too),
                   move ID --benchmark NAME (a run imported under the wrong benchmark); audited
  users            add NAME --role admin|curator|viewer (password prompted, or stdin), list [--json],
                   set-role NAME ROLE, disable NAME, enable NAME, password NAME
  worker           take queued jobs (uploads' analyses, judge runs) until stopped (Ctrl-C), beside the
                   servers of a PostgreSQL database (as many as wanted, on any machine); --threads N for
                   the analysis (default: every core); HINTSCOPE_SERVER_JOBS=0 on the servers leaves the
                   jobs to workers
  seed             import the project's demo data (labelled as demo) and make the demo accounts
                   (demo-admin, demo-curator), printing their passwords
  migrate          create or update the database schema

The database is DATABASE_URL (default: file:var/hintscope.db).`;

async function main(argv: string[]): Promise<number> {
  // A bad setting (HINTSCOPE_MAX_UPLOAD_MB=abc, say) is refused with its name before anything runs.
  try {
    settings();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const { positionals, values } = parseArgs({
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
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  switch (command) {
    case "import": {
      let fieldMap: FieldMap | undefined;
      try {
        fieldMap = values.map === undefined ? undefined : parseFieldMap(values.map);
      } catch (error) {
        process.stderr.write(`${(error as Error).message}\n`);
        return 2;
      }
      const db = await openDatabase();
      return runImportCommand(db, rest, {
        benchmark: values.benchmark,
        json: values.json,
        fieldMap,
        run: { model: values.model, selection: values.selection, projection: values.projection },
        replace: values.replace,
        experiment: values.experiment,
      });
    }
    case "experiment": {
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
    case "analyze":
    case "evidence":
    case "stats": {
      // The same reading options as import: a file import reads with --map is read here too.
      let fieldMap: FieldMap | undefined;
      try {
        fieldMap = values.map === undefined ? undefined : parseFieldMap(values.map);
      } catch (error) {
        process.stderr.write(`${(error as Error).message}\n`);
        return 2;
      }
      const options = {
        fieldMap,
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
    case "reanalyze": {
      const db = await openDatabase();
      await markForAnalysis(db, values.benchmark);
      const analysis = await analyzePendingInstances(db, undefined, { workers: availableParallelism() });
      process.stdout.write(`${values.json ? JSON.stringify(analysis) : describeAnalysis(analysis)}\n`);
      return 0;
    }
    case "worker": {
      const threads = values.threads === undefined ? availableParallelism() : Number(values.threads);
      if (!Number.isInteger(threads) || threads < 1) {
        process.stderr.write(`hints worker: --threads ${values.threads}: must be a whole number from 1\n`);
        return 2;
      }
      return runWorkerCommand(await openDatabase(), { workers: threads });
    }
    case "seed": {
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
    case "subsets": {
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
    case "comments": {
      if (rest[0] !== "export") {
        process.stderr.write("usage: hints comments export [--benchmark NAME]\n");
        return 2;
      }
      const db = await openDatabase();
      for (const record of await commentsForExport(db, values.benchmark))
        process.stdout.write(`${JSON.stringify(record)}\n`);
      return 0;
    }
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
