/**
 * The analysis's batch writes on the engine under test (SQLite, or PostgreSQL under
 * HINTSCOPE_TEST_ENGINE=postgres), on real SWE-bench records: an instance analysed again (its patch changed,
 * or every instance marked) ends with exactly the rows a fresh analysis of it writes, none of its old
 * identifiers, selections or research facts left; and on PostgreSQL a batch is written in two statements
 * (issue 47: a dozen round trips through Prisma's transaction were 80 % of its write time under load).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { analysisRecord } from "../../instance-analysis/analysis-record";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { bulkStatementsSent } from "../db/bulk-sql";
import type { Database } from "../db/client";
import { importFiles } from "../import/import-files";
import { analysedRows, writeAnalysedBatch } from "./analysis-batch-write";
import { analyzePendingInstances, markForAnalysis } from "./analyze-stored-instances";
import { pendingReader } from "./pending-instances";
import { backfillResearchFacts } from "./research-fact-rows";

const opened: Array<Awaited<ReturnType<typeof openTempDatabase>>> = [];
afterEach(async () => {
  for (const temp of opened.splice(0)) await temp.close();
});

const records = () =>
  ["swebench-lite.jsonl", "swebench-multilingual.jsonl", "swebench-pro-sample.jsonl"].flatMap((file) =>
    readFileSync(path.join(REAL_DATA, file), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );

async function imported(list: Array<Record<string, unknown>>, temp?: Awaited<ReturnType<typeof openTempDatabase>>) {
  const into = temp ?? (await openTempDatabase());
  if (!temp) opened.push(into);
  const file = path.join(into.tmp.dir, `records-${Date.now()}.jsonl`);
  writeFileSync(file, `${list.map((r) => JSON.stringify(r)).join("\n")}\n`);
  await importFiles(into.db, [file], { benchmark: "Real" });
  return into;
}

/** Every analysed table's rows by the instance's external id (ids and the clock left out), in a fixed order. */
async function analysedTables(db: Database): Promise<Record<string, unknown[]>> {
  const of = (columns: string, table: string, order: string) =>
    db.$queryRawUnsafe<Array<Record<string, unknown>>>(
      `SELECT i."externalId" AS "instance", ${columns} FROM "${table}" t JOIN "Instance" i ON i."id" = t."instanceId"
       ORDER BY i."externalId", ${order}`,
    );
  const normal = (rows: Array<Record<string, unknown>>) =>
    rows.map((row) =>
      Object.values(row).map((v) => (v === null ? null : typeof v === "boolean" ? Number(v) : String(v))),
    );
  return {
    Instance: normal(
      await db.$queryRawUnsafe(
        `SELECT "externalId", "analysisStatus", "analysisError", "approximate", "unsupportedFiles", "hintSource", "evidence",
           "selectionCounts", "countDefuse", "countPro", "leakCount", "researchFacts" FROM "Instance" ORDER BY "externalId"`,
      ),
    ),
    Identifier: normal(
      await of(
        `t."position", t."name", t."member", t."owner", t."kind", t."path", t."newFile", t."signature", t."side", t."status", t."locations"`,
        "Identifier",
        `t."position"`,
      ),
    ),
    IdentifierSelection: normal(
      await of(`t."position", t."selection"`, "IdentifierSelection", `t."position", t."selection"`),
    ),
    SelectionFact: normal(
      await of(
        `t."selection", t."guessworkLeft", t."beyondDefuse", t."transcriptionSum", t."transcriptionCount"`,
        "SelectionFact",
        `t."selection"`,
      ),
    ),
    LeakFact: normal(await of(`t."channel"`, "LeakFact", `t."channel"`)),
    FrontierBasis: normal(await of(`t."basis"`, "FrontierBasis", `t."instanceId"`)),
  };
}

test("an instance analysed again (its patch changed, every instance marked) ends with exactly the rows of a fresh analysis", async () => {
  const original = records();
  // The first record takes the third's patches: its identifiers, selections and facts all change.
  const [first, , third] = original as [Record<string, unknown>, unknown, Record<string, unknown>];
  const changed = [{ ...first, patch: third.patch, test_patch: third.test_patch }, ...original.slice(1)];

  const again = await imported(original);
  await analyzePendingInstances(again.db, undefined, { store: null });
  const before = await analysedTables(again.db);
  await imported(changed, again);
  expect(await markForAnalysis(again.db)).toBe(original.length);
  expect(await analyzePendingInstances(again.db, undefined, { store: null })).toMatchObject({
    analysed: original.length,
    failed: [],
  });

  const fresh = await imported(changed);
  await analyzePendingInstances(fresh.db, undefined, { store: null });
  const expected = await analysedTables(fresh.db);
  // Real rows in every table, and the change reached them (so stale rows would show).
  for (const table of Object.keys(expected)) expect(expected[table]?.length, table).toBeGreaterThan(0);
  expect(before.Identifier).not.toEqual(expected.Identifier);
  expect(await analysedTables(again.db)).toEqual(expected);

  // The research facts made again from what is stored (a version bump) are the ones the analysis wrote.
  await again.db.instance.updateMany({ data: { researchFacts: 0 } });
  const told: Array<[number, number]> = [];
  expect(await backfillResearchFacts(again.db, (filled, total) => told.push([filled, total]))).toBe(original.length);
  expect(told).toEqual([[original.length, original.length]]);
  expect(await analysedTables(again.db)).toEqual(expected);
});

test.skipIf(TEST_ENGINE !== "postgres")(
  "PostgreSQL: a batch of analysed instances is written in two statements (the claim with the old rows' deletes, then every new row)",
  async () => {
    const temp = await imported(records());
    const batch = await pendingReader(temp.db, undefined)(0);
    expect(batch.length).toBe(records().length);
    const analysed = await Promise.all(batch.map(async (i) => analysedRows(i, await analysisRecord(i))));
    const sent = bulkStatementsSent();
    const written = await writeAnalysedBatch(temp.db, analysed, {});
    expect(bulkStatementsSent() - sent).toBe(2);
    expect(written.size).toBe(batch.length);
    expect(await temp.db.identifier.count()).toBe(analysed.reduce((n, a) => n + a.identifiers.length, 0));
    expect(await temp.db.instance.count({ where: { analysisStatus: "pending" } })).toBe(0);
  },
);
