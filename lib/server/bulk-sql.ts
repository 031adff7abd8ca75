import { clearLogs } from "@prisma/debug";
import { type Database, driverOf } from "./db";

// SQLite allows 32,766 bound values per statement; PostgreSQL 65,535. Stay under both.
const MAX_VALUES_PER_STATEMENT = 30_000;

export type Cell = string | number | boolean | Date | null;

const scalarType = (value: Cell) =>
  typeof value === "number"
    ? Number.isInteger(value)
      ? ("int" as const)
      : ("float" as const)
    : typeof value === "boolean"
      ? ("boolean" as const)
      : value instanceof Date
        ? ("datetime" as const)
        : ("string" as const);

async function placeholders(db: Database) {
  const driver = await driverOf(db);
  return { driver, placeholder: driver.provider === "postgres" ? (n: number) => `$${n}` : () => "?" };
}

const argTypesOf = (args: Cell[]) => args.map((value) => ({ scalarType: scalarType(value), arity: "scalar" as const }));

/**
 * The rows of `table` whose `keyColumn` is one of `keys` (and whose other columns equal `where`), reading
 * `columns`: the importer's look-up of what a batch already has, on the bulk path's connection.
 */
export async function selectByKeys(
  db: Database,
  table: string,
  columns: readonly string[],
  where: Record<string, Cell>,
  keyColumn: string,
  keys: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  if (keys.length === 0) return [];
  const { driver, placeholder } = await placeholders(db);
  let n = 0;
  const conditions = Object.keys(where).map((column) => `"${column}" = ${placeholder(++n)}`);
  conditions.push(`"${keyColumn}" IN (${keys.map(() => placeholder(++n)).join(", ")})`);
  const args = [...Object.values(where), ...keys];
  const result = await driver.queryRaw({
    sql: `SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}" WHERE ${conditions.join(" AND ")}`,
    args,
    argTypes: argTypesOf(args),
  });
  return result.rows.map((row) => Object.fromEntries(result.columnNames.map((name, i) => [name, row[i]])));
}

/**
 * Inserts many rows with multi-row INSERT statements on the driver connection under `db`, so inside a
 * `db.$transaction` they commit or roll back with it. This is the importer's bulk path: Prisma's query
 * compiler copies every parameter through WebAssembly, which made importing patch text ~8x slower than
 * a plain insert. The SQL is portable (quoted identifiers, the provider's placeholders); `table` and
 * `columns` come from code, never from input.
 */
export async function insertRows(
  db: Database,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<Cell>>,
): Promise<void> {
  if (rows.length === 0) return;
  const { driver, placeholder } = await placeholders(db);
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `;
  const perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    let n = 0;
    const tuples = chunk.map((row) => `(${row.map(() => placeholder(++n)).join(", ")})`);
    const args = chunk.flat();
    await driver.executeRaw({
      sql: head + tuples.join(", "),
      args,
      argTypes: argTypesOf(args),
    });
    // Prisma's debug module keeps the arguments of its last 100 calls for error reports, even with
    // logging off: here that would be 100 batches of patch text. Drop them once the batch is written.
    clearLogs();
  }
}

/**
 * Updates rows by id on the driver connection under `db` (inside its transaction, as insertRows): one
 * prepared statement per row, without Prisma's query compiler, which made the analysis's per-instance
 * updates the slowest part of a large import.
 */
export async function updateRowsById(
  db: Database,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<{ id: number; values: ReadonlyArray<Cell> }>,
): Promise<void> {
  if (rows.length === 0) return;
  const { driver, placeholder } = await placeholders(db);
  const sql = `UPDATE "${table}" SET ${columns.map((c, i) => `"${c}" = ${placeholder(i + 1)}`).join(", ")} WHERE "id" = ${placeholder(columns.length + 1)}`;
  for (const row of rows) {
    const args = [...row.values, row.id];
    await driver.executeRaw({ sql, args, argTypes: argTypesOf(args) });
  }
  clearLogs();
}
