import { userInfo } from "node:os";
import { AppError } from "../server/app-error";
import type { Database } from "../server/db/client";
import { listImports, takeBackImport, takenBackSentence } from "../server/import/imports";
import { deleteRun, listRuns, moveRun } from "../server/import/runs";
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
    return refused(error);
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

/** An AppError said on stderr with its exit code (1: not there, 2: refused); anything else is a crash. */
function refused(error: unknown): number {
  if (!(error instanceof AppError)) throw error;
  process.stderr.write(`${error.message}\n`);
  return error.code === "not-found" ? 1 : 2;
}

const IMPORTS_USAGE = `usage: hints imports list [--json]
       hints imports take-back ID [--force]   (every row the file added; --force: curators' work on them too)`;

/** `hints imports …`: the import history, and taking a whole import back, audited. */
export async function runImportsCommand(
  db: Database,
  args: string[],
  o: { json: boolean; force: boolean },
): Promise<number> {
  const [verb, id] = args;
  try {
    if (verb === "list") {
      const imports = await listImports(db);
      process.stdout.write(
        o.json
          ? `${JSON.stringify(imports)}\n`
          : `${textTable(
              imports.map((i) => ({
                id: i.id,
                when: i.createdAt.toISOString().slice(0, 16).replace("T", " "),
                file: i.file,
                format: i.format,
                benchmark: i.benchmark ?? "",
                added: i.added,
                updated: i.updated,
                taken_back: i.takenBackAt ? `${i.takenBackAt.toISOString().slice(0, 10)} by ${i.takenBackBy}` : "",
              })),
            )}\n`,
      );
      return 0;
    }
    const importId = Number(id);
    if (verb === "take-back" && Number.isInteger(importId) && importId > 0) {
      const done = await takeBackImport(db, importId, actor(), { force: o.force });
      process.stdout.write(o.json ? `${JSON.stringify(done)}\n` : `${takenBackSentence(done)}\n`);
      return 0;
    }
  } catch (error) {
    return refused(error);
  }
  process.stderr.write(`${IMPORTS_USAGE}\n`);
  return 2;
}
