import {
  type BulkTarget,
  type Cell,
  execute,
  insertRows,
  JSON_ROWS_PER_STATEMENT,
  MAX_TEXT_PER_STATEMENT,
  rowsAsJson,
  statementChunks,
  updateCellsById,
  updateRowsById,
} from "./bulk-sql";

/** Rows to insert into a table, or rows of a table to set by id: what insertRows and updateRowsById take. */
export type BulkWrite =
  | { insert: string; columns: readonly string[]; rows: ReadonlyArray<ReadonlyArray<Cell>> }
  | { update: string; columns: readonly string[]; rows: ReadonlyArray<{ id: number; values: ReadonlyArray<Cell> }> };

/** One table's part of a PostgreSQL statement: its SQL given its JSON text's placeholder, and that text. */
interface Part {
  table: string;
  sql: (placeholder: string) => string;
  json: string;
}

function partsOf(write: BulkWrite): Part[] {
  const list = write.columns.map((c) => `"${c}"`).join(", ");
  if ("insert" in write) {
    const table = write.insert;
    // In the rows' order (their ids), read back as the table's own row type, as insertRows writes them.
    const sql = (p: string) =>
      `INSERT INTO "${table}" (${list}) SELECT ${list} FROM json_populate_recordset(NULL::"${table}", ${p}::json) WITH ORDINALITY AS v ORDER BY v."ordinality"`;
    return [...statementChunks(write.rows, JSON_ROWS_PER_STATEMENT)].map((chunk) => ({
      table,
      sql,
      json: rowsAsJson(write.columns, chunk),
    }));
  }
  const table = write.update;
  const sets = write.columns.map((c) => `"${c}" = v."${c}"`).join(", ");
  const sql = (p: string) =>
    `UPDATE "${table}" AS t SET ${sets} FROM json_populate_recordset(NULL::"${table}", ${p}::json) AS v WHERE t."id" = v."id"`;
  const cells = updateCellsById(table, write.columns, write.rows);
  return [...statementChunks(cells, JSON_ROWS_PER_STATEMENT)].map((chunk) => ({
    table,
    sql,
    json: rowsAsJson([...write.columns, "id"], chunk),
  }));
}

/**
 * Writes `writes` in their order inside the open transaction, each as insertRows or updateRowsById would.
 * PostgreSQL: in as few statements as the text bound per statement allows (MAX_TEXT_PER_STATEMENT), each a
 * chain of data-modifying WITH parts bound to one JSON text apiece, since each statement there is a round trip
 * through Prisma's transaction and the server (an analysis batch's dozen statements took about 15 ms each on
 * a loaded machine, 80 % of its write time, where the server worked 1–3 ms). A statement holds at most one
 * part per table, so a table's rows get their ids in the order given; rows that refer to others come after
 * them in `writes` (a statement's foreign keys are checked at its end, so a parent in the same statement
 * counts). SQLite: one write after another (its statements run in this process and cost microseconds).
 */
export async function writeTogether(target: BulkTarget, writes: readonly BulkWrite[]): Promise<void> {
  if (target.dialect !== "postgres") {
    for (const write of writes)
      if ("insert" in write) await insertRows(target, write.insert, write.columns, write.rows);
      else await updateRowsById(target, write.update, write.columns, write.rows);
    return;
  }
  const parts = writes.flatMap(partsOf);
  let start = 0;
  while (start < parts.length) {
    const tables = new Set([(parts[start] as Part).table]);
    let text = (parts[start] as Part).json.length;
    let end = start + 1;
    for (; end < parts.length; end++) {
      const next = parts[end] as Part;
      if (tables.has(next.table) || text + next.json.length > MAX_TEXT_PER_STATEMENT) break;
      tables.add(next.table);
      text += next.json.length;
    }
    const group = parts.slice(start, end);
    const sql =
      group.length === 1
        ? (group[0] as Part).sql("$1")
        : `WITH ${group.map((part, i) => `"w${i}" AS (${part.sql(`$${i + 1}`)})`).join(", ")} SELECT 1`;
    await execute(
      target,
      sql,
      group.map((part) => part.json),
    );
    start = end;
  }
}
