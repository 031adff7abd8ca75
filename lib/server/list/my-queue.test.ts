// A curator's home: what is left to decide per benchmark under the list's policy, what changed since decided,
// and the open rounds that deal them hints; on a real database (both engines).
import { afterAll, beforeAll, expect, test } from "vitest";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { addUser } from "../auth/users";
import { createHintSet } from "../hints/hint-sets";
import { recordDecision } from "../hints/record-decision";
import { decideInRound, startRound } from "../hints/review-rounds";
import { importFiles } from "../import/import-files";
import { myQueue } from "./my-queue";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const BENCH = "SWE-bench Lite";

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("swebench-lite.jsonl", jsonl([1, 2, 3, 4].map((n) => swebenchRecord(n))))]);
  await analyzePendingInstances(env.db);
  for (const name of ["bo", "cy"]) await addUser(env.db, { name, role: "curator", password: "a long password" });
});
afterAll(() => env.close());

test("per benchmark: decided now, changed since decided, and the rest to decide; rounds with what is left", async () => {
  const instances = await env.db.instance.findMany({ orderBy: { externalId: "asc" } });
  for (const instance of instances.slice(0, 2))
    expect(
      await recordDecision(
        env.db,
        {
          instanceId: instance.id,
          selection: "defuse",
          projection: "declaration",
          action: "accept",
          expectedVersion: 0,
          sourceHash: instance.hintSource,
        },
        "ada",
      ),
    ).toMatchObject({ ok: true });
  // Another policy's decision is not this queue's.
  const third = instances[2] as (typeof instances)[number];
  await recordDecision(
    env.db,
    {
      instanceId: third.id,
      selection: "fea",
      projection: "name",
      action: "accept",
      expectedVersion: 0,
      sourceHash: third.hintSource,
    },
    "ada",
  );
  // The second instance changes after its decision: changed since decided, not decided.
  const changed = swebenchRecord(2, { patch: swebenchRecord(2).patch.replace("return 2", "return 20") });
  await importFiles(env.db, [env.tmp.write("swebench-lite-changed.jsonl", jsonl([changed]))]);
  await analyzePendingInstances(env.db);

  await createHintSet(env.db, { name: "lite round set", benchmark: BENCH, selection: "defuse", projection: "name" });
  const round = await startRound(
    env.db,
    { name: "lite round", hintSet: "lite round set", curators: ["bo", "cy"], curatorsPerHint: 1 },
    "ada",
  );
  const mine = await env.db.roundAssignment.findMany({
    where: { roundId: round.id, curator: "bo" },
    orderBy: { id: "asc" },
  });
  expect(mine.length).toBeGreaterThan(0);
  const first = mine[0] as (typeof mine)[number];
  const instance = instances.find((i) => i.id === first.instanceId) as (typeof instances)[number];
  await decideInRound(
    env.db,
    { roundId: round.id, instanceId: first.instanceId, action: "accept", sourceHash: instance.hintSource },
    "bo",
  );

  const queue = await myQueue(env.db, "bo", "defuse", "declaration");
  expect(queue.benchmarks).toEqual([{ id: expect.any(Number), name: BENCH, instances: 4, decided: 1, changed: 1 }]);
  expect(queue.rounds).toEqual([{ id: round.id, name: "lite round", dealt: mine.length, decided: 1 }]);
  // Someone dealt nothing has no rounds.
  expect((await myQueue(env.db, "nobody", "defuse", "declaration")).rounds).toEqual([]);
});
