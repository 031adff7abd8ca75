/**
 * The list's Flags sort key is a stored column (Instance.flagCount) that triggers keep: after every kind of
 * write (decisions through the app, a re-import that changes an instance's content, rows written or moved or
 * deleted by hand, an instance deleted), each instance's stored count is the count of its flagged hints whose
 * flag still holds, read live. On PostgreSQL, two transactions flagging one instance's hints at once both count.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseListState } from "../../review/list-state";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { openDatabase } from "../db/client";
import { recordDecision } from "../hints/record-decision";
import { importFiles } from "../import/import-files";
import { listIds } from "./review-list";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const idOf = new Map<string, number>();
const records = Array.from({ length: 6 }, (_, k) => swebenchRecord(k + 1));

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("lite.jsonl", jsonl(records))]);
  await analyzePendingInstances(env.db);
  for (const i of await env.db.instance.findMany()) idOf.set(i.externalId, i.id);
});
afterAll(() => env.close());

/** Every instance's stored count beside the live one. */
async function counts() {
  const rows = await env.db.$queryRawUnsafe<Array<{ externalId: string; stored: unknown; live: unknown }>>(
    `SELECT i."externalId", i."flagCount" AS "stored",
       (SELECT COUNT(*) FROM "Hint" f WHERE f."instanceId" = i."id" AND f."status" = 'flagged'
          AND (f."sourceHash" IS NULL OR f."sourceHash" = i."hintSource")) AS "live"
     FROM "Instance" i ORDER BY i."externalId"`,
  );
  return rows.map((r) => ({ id: r.externalId, stored: Number(r.stored), live: Number(r.live) }));
}

async function expectKept(step: string, expected?: Record<string, number>) {
  const now = await counts();
  for (const row of now) expect(row.stored, `${step}: ${row.id}`).toBe(row.live);
  for (const [id, n] of Object.entries(expected ?? {}))
    expect(now.find((r) => r.id === id)?.live, `${step}: ${id}`).toBe(n);
}

const decide = (externalId: string, selection: string, action: string, expectedVersion: number) =>
  recordDecision(
    env.db,
    {
      instanceId: idOf.get(externalId),
      selection,
      projection: "name",
      action,
      reason: action === "flag" ? "spoiler" : null,
      expectedVersion,
    },
    "ada",
  );

test("the stored flag count is the live one after every kind of write", async () => {
  await expectKept("imported");
  await decide("acme__widgets-1", "defuse", "flag", 0);
  await decide("acme__widgets-1", "doc2feat", "flag", 0);
  await decide("acme__widgets-1", "fea", "accept", 0);
  await decide("acme__widgets-2", "defuse", "flag", 0);
  await expectKept("flagged", { "acme__widgets-1": 2, "acme__widgets-2": 1 });
  // A flag taken back, another decided again as a flag.
  await decide("acme__widgets-1", "doc2feat", "accept", 1);
  await decide("acme__widgets-2", "defuse", "flag", 1);
  await expectKept("decided again", { "acme__widgets-1": 1, "acme__widgets-2": 1 });
  // The instance's content changes (a re-import of a newer version): its flag no longer holds.
  const changed = { ...records[1], patch: `${records[1]?.patch}+# changed\n` };
  await importFiles(env.db, [env.tmp.write("lite-changed.jsonl", jsonl([changed]))]);
  await expectKept("re-imported", { "acme__widgets-2": 0 });
  // Back to the content the flag was made on (by hand): it holds again.
  const source = (await env.db.hint.findFirstOrThrow({ where: { instanceId: idOf.get("acme__widgets-2") } }))
    .sourceHash as string;
  await env.db.instance.update({ where: { id: idOf.get("acme__widgets-2") }, data: { hintSource: source } });
  await expectKept("content back", { "acme__widgets-2": 1 });
  // Rows written, moved and deleted by hand: a flag without a source always holds.
  const hint = await env.db.hint.create({
    data: {
      instanceId: idOf.get("acme__widgets-3") as number,
      selection: "pro",
      projection: "name",
      status: "flagged",
    },
  });
  await expectKept("written by hand", { "acme__widgets-3": 1 });
  await env.db.hint.update({ where: { id: hint.id }, data: { instanceId: idOf.get("acme__widgets-4") as number } });
  await expectKept("moved", { "acme__widgets-3": 0, "acme__widgets-4": 1 });
  await env.db.hint.update({ where: { id: hint.id }, data: { sourceHash: "not this content" } });
  await expectKept("made stale by hand", { "acme__widgets-4": 0 });
  await env.db.hint.update({ where: { id: hint.id }, data: { sourceHash: null, status: "trimmed" } });
  await expectKept("no longer a flag", { "acme__widgets-4": 0 });
  await env.db.hint.update({ where: { id: hint.id }, data: { status: "flagged" } });
  await env.db.hint.deleteMany({ where: { instanceId: idOf.get("acme__widgets-1") } });
  await expectKept("deleted", { "acme__widgets-1": 0, "acme__widgets-4": 1 });
  await env.db.instance.delete({ where: { id: idOf.get("acme__widgets-4") } });
  await expectKept("instance deleted");
  // The list sorted by Flags reads the stored count, most flagged first.
  const sorted = await listIds(env.db, parseListState({ sort: "flags", desc: "1" }));
  expect(sorted[0]?.externalId).toBe("acme__widgets-2");
});

test.skipIf(TEST_ENGINE !== "postgres")(
  "two transactions flagging one instance's hints at once both count",
  async () => {
    const instanceId = idOf.get("acme__widgets-5") as number;
    const other = await openDatabase(env.url);
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted = () => {};
      const first = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const one = env.db.$transaction(async (tx) => {
        await tx.hint.create({ data: { instanceId, selection: "defuse", projection: "x", status: "flagged" } });
        inserted();
        await held;
      });
      await first;
      // The second waits for the first's lock on the instance's row, then adds its own.
      const two = other.$transaction(async (tx) => {
        await tx.hint.create({ data: { instanceId, selection: "doc2feat", projection: "x", status: "flagged" } });
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await Promise.all([one, two]);
      await expectKept("at once", { "acme__widgets-5": 2 });
    } finally {
      await other.$disconnect();
    }
  },
);
