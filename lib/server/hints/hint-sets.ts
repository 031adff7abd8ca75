import { PROJECTIONS, type Projection } from "../../analysis/render-hint";
import { diffOfChanges } from "../../export/compare-sets";
import { parseLine, type ReviewSummary } from "../../export/hint-lines";
import { listStateToSearch } from "../../review/list-state";
import { AppError } from "../app-error";
import { bulkTarget, type Database, engineOf, type Tx, writeTurn } from "../db/client";
import { requireKeptPick } from "../list/picks";
import { viewState } from "../list/view-state";
import { readReviewSummary } from "../stored-json";
import { currentHintLines } from "./hint-export";
import {
  fillLineDigests,
  insertVersionLines,
  type StoredLine,
  storedLine,
  versionDifferences,
  versionLineTexts,
} from "./hint-set-lines";

/*
 * Hint sets and their published versions: made, published (frozen, numbered inside the write), read and
 * compared. A version's export is version-export.ts; its native records native-lines.ts.
 */

const asProjection = (p: string): Projection => {
  if (!(PROJECTIONS as readonly string[]).includes(p)) throw new Error(`unknown projection "${p}"`);
  return p as Projection;
};

/** Creates a named hint set over a benchmark under one selection × projection. */
export async function createHintSet(
  db: Database,
  input: { name: string; benchmark: string; selection: string; projection: string; filter?: string | null },
) {
  asProjection(input.projection);
  if (!(await db.benchmark.findUnique({ where: { name: input.benchmark } }))) {
    throw new Error(`no benchmark named "${input.benchmark}"`);
  }
  // A saved view is kept in its normal form (defaults and unknown parameters dropped).
  const view = input.filter ? viewState(input.filter) : null;
  await requireKeptPick(db, view?.pick ?? null);
  const filter = view ? listStateToSearch(view) || null : null;
  return writeTurn(db)(() => db.hintSet.create({ data: { ...input, filter } }));
}

/**
 * Freezes the set's decided hints (accepted, trimmed, flagged) as its next version; later decisions go into
 * the one after. The version number is taken inside the write, so two publishes at once get versions n and
 * n + 1 (on PostgreSQL, whose transactions run side by side, the one that loses the race on the version's
 * unique key takes the next number).
 */
export async function publishHintSet(
  db: Database,
  name: string,
  publishedBy: string | null = null,
  review: ReviewSummary | null = null,
  options: { allowEmpty?: boolean } = {},
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeTurn(db)(() =>
        db.$transaction((tx) => publishWithin(db, tx, name, publishedBy, review, options), {
          timeout: 10 * 60 * 1000,
          maxWait: 60 * 1000,
        }),
      );
    } catch (error) {
      if ((error as { code?: string }).code !== "P2002" || attempt >= 5) throw error;
    }
  }
}

/** Publishes the set's next version inside the caller's transaction `tx` of `db` (a review round publishes in its own). */
export async function publishWithin(
  db: Database,
  tx: Tx,
  name: string,
  publishedBy: string | null,
  review: ReviewSummary | null,
  options: { allowEmpty?: boolean } = {},
) {
  const set = await tx.hintSet.findUnique({ where: { name } });
  if (!set) throw new AppError("not_found", `no hint set named "${name}"`);
  const lines: StoredLine[] = [];
  for await (const line of currentHintLines(
    tx,
    set.benchmark,
    set.selection,
    asProjection(set.projection),
    set.filter,
    engineOf(db).sql,
  )) {
    if (line.status !== "pending") lines.push(storedLine(line));
  }
  // A version with no decided hint is most often a mistake (the wrong benchmark or view): asked first.
  if (lines.length === 0 && options.allowEmpty === false)
    throw new AppError(
      "conflict",
      `"${name}" has no decided hint yet (${set.benchmark}, ${set.selection} × ${set.projection}${set.filter ? `, view ${set.filter}` : ""}): a version published now would be empty`,
    );
  const latest = await tx.hintSetVersion.findFirst({
    where: { hintSetId: set.id },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  const created = await tx.hintSetVersion.create({
    data: {
      hintSetId: set.id,
      version: (latest?.version ?? 0) + 1,
      publishedBy,
      review: review ? JSON.stringify(review) : null,
    },
  });
  await insertVersionLines(bulkTarget(db, tx), created.id, lines);
  return created;
}

/** A published version (the latest by default): its set, number, row id and review. */
export async function findVersion(db: Database, name: string, version?: number) {
  const set = await db.hintSet.findUnique({ where: { name } });
  if (!set) throw new AppError("not_found", `no hint set named "${name}"`);
  const row = await db.hintSetVersion.findFirst({
    where: { hintSetId: set.id, ...(version ? { version } : {}) },
    orderBy: { version: "desc" },
  });
  if (!row)
    throw new AppError(
      "not_found",
      version
        ? `hint set "${name}" has no version ${version}`
        : `hint set "${name}" has no published version: publish it first`,
    );
  return { set, version: row.version, id: row.id, review: readReviewSummary(row.review) };
}

/** The lines of a published version (the latest by default), in order. */
export async function versionLines(db: Database, name: string, version?: number) {
  const { id, ...rest } = await findVersion(db, name, version);
  const texts = await versionLineTexts(bulkTarget(db, db), id);
  return { ...rest, lines: texts.map(parseLine) };
}

/**
 * Two published versions compared, of one set or of two (the latest of each by default): what the compare
 * page and `sets compare` show. The diff lists the first `listed` changes (all by default) and says how many
 * there are (`changedCount`); only the lines of those listed leave the database.
 */
export async function compareVersions(
  db: Database,
  first: { name: string; version?: number },
  second: { name: string; version?: number },
  listed = Number.POSITIVE_INFINITY,
  /** a page: the row (of added, removed, then changed instances) the `listed` differences start at */
  start?: number,
) {
  const before = await findVersion(db, first.name, first.version);
  const after = await findVersion(db, second.name, second.version);
  // Versions published before lines kept their digests get them, once.
  await fillLineDigests(db, [before.id, after.id]);
  const { onlyBefore, onlyAfter, changes, changedCount } = await versionDifferences(
    bulkTarget(db, db),
    before.id,
    after.id,
    listed,
    start,
  );
  return { before, after, diff: diffOfChanges(onlyBefore, onlyAfter, changes, changedCount), changedCount };
}
