import type { Database, Tx } from "./client";

/**
 * Most keys (instance ids, external ids, …) one statement of a read binds. SQLite allows 32,766 bound values
 * per statement and PostgreSQL 65,535; a read of "the rows of these instances" binds its keys and a few fixed
 * values, so it stays far under both however many rows each instance has.
 */
export const KEYS_PER_READ = 1_000;

/**
 * The rows `read` finds for `keys`, asked `KEYS_PER_READ` keys at a time (one statement each, one after another),
 * in the order of the chunks: the one way a read over a page (or a whole list) of instances binds its keys.
 * `read` must bind only its chunk and fixed values: no `include` of a to-many relation, which Prisma binds a
 * value or two per row it found (use identifiersWithSelections for identifiers and their selections).
 */
export async function readByKeys<K, R>(
  keys: readonly K[],
  read: (chunk: K[]) => Promise<R[]>,
  perStatement: number = KEYS_PER_READ,
): Promise<R[]> {
  const rows: R[] = [];
  for (let start = 0; start < keys.length; start += perStatement) {
    const found = await read(keys.slice(start, start + perStatement));
    for (const row of found) rows.push(row);
  }
  return rows;
}

/**
 * The identifiers of these instances, in instance and discovery order (instanceId, position), each with its
 * selection rows as `include: WITH_SELECTIONS` gives them (`selections: [{ selection }]`, for withPolicies).
 * Read as two statements per chunk of instances, the identifiers and their selection rows, each binding only
 * the chunk's ids: Prisma's include of the selections binds the composite key of every identifier found
 * (two values each), which failed with "too many SQL variables" on SQLite for 500 instances of 90 identifiers.
 */
export async function identifiersWithSelections(db: Database | Tx, instanceIds: readonly number[]) {
  const identifiers = await readByKeys(instanceIds, (chunk) =>
    db.identifier.findMany({
      where: { instanceId: { in: chunk } },
      orderBy: [{ instanceId: "asc" }, { position: "asc" }],
    }),
  );
  const picked = await readByKeys(instanceIds, (chunk) =>
    db.identifierSelection.findMany({
      where: { instanceId: { in: chunk } },
      select: { instanceId: true, position: true, selection: true },
    }),
  );
  const selectionsOf = new Map<string, Array<{ selection: string }>>();
  for (const { instanceId, position, selection } of picked) {
    const key = `${instanceId}:${position}`;
    const list = selectionsOf.get(key);
    if (list) list.push({ selection });
    else selectionsOf.set(key, [{ selection }]);
  }
  // In id order across chunks too: the chunks follow the caller's order of ids, the rows are sorted within each.
  identifiers.sort((a, b) => a.instanceId - b.instanceId || a.position - b.position);
  return identifiers.map((identifier) => ({
    ...identifier,
    selections: selectionsOf.get(`${identifier.instanceId}:${identifier.position}`) ?? [],
  }));
}
