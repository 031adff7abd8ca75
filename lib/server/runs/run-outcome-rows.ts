import { outcomeText } from "../../stats/run-outcome-text";
import { type BulkTarget, cellBoolean, selectRows } from "../db/bulk-sql";

const list = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(", ");

/** The outcome texts of these runs, made from their result rows (read only). */
export async function outcomeTextsFromRows(
  target: BulkTarget,
  runIds: readonly number[],
): Promise<Map<number, string>> {
  if (runIds.length === 0) return new Map();
  const rows = await selectRows(
    target,
    `SELECT "runId", "instanceExternalId", "resolved", "status" FROM "RunResult" WHERE "runId" IN (${list(runIds.length)}) ORDER BY "id"`,
    [...runIds],
  );
  const byRun = new Map<number, Array<[string, boolean, string | null]>>(runIds.map((id) => [id, []]));
  for (const row of rows)
    byRun
      .get(Number(row.runId))
      ?.push([
        String(row.instanceExternalId),
        cellBoolean(row.resolved) === true,
        row.status === null ? null : String(row.status),
      ]);
  return new Map([...byRun].map(([id, results]) => [id, outcomeText(results)]));
}
