import { deleteWhereIn, selectRows } from "../db/bulk-sql";
import { bulkTarget, claimRows, type Database, type Tx } from "../db/client";

/**
 * Inside a write transaction: which of the instances `ids` still meet `condition` (SQL on the instance's
 * columns, from code), each held until the transaction ends as claimRows holds them, with their rows of
 * `tables` (each keyed by "instanceId") deleted, to be written again. PostgreSQL: one statement (the claim a
 * WITH part the deletes read), since each statement there is a round trip through Prisma's transaction and
 * the server; SQLite: the claim, then a delete per table.
 */
export async function claimAndClear(
  db: Database,
  tx: Tx,
  condition: string,
  ids: readonly number[],
  tables: readonly string[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const target = bulkTarget(db, tx);
  if (target.dialect !== "postgres") {
    const mine = await claimRows(db, tx, "Instance", condition, ids);
    for (const table of tables) await deleteWhereIn(target, table, "instanceId", [...mine]);
    return mine;
  }
  const deletes = tables.map(
    (table, i) => `, "d${i}" AS (DELETE FROM "${table}" WHERE "instanceId" IN (SELECT "id" FROM "mine"))`,
  );
  const rows = await selectRows(
    target,
    `WITH "mine" AS (SELECT "id" FROM "Instance" WHERE ${condition} AND "id" IN (${ids.map((_, i) => `$${i + 1}`).join(", ")})
       ORDER BY "id" FOR UPDATE)${deletes.join("")}
     SELECT "id" FROM "mine"`,
    [...ids],
  );
  return new Set(rows.map((row) => Number(row.id)));
}
