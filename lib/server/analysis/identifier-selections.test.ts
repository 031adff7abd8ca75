/**
 * An identifier's selections are rows (IdentifierSelection): the analysis stores exactly the selections its
 * own result gives each identifier (real SWE-bench Pro records), a read gives them back in SELECTIONS order,
 * a re-analysis or a deleted instance leaves no row behind, and the migration turns the JSON arrays of a
 * database in the old shape into the same rows. Both engines.
 */
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SELECTIONS } from "../../domain/hint-vocabulary";
import { analysisRecord } from "../../instance-analysis/analysis-record";
import { REAL_DATA } from "../../testing/real-data";
import { migrationStatements, openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { policiesOf, WITH_SELECTIONS, withPolicies } from "../stored-json";
import { analyzePendingInstances } from "./analyze-stored-instances";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-pro-sample.jsonl")]);
  await analyzePendingInstances(env.db);
});
afterAll(() => env.close());

/** Every stored identifier as [instance id, position, name, its selections as read]. */
const storedSelections = async () =>
  (
    await env.db.identifier.findMany({
      orderBy: [{ instanceId: "asc" }, { position: "asc" }],
      include: WITH_SELECTIONS,
    })
  ).map((i) => [i.instanceId, i.position, i.name, withPolicies(i).policies] as const);

test("the rows are the analysis's own selections of each identifier, read back in SELECTIONS order", async () => {
  const instances = await env.db.instance.findMany({ orderBy: { id: "asc" } });
  const expected: Array<readonly [number, number, string, string[]]> = [];
  for (const instance of instances) {
    const record = await analysisRecord({ ...instance, modelWritten: [] });
    if ("patchError" in record) continue;
    record.identifiers.forEach((row, position) => {
      const selections = record.selections.filter(([p]) => p === position).map(([, s]) => s);
      expected.push([instance.id, position, row[0] as string, selections]);
    });
  }
  const stored = await storedSelections();
  expect(stored).toEqual(expected);
  // Some identifiers are picked by several selections, some by none: both shapes are here.
  expect(stored.some(([, , , s]) => s.length > 1)).toBe(true);
  expect(stored.some(([, , , s]) => s.length === 0)).toBe(true);
  for (const [, , , selections] of stored)
    expect(selections).toEqual(
      [...selections].sort((a, b) => SELECTIONS.indexOf(a as never) - SELECTIONS.indexOf(b as never)),
    );
});

test("a name beyond SELECTIONS reads after them, by name; a selection listed twice reads once", () => {
  expect(
    policiesOf([{ selection: "zeta" }, { selection: "pro" }, { selection: "constructor" }, { selection: "defuse" }]),
  ).toEqual(["defuse", "pro", "constructor", "zeta"]);
});

test("a re-analysis replaces an instance's rows, and a deleted instance leaves none", async () => {
  const before = await storedSelections();
  const rows = await env.db.identifierSelection.count();
  const instance = await env.db.instance.findFirstOrThrow({
    where: { identifiers: { some: { selections: { some: {} } } } },
  });
  await env.db.instance.update({ where: { id: instance.id }, data: { analysisStatus: "pending" } });
  await analyzePendingInstances(env.db);
  expect(await storedSelections()).toEqual(before);
  expect(await env.db.identifierSelection.count()).toBe(rows);
  const own = await env.db.identifierSelection.count({ where: { instanceId: instance.id } });
  expect(own).toBeGreaterThan(0);
  await env.db.instance.delete({ where: { id: instance.id } });
  expect(await env.db.identifierSelection.count({ where: { instanceId: instance.id } })).toBe(0);
  expect(await env.db.identifierSelection.count()).toBe(rows - own);
});

test("the migration turns each identifier's JSON array into its rows", async () => {
  const expected = await storedSelections();
  // The database as it was before: the selections a JSON array on each identifier, no rows. One array names
  // a selection twice, one a name no selection has.
  const [first, second] = expected as [(typeof expected)[number], (typeof expected)[number]];
  const arrayOf = new Map(expected.map(([id, position, , s]) => [`${id} ${position}`, s]));
  arrayOf.set(`${first[0]} ${first[1]}`, ["pro", "defuse", "pro"]);
  arrayOf.set(`${second[0]} ${second[1]}`, ["constructor"]);
  await env.db.$executeRawUnsafe(`DROP TABLE "IdentifierSelection"`);
  await env.db.$executeRawUnsafe(`DROP INDEX "Identifier_instanceId_position_key"`);
  await env.db.$executeRawUnsafe(`CREATE INDEX "Identifier_instanceId_idx" ON "Identifier"("instanceId")`);
  await env.db.$executeRawUnsafe(`ALTER TABLE "Identifier" ADD COLUMN "policies" TEXT NOT NULL DEFAULT '[]'`);
  const update =
    TEST_ENGINE === "postgres"
      ? `UPDATE "Identifier" SET "policies" = $1 WHERE "instanceId" = $2 AND "position" = $3`
      : `UPDATE "Identifier" SET "policies" = ? WHERE "instanceId" = ? AND "position" = ?`;
  for (const [id, position] of expected)
    await env.db.$executeRawUnsafe(update, JSON.stringify(arrayOf.get(`${id} ${position}`)), id, position);

  const statements = migrationStatements("20261203020000_identifier_selections");
  expect(statements.some((s) => s.startsWith("INSERT INTO"))).toBe(true);
  await env.db.$transaction(async (tx) => {
    for (const statement of statements) await tx.$executeRawUnsafe(statement);
  });
  expect(await storedSelections()).toEqual(
    expected.map(([id, position, name, s]) =>
      id === first[0] && position === first[1]
        ? [id, position, name, ["defuse", "pro"]]
        : id === second[0] && position === second[1]
          ? [id, position, name, ["constructor"]]
          : [id, position, name, s],
    ),
  );
});
