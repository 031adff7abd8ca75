/**
 * A published version's lines as rows (HintSetLine): one per instance, in the version's order, each kept as
 * the JSON text it was published as, beside its instance id and status so that SQL can count, pick and
 * compare them without reading a version whole.
 */
import { type HintLine, serialiseLine } from "../../export/hint-lines";
import { type BulkTarget, insertRows, selectRows } from "../db/bulk-sql";

/** A line as stored: its instance, its status and its text (one JSON object, no newline). */
export interface StoredLine {
  instanceId: string;
  status: string;
  line: string;
}

/** A line to store, from its parsed form. */
export const storedLine = (line: HintLine): StoredLine => ({
  instanceId: line.instance_id,
  status: line.status,
  line: serialiseLine(line).replace(/\n$/, ""),
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
    ["versionId", "position", "instanceId", "status", "line"],
    lines.map((l, position) => [versionId, position, l.instanceId, l.status, l.line]),
  );
}

/** A version's lines' texts, in order. */
export async function versionLineTexts(target: BulkTarget, versionId: number): Promise<string[]> {
  const rows = await selectRows(target, `SELECT "line" FROM "HintSetLine" WHERE "versionId" = $1 ORDER BY "position"`, [
    versionId,
  ]);
  return rows.map((row) => String(row.line));
}

/**
 * What differs between two versions, by instance: the instances only one holds, and the lines of both where
 * their texts differ (a line whose text is the same in both is neither read nor parsed). The database joins
 * them on the instance, so two versions of 50,000 lines that differ in a few hand over a few.
 */
export async function differingLines(
  target: BulkTarget,
  before: number,
  after: number,
): Promise<{ onlyBefore: string[]; onlyAfter: string[]; changed: Array<{ before: string; after: string }> }> {
  const [onlyBefore, onlyAfter, changed] = await Promise.all([
    onlyIn(target, before, after),
    onlyIn(target, after, before),
    selectRows(
      target,
      `SELECT a."line" AS "before", b."line" AS "after" FROM "HintSetLine" a
       JOIN "HintSetLine" b ON b."versionId" = $2 AND b."instanceId" = a."instanceId"
       WHERE a."versionId" = $1 AND a."line" <> b."line"`,
      [before, after],
    ),
  ]);
  return {
    onlyBefore,
    onlyAfter,
    changed: changed.map((row) => ({ before: String(row.before), after: String(row.after) })),
  };
}

/** The instances version `version` has a line for and version `other` has not. */
async function onlyIn(target: BulkTarget, version: number, other: number): Promise<string[]> {
  const rows = await selectRows(
    target,
    `SELECT a."instanceId" FROM "HintSetLine" a WHERE a."versionId" = $1
     AND NOT EXISTS (SELECT 1 FROM "HintSetLine" b WHERE b."versionId" = $2 AND b."instanceId" = a."instanceId")`,
    [version, other],
  );
  return rows.map((row) => String(row.instanceId));
}
