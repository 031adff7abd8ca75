import { parseArgs } from "node:util";
import { DEMO_FILES } from "../../prisma/demo/demo-files";
import { openDatabase } from "../server/db";
import { runImportCommand } from "./import-command";

const USAGE = `usage: npm run hints -- COMMAND [options]

commands:
  import FILE...   import instance, results or judge-score files (JSONL, JSON, CSV, Parquet)
                   --benchmark NAME  benchmark for files that do not name one
                   --json            print one JSON summary
  seed             import the project's demo data (labelled as demo)
  migrate          create or update the database schema

The database is DATABASE_URL (default: file:var/hintscope.db).`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      benchmark: { type: "string" },
      json: { type: "boolean", default: false },
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
      const db = await openDatabase();
      return runImportCommand(db, rest, { benchmark: values.benchmark, json: values.json });
    }
    case "seed": {
      const db = await openDatabase();
      return runImportCommand(db, DEMO_FILES, { json: values.json, demo: true });
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof TypeError && /parseArgs|option/i.test(String(error)) ? 2 : 1);
  },
);
