import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { REAL_DATA } from "../testing/real-data";
import { openTempDatabase } from "../testing/temp-database";
import { analyzePendingInstances } from "./analyze-stored-instances";
import { importFiles } from "./import-files";

let one: Awaited<ReturnType<typeof openTempDatabase>>;
let two: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  one = await openTempDatabase();
  two = await openTempDatabase();
  const file = path.join(REAL_DATA, "swebench-pro-sample.jsonl");
  await importFiles(one.db, [file]);
  await importFiles(two.db, [file]);
});
afterAll(async () => {
  await one.close();
  await two.close();
});

const stored = (db: typeof one.db) =>
  db.identifier.findMany({
    orderBy: [{ instanceId: "asc" }, { position: "asc" }],
    select: { instanceId: true, name: true, kind: true, policies: true, locations: true, position: true },
  });

test("the analysis on two worker threads stores exactly what it stores in one process", async () => {
  expect(await analyzePendingInstances(one.db)).toMatchObject({ analysed: 8, failed: [] });
  expect(await analyzePendingInstances(two.db, undefined, { workers: 2 })).toMatchObject({ analysed: 8, failed: [] });
  expect(await stored(two.db)).toEqual(await stored(one.db));
  const evidence = async (db: typeof one.db) =>
    (await db.instance.findMany({ orderBy: { id: "asc" }, select: { evidence: true } })).map((i) => i.evidence);
  expect(await evidence(two.db)).toEqual(await evidence(one.db));
});
