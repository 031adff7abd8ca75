import { userInfo } from "node:os";
import { AppError } from "../server/app-error";
import type { Database } from "../server/db";
import { deleteRun, listRuns, moveRun } from "../server/runs";
import { textTable } from "./report-command";

const USAGE = `usage: hints runs list [--benchmark NAME] [--json]
       hints runs delete ID           (its results, agent patches and verdicts go with it)
       hints runs move ID --benchmark NAME`;

/** Who did it, from the shell: the account running the command. */
const actor = () => `command line (${userInfo().username})`;

/** `hints runs …`: the runs imported, and taking one back (deleted, or moved to its right benchmark), audited. */
export async function runRunsCommand(
  db: Database,
  args: string[],
  o: { benchmark?: string; json: boolean },
): Promise<number> {
  const [verb, id] = args;
  try {
    if (verb === "list") {
      const runs = await listRuns(db, o.benchmark);
      process.stdout.write(o.json ? `${JSON.stringify(runs)}\n` : `${textTable(runs)}\n`);
      return 0;
    }
    const runId = Number(id);
    if ((verb === "delete" || verb === "move") && Number.isInteger(runId) && runId > 0) {
      if (verb === "delete") {
        const done = await deleteRun(db, runId, actor());
        process.stdout.write(
          o.json
            ? `${JSON.stringify(done)}\n`
            : `Deleted ${done.run}: ${done.results} results, ${done.patches} agent patches, ${done.verdicts} verdicts.\n`,
        );
        return 0;
      }
      if (!o.benchmark) throw new AppError("bad_request", "move needs --benchmark NAME (the benchmark it belongs to)");
      const done = await moveRun(db, runId, o.benchmark, actor());
      process.stdout.write(o.json ? `${JSON.stringify(done)}\n` : `Moved ${done.run} to ${done.to}.\n`);
      return 0;
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return error.code === "not_found" ? 1 : 2;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}
