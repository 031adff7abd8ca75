// Over 300 lines: every bulk statement shape both engines share (placeholders, JSON rows, text bounds) in one place.
import type { ArgType, SqlQueryable } from "@prisma/driver-adapter-utils";
import type { SqlDialect } from "./database-url";

// SQLite allows 32,766 bound values per statement; PostgreSQL 65,535. Stay under both.
const MAX_VALUES_PER_STATEMENT = 4_000;
/**
 * Characters of text per statement, past its first row. Prisma's client and the PostgreSQL adapter each keep
 * their last 100 debug calls, with logging off: a raw statement's values as one JSON text (the client) and
 * its arguments (the adapter). At 4,000 values an instance insert is about 200 rows of patches, 10 MB, and
 * 100 of them held a gigabyte that grew with the import up to that bound; at this size they hold tens of MB.
 */
export const MAX_TEXT_PER_STATEMENT = 256 * 1024;

const textLength = (row: ReadonlyArray<Cell>) => {
  let length = 0;
  for (const cell of row) if (typeof cell === "string") length += cell.length;
  return length;
};

/** Rows in consecutive runs of at most `perStatement` rows and (past each run's first) MAX_TEXT_PER_STATEMENT characters of text. */
export function* statementChunks<T extends ReadonlyArray<Cell>>(rows: ReadonlyArray<T>, perStatement: number) {
  let start = 0;
  while (start < rows.length) {
    let end = start + 1;
    let text = textLength(rows[start] as T);
    while (end < rows.length && end - start < perStatement) {
      text += textLength(rows[end] as T);
      if (text > MAX_TEXT_PER_STATEMENT) break;
      end++;
    }
    yield rows.slice(start, end);
    start = end;
  }
}

export type Cell = string | number | boolean | Date | null;

const sent = { statements: 0 };
/**
 * How many statements this process has sent by the bulk path so far (a test counts a write's round trips by
 * the difference: on PostgreSQL each one goes through Prisma's transaction and the server and back).
 */
export const bulkStatementsSent = () => sent.statements;

/** What the bulk path needs of a client: Prisma's public raw-SQL calls (a transaction client, usually). */
export interface RawClient {
  $executeRawUnsafe(sql: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(sql: string, ...values: unknown[]): Promise<T>;
}

/**
 * What a driver connection offers: the driver-adapter contract's query calls, typed from the package that
 * declares it (a declared dependency, pinned with the adapters), so a change of that contract in a Prisma
 * upgrade breaks the build here rather than an import at run time.
 */
type DriverConnection = SqlQueryable;

/**
 * Where bulk statements go, in which SQL dialect (placeholders `?` for SQLite, `$n` for PostgreSQL): a
 * driver connection (SQLite: the one Prisma's transaction runs on), or a transaction client's raw SQL.
 */
export type BulkTarget =
  | { dialect: SqlDialect; driver: Promise<DriverConnection>; client?: undefined }
  | { dialect: SqlDialect; client: RawClient; driver?: undefined };

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
const argTypesOf = (args: Cell[]): ArgType[] =>
  args.map((value) => ({ scalarType: scalarType(value), arity: "scalar" }));

/** A stored boolean as read back: PostgreSQL hands booleans over as booleans, the SQLite driver as 0/1 or "0"/"1". */
export function cellBoolean(value: unknown): boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value;
  return ["1", "true", "t"].includes(String(value));
}

/** Texts read as one JSON array text (SqlPieces.jsonTexts); none where it is NULL. */
export function readJsonTexts(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const parsed: unknown = JSON.parse(String(value));
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === "string"))
    throw new Error(`expected a JSON array of texts, read ${String(value).slice(0, 40)}`);
  return parsed;
}

const [COMMA, MINUS, ZERO, NINE] = [",", "-", "0", "9"].map((c) => c.charCodeAt(0)) as [number, number, number, number];

/**
 * Integers read as one comma-separated text (SqlPieces.intList); none where it is NULL. Read digit by digit
 * into one typed array: no string per number.
 */
export function readIntList(value: unknown): Int32Array {
  if (value === null || value === undefined) return new Int32Array(0);
  const text = String(value);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === COMMA) count++;
  const list = new Int32Array(count);
  let n = 0;
  let at = 0;
  while (n < count) {
    const negative = text.charCodeAt(at) === MINUS;
    if (negative) at++;
    const start = at;
    let number = 0;
    for (let c = text.charCodeAt(at); c >= ZERO && c <= NINE; c = text.charCodeAt(++at))
      number = number * 10 + c - ZERO;
    const ended = at === text.length ? n === count - 1 : text.charCodeAt(at) === COMMA;
    if (at === start || !ended || number > (negative ? 2 ** 31 : 2 ** 31 - 1))
      throw new Error(
        `expected comma-separated integers, read ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))}`,
      );
    list[n++] = negative ? -number : number;
    at++;
  }
  return list;
}

/**
 * Runs one statement and returns how many rows it changed. Its placeholders are the engine's own, or written
 * `$1`, `$2`… in any order and any number of times, as selectRows takes them.
 */
export async function execute(target: BulkTarget, given: string, givenArgs: Cell[]): Promise<number> {
  sent.statements++;
  const { sql, args } = /\$\d/.test(given) ? bound(target, given, givenArgs) : { sql: given, args: givenArgs };
  if (target.driver) return (await target.driver).executeRaw({ sql, args, argTypes: argTypesOf(args) });
  return target.client.$executeRawUnsafe(sql, ...args);
}

/**
 * A statement whose placeholders are written `$1`, `$2`… in any order, any number of times, as the engine
 * takes it: the SQLite driver gets a `?` for each, and the values in the order the `?`s come.
 */
function bound(target: BulkTarget, sql: string, args: Cell[]): { sql: string; args: Cell[] } {
  const ordered: Cell[] = [];
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= args.length) throw new Error(`placeholder $${n} has no value (${args.length} given)`);
    ordered.push(args[index] as Cell);
    return "?";
  });
  return target.dialect === "postgres" ? { sql, args } : { sql: text, args: ordered };
}

async function query(target: BulkTarget, sql: string, args: Cell[]): Promise<Array<Record<string, unknown>>> {
  sent.statements++;
  if (!target.driver) return target.client.$queryRawUnsafe<Array<Record<string, unknown>>>(sql, ...args);
  const result = await (await target.driver).queryRaw({ sql, args, argTypes: argTypesOf(args) });
  return result.rows.map((row) => Object.fromEntries(result.columnNames.map((name, i) => [name, row[i]])));
}

const placeholderOf = (dialect: SqlDialect) => (dialect === "postgres" ? (n: number) => `$${n}` : () => "?");

/**
 * Reads rows with one statement whose placeholders are written `$1`, `$2`… in any order, any number of times
 * (the SQLite driver gets a `?` for each, and the values in the order the `?`s come): on SQLite straight
 * from the driver, which hands over long texts (patches) without copying them through Prisma's query engine.
 */
export async function selectRows(
  target: BulkTarget,
  sql: string,
  args: Cell[],
): Promise<Array<Record<string, unknown>>> {
  const statement = bound(target, sql, args);
  return query(target, statement.sql, statement.args);
}

/**
 * The rows of `table` whose `keyColumn` is one of `keys` (and whose other columns equal `where`), reading
 * `columns`: the importer's look-up of what a batch already has.
 */
export async function selectByKeys(
  target: BulkTarget,
  table: string,
  columns: readonly string[],
  where: Record<string, Cell>,
  keyColumn: string,
  keys: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  if (keys.length === 0) return [];
  const placeholder = placeholderOf(target.dialect);
  let n = 0;
  const conditions = Object.keys(where).map((column) => `"${column}" = ${placeholder(++n)}`);
  conditions.push(`"${keyColumn}" IN (${keys.map(() => placeholder(++n)).join(", ")})`);
  return query(
    target,
    `SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}" WHERE ${conditions.join(" AND ")}`,
    [...Object.values(where), ...keys],
  );
}

/**
 * The rows of `table` whose `keyColumns` are one of `keys` (a tuple each, compared as row values: SQLite
 * and PostgreSQL both read `(a, b) IN (VALUES (…), (…))`) and whose other columns equal `where`. `casts`
 * names the PostgreSQL type of a key column that is not text (its parameters are typed in VALUES).
 */
export async function selectByRowKeys(
  target: BulkTarget,
  table: string,
  columns: readonly string[],
  where: Record<string, Cell>,
  keyColumns: readonly string[],
  keys: ReadonlyArray<ReadonlyArray<Cell>>,
  casts: Readonly<Record<string, string>> = {},
): Promise<Array<Record<string, unknown>>> {
  if (keys.length === 0) return [];
  const placeholder = placeholderOf(target.dialect);
  const perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / keyColumns.length) - 1);
  const rows: Array<Record<string, unknown>> = [];
  for (let start = 0; start < keys.length; start += perStatement) {
    const chunk = keys.slice(start, start + perStatement);
    let n = 0;
    const conditions = Object.keys(where).map((column) => `"${column}" = ${placeholder(++n)}`);
    const tuple = () =>
      `(${keyColumns
        .map((column) => {
          const p = placeholder(++n);
          return target.dialect === "postgres" && casts[column] ? `${p}::${casts[column]}` : p;
        })
        .join(", ")})`;
    const values = chunk.map(tuple).join(", ");
    conditions.push(`(${keyColumns.map((c) => `"${c}"`).join(", ")}) IN (VALUES ${values})`);
    rows.push(
      ...(await query(
        target,
        `SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}" WHERE ${conditions.join(" AND ")}`,
        [...Object.values(where), ...chunk.flat()],
      )),
    );
  }
  return rows;
}

/** A cell a column can store: a number must be finite (JSON, and so the PostgreSQL path, has no NaN). */
export function finite(column: string, value: Cell): Cell {
  if (typeof value === "number" && !Number.isFinite(value))
    throw new Error(`column "${column}" cannot store ${value} (a finite number is needed)`);
  return value;
}

/**
 * Rows as one JSON text bound to a single parameter, for PostgreSQL to read back typed as `table`'s own row
 * (`json_populate_recordset(NULL::"table", …)`): one statement for many rows, whatever their columns' types,
 * with no list of them here. Each row is an object of its columns' values (Dates as ISO texts, which a
 * timestamp column reads as the same instant Prisma writes).
 */
export function rowsAsJson(columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<Cell>>): string {
  const objects = rows.map((row) => {
    const object: Record<string, Cell> = {};
    columns.forEach((column, i) => {
      object[column] = finite(column, row[i] as Cell);
    });
    return object;
  });
  return JSON.stringify(objects);
}

/** Rows per statement of the PostgreSQL JSON path: bound by text (statementChunks) more than by this. */
export const JSON_ROWS_PER_STATEMENT = 5_000;

/**
 * Inserts many rows with multi-row INSERT statements inside the open transaction, so they commit or roll
 * back with it, on either engine. This is the importer's bulk
 * path: one statement per few thousand rows instead of one Prisma call per row. The SQL is portable
 * (quoted identifiers, the dialect's placeholders); `table` and `columns` come from code, never from input.
 */
export async function insertRows(
  target: BulkTarget,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<Cell>>,
): Promise<void> {
  if (rows.length === 0) return;
  const list = columns.map((c) => `"${c}"`).join(", ");
  if (target.dialect === "postgres") {
    // One JSON text per statement, read back as the table's own row type, in the rows' order (their ids).
    const sql = `INSERT INTO "${table}" (${list}) SELECT ${list} FROM json_populate_recordset(NULL::"${table}", $1::json) WITH ORDINALITY AS v ORDER BY v."ordinality"`;
    for (const chunk of statementChunks(rows, JSON_ROWS_PER_STATEMENT))
      await execute(target, sql, [rowsAsJson(columns, chunk)]);
    return;
  }
  const placeholder = placeholderOf(target.dialect);
  const head = `INSERT INTO "${table}" (${list}) VALUES `;
  const perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / columns.length));
  for (const chunk of statementChunks(rows, perStatement)) {
    let n = 0;
    const tuples = chunk.map((row) => `(${row.map(() => placeholder(++n)).join(", ")})`);
    await execute(target, head + tuples.join(", "), chunk.flat());
  }
}

/** Deletes the rows of `table` whose `column` is one of `values` (inside the caller's transaction, as insertRows). */
export async function deleteWhereIn(
  target: BulkTarget,
  table: string,
  column: string,
  values: ReadonlyArray<Cell>,
): Promise<number> {
  const placeholder = placeholderOf(target.dialect);
  let deleted = 0;
  for (let start = 0; start < values.length; start += MAX_VALUES_PER_STATEMENT) {
    const chunk = values.slice(start, start + MAX_VALUES_PER_STATEMENT);
    deleted += await execute(
      target,
      `DELETE FROM "${table}" WHERE "${column}" IN (${chunk.map((_, i) => placeholder(i + 1)).join(", ")})`,
      [...chunk],
    );
  }
  return deleted;
}

/** Rows to set by id as cells (their values, then the id), checked: distinct ids, finite numbers. */
export function updateCellsById(
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<{ id: number; values: ReadonlyArray<Cell> }>,
): Cell[][] {
  const ids = new Set<number>();
  for (const row of rows) {
    if (ids.has(row.id)) throw new Error(`updateRowsById: the id ${row.id} of "${table}" is given twice`);
    ids.add(row.id);
    for (const [i, value] of row.values.entries()) finite(columns[i] as string, value);
  }
  return rows.map((row) => [...row.values, row.id]);
}

/**
 * Updates rows by id inside the open transaction (as insertRows), each row's `columns` set to its `values`.
 * PostgreSQL: one statement per few thousand rows (`UPDATE … FROM json_populate_recordset(…)`), since every
 * statement there is a round trip through Prisma's transaction and the server (an analysis batch's 50
 * statements per 50 instances were most of its write time, issue 47). SQLite: one prepared statement per row,
 * in this process, which costs it microseconds. The ids must be distinct (one row, one set of values).
 */
export async function updateRowsById(
  target: BulkTarget,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<{ id: number; values: ReadonlyArray<Cell> }>,
): Promise<void> {
  if (rows.length === 0) return;
  const cells = updateCellsById(table, columns, rows);
  if (target.dialect === "postgres") {
    const sets = columns.map((c) => `"${c}" = v."${c}"`).join(", ");
    const sql = `UPDATE "${table}" AS t SET ${sets} FROM json_populate_recordset(NULL::"${table}", $1::json) AS v WHERE t."id" = v."id"`;
    for (const chunk of statementChunks(cells, JSON_ROWS_PER_STATEMENT))
      await execute(target, sql, [rowsAsJson([...columns, "id"], chunk)]);
    return;
  }
  const placeholder = placeholderOf(target.dialect);
  const sql = `UPDATE "${table}" SET ${columns.map((c, i) => `"${c}" = ${placeholder(i + 1)}`).join(", ")} WHERE "id" = ${placeholder(columns.length + 1)}`;
  for (const row of rows) await execute(target, sql, [...row.values, row.id]);
}
