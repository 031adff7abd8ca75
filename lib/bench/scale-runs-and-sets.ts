import { writeFileSync } from "node:fs";
import path from "node:path";
import type { HintLine } from "../export/hint-lines";
import { bulkTarget, type Database } from "../server/db/client";
import { currentHintLines } from "../server/hints/hint-export";
import { insertVersionLines, storedLine } from "../server/hints/hint-set-lines";
import { importFiles } from "../server/import/import-files";

/** The hint set the scale bench compares, version 1 against version 2. */
export const SCALE_HINT_SET = "scale-pro";

/**
 * Gives a scale corpus what the benchmark, compare and research pages read at size, once (a reused database
 * keeps them): nine runs over every instance (SWE-bench Pro's `eval_results.json` shape, a different share
 * resolved each), and a Pro × Pro hint set with two published versions, every hint the analysis makes
 * accepted in the first, one in ten trimmed of its first identifier in the second.
 */
export async function addRunsAndHintSet(db: Database, benchmark: string, dir: string): Promise<void> {
  if ((await db.run.count()) === 0) {
    const ids = (await db.instance.findMany({ select: { externalId: true }, orderBy: { id: "asc" } })).map(
      (i) => i.externalId,
    );
    const files = Array.from({ length: 9 }, (_, run) => {
      const file = path.join(dir, `scale-model-${run}.eval_results.json`);
      writeFileSync(
        file,
        JSON.stringify(Object.fromEntries(ids.map((id, n) => [id, (n * 7 + run * 13) % 10 < 2 + run]))),
      );
      return file;
    });
    await importFiles(db, files, { benchmark });
  }
  if ((await db.hintSet.count({ where: { name: SCALE_HINT_SET } })) > 0) return;
  const lines: HintLine[] = [];
  for await (const line of currentHintLines(db, benchmark, "pro", "pro")) lines.push(line);
  const first = lines.map((line) => ({ ...line, status: "accepted" as const }));
  const second = lines.map(
    (line, n): HintLine =>
      n % 10 === 0 && line.identifiers.length > 0
        ? { ...line, status: "trimmed", identifiers: line.identifiers.slice(1) }
        : { ...line, status: "accepted" },
  );
  // The lines by the bulk insert the app publishes with (a nested create of 50,000 rows through the client
  // took longer than the import and analysis on PostgreSQL).
  await db.$transaction(
    async (tx) => {
      const set = await tx.hintSet.create({
        data: { name: SCALE_HINT_SET, benchmark, selection: "pro", projection: "pro" },
      });
      for (const [n, version] of [first, second].entries()) {
        const { id } = await tx.hintSetVersion.create({
          data: { hintSetId: set.id, version: n + 1, publishedBy: "bench" },
        });
        await insertVersionLines(bulkTarget(db, tx), id, version.map(storedLine));
      }
    },
    { timeout: 10 * 60 * 1000 },
  );
}
