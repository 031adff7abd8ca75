/**
 * A published version's lines as rows (HintSetLine): one per instance, in the version's order, each kept as
 * the JSON text it was published as, beside its instance id and status so that SQL can count, pick and
 * compare them without reading a version whole.
 */
import { type Change, changeOrder, comparedDigest, comparedLine, storedLineChange } from "../../export/compare-sets";
import { type HintLine, readStoredLine, serialiseLine } from "../../export/hint-lines";
import { type BulkTarget, execute, insertRows, selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";

/** A line as stored: its instance, its status, its text (one JSON object, no newline) and its digest. */
export interface StoredLine {
  instanceId: string;
  status: string;
  line: string;
  /** what a comparison reads of it, hashed (compare-sets.ts, comparedDigest); null in databases older than digests */
  digest: string | null;
}

/** A line to store, from its parsed form. */
export const storedLine = (line: HintLine): StoredLine => ({
  instanceId: line.instance_id,
  status: line.status,
  line: serialiseLine(line).replace(/\n$/, ""),
  digest: comparedDigest(comparedLine(line)),
});

/** Writes a new version's lines, in order, inside the caller's transaction. */
export async function insertVersionLines(
  target: BulkTarget,
  versionId: number,
  lines: readonly StoredLine[],
): Promise<void> {
  await insertRows(
    target,
    "HintSetLine",
    ["versionId", "position", "instanceId", "status", "line", "digest"],
    lines.map((l, position) => [versionId, position, l.instanceId, l.status, l.line, l.digest]),
  );
}

/**
 * Gives the lines of these versions that were stored without a digest (in databases older than digests)
 * theirs, once: a comparison then reads both versions from the index. Read and hashed 500 lines at a time,
 * each batch written in one statement; a version whose lines all have one costs one indexed look-up.
 */
export async function fillLineDigests(db: Database, versionIds: readonly number[]): Promise<number> {
  let filled = 0;
  const target = bulkTarget(db, db);
  for (const versionId of new Set(versionIds)) {
    // In instance order from the index, on from the last batch: each batch reads only lines not yet seen.
    let after = "";
    for (;;) {
      const rows = await selectRows(
        target,
        `SELECT "position", "instanceId", "line" FROM "HintSetLine"
         WHERE "versionId" = $1 AND "instanceId" > $2 AND "digest" IS NULL ORDER BY "instanceId" LIMIT 500`,
        [versionId, after],
      );
      if (rows.length === 0) break;
      after = String(rows[rows.length - 1]?.instanceId);
      const args: Array<number | string> = [versionId];
      const cases = rows.map((row) => {
        args.push(Number(row.position), comparedDigest(readStoredLine(String(row.line))));
        return `WHEN $${args.length - 1} THEN $${args.length}`;
      });
      const positions = cases.map((_, n) => `$${2 * n + 2}`).join(", ");
      await writeTurn(db)(() =>
        db.$transaction(
          (tx) =>
            execute(
              bulkTarget(db, tx),
              `UPDATE "HintSetLine" SET "digest" = CASE "position" ${cases.join(" ")} END
             WHERE "versionId" = $1 AND "position" IN (${positions}) AND "digest" IS NULL`,
              args,
            ),
          transactionTimeouts({ rows: rows.length, msPerRow: 1 }),
        ),
      );
      filled += rows.length;
    }
  }
  return filled;
}

/** A version's lines' texts, in order. */
export async function versionLineTexts(target: BulkTarget, versionId: number): Promise<string[]> {
  const rows = await selectRows(target, `SELECT "line" FROM "HintSetLine" WHERE "versionId" = $1 ORDER BY "position"`, [
    versionId,
  ]);
  return rows.map((row) => String(row.line));
}

/**
 * What differs between two versions, by instance: the instances only one holds, and the changes of the lines
 * both hold (compare-sets.ts, lineChange), the first `listed` of them in the diff's order, with how many there
 * are. The database joins the two versions by their lines' digests, from an index: two versions of 50,000
 * lines hand over the ids of the instances that changed, and the lines of those listed. Lines stored
 * without a digest are compared by their texts, and those pairs read and compared whole.
 */
export async function versionDifferences(
  target: BulkTarget,
  before: number,
  after: number,
  listed = Number.POSITIVE_INFINITY,
  /**
   * A page of the whole list (added, removed, then changed instances): the row `listed` rows start at, the
   * added and removed among them counted. Without it, the first `listed` changes.
   */
  start?: number,
): Promise<{ onlyBefore: string[]; onlyAfter: string[]; changes: Change[]; changedCount: number }> {
  const [differing, textsDiffer] = await Promise.all([
    // The two versions joined from the index: the instances only one holds, and those both hold whose digests
    // differ (a digest differs exactly where what a comparison reads differs: each is a change). Two joins by
    // the index, not one FULL JOIN: SQLite ran that as a scan of one side per row of the other (50,000²).
    selectRows(
      target,
      `SELECT a."instanceId", CASE WHEN b."instanceId" IS NULL THEN 'before' ELSE 'both' END AS "in"
       FROM "HintSetLine" a LEFT JOIN "HintSetLine" b ON b."versionId" = $2 AND b."instanceId" = a."instanceId"
       WHERE a."versionId" = $1 AND (b."instanceId" IS NULL OR a."digest" <> b."digest")
       UNION ALL
       SELECT b."instanceId", 'after' AS "in" FROM "HintSetLine" b
       WHERE b."versionId" = $2
         AND NOT EXISTS (SELECT 1 FROM "HintSetLine" a WHERE a."versionId" = $1 AND a."instanceId" = b."instanceId")`,
      [before, after],
    ),
    // Either line without a digest (stored before digests were kept): compared by text, read to know.
    selectRows(
      target,
      `SELECT a."instanceId" FROM "HintSetLine" a
       JOIN "HintSetLine" b ON b."versionId" = $2 AND b."instanceId" = a."instanceId"
       WHERE a."versionId" = $1 AND a."digest" IS NULL AND a."line" <> b."line"
       UNION
       SELECT b."instanceId" FROM "HintSetLine" b
       JOIN "HintSetLine" a ON a."versionId" = $1 AND a."instanceId" = b."instanceId"
       WHERE b."versionId" = $2 AND b."digest" IS NULL AND a."line" <> b."line"`,
      [before, after],
    ),
  ]);
  const inOnly = (where: string) => differing.filter((row) => row.in === where).map((row) => String(row.instanceId));
  const [onlyBefore, onlyAfter, digestsDiffer] = [inOnly("before"), inOnly("after"), inOnly("both")];
  const known = new Map<string, Change | null>();
  const read = async (ids: readonly string[]) => {
    for (const { instanceId, change } of await changesOf(target, before, after, ids)) known.set(instanceId, change);
  };
  await read(textsDiffer.map((row) => String(row.instanceId)));
  const changed = [...digestsDiffer, ...[...known].flatMap(([id, change]) => (change ? [id] : []))].sort(changeOrder);
  // A page's rows past the added and removed instances are changes: only those are read.
  const first = start ?? 0;
  const ahead = start === undefined ? 0 : onlyAfter.length + onlyBefore.length;
  // (Of the page's rows, those the added and removed instances take; the rest are changes from changeStart.)
  const takenAhead = Math.max(0, ahead - first);
  const changeStart = Math.max(0, first - ahead);
  const shown = changed.slice(changeStart, changeStart + Math.max(0, listed - takenAhead));
  await read(shown.filter((id) => !known.has(id)));
  const changes = shown.flatMap((id) => known.get(id) ?? []);
  // A pair whose digests differ but whose lines read the same (a digest made by other rules) is no change.
  const unchanged = shown.length - changes.length;
  return { onlyBefore, onlyAfter, changes, changedCount: changed.length - unchanged };
}

/** The changes between the two versions' lines of these instances (null: none), read 500 at a time. */
async function changesOf(
  target: BulkTarget,
  before: number,
  after: number,
  ids: readonly string[],
): Promise<Array<{ instanceId: string; change: Change | null }>> {
  const found: Array<{ instanceId: string; change: Change | null }> = [];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const rows = await selectRows(
      target,
      `SELECT a."instanceId", a."line" AS "before", b."line" AS "after" FROM "HintSetLine" a
       JOIN "HintSetLine" b ON b."versionId" = $2 AND b."instanceId" = a."instanceId"
       WHERE a."versionId" = $1 AND a."instanceId" IN (${chunk.map((_, n) => `$${n + 3}`).join(", ")})`,
      [before, after, ...chunk],
    );
    for (const row of rows)
      found.push({
        instanceId: String(row.instanceId),
        change: storedLineChange(String(row.before), String(row.after)),
      });
  }
  return found;
}
