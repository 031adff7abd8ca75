import { afterAll, beforeAll, expect, test } from "vitest";
import { openWidgetsDatabase } from "../../testing/temp-database";
import { HUNG_MS } from "../../testing/test-time";
import { backfillResearchFacts } from "../analysis/research-fact-rows";
import { insertRows } from "../db/bulk-sql";
import { bulkTarget } from "../db/client";
import { currentHintLines } from "./hint-export";
import { createHintSet, publishHintSet, versionLines } from "./hint-sets";

// A dense benchmark: a page of 500 instances with 90 identifiers each (SWE-bench Pro's largest sample instance
// has 89), each picked by a selection. Reading their identifiers with their selection rows in one statement
// binds about two values per identifier, 90,000 here: over SQLite's 32,766 ("too many SQL variables").
const INSTANCES = 500;
const PER_INSTANCE = 90;
const BENCHMARK = "Dense";

let env: Awaited<ReturnType<typeof openWidgetsDatabase>>;

beforeAll(async () => {
  env = await openWidgetsDatabase(INSTANCES, BENCHMARK);
  const instances = await env.db.instance.findMany({ select: { id: true, hintSource: true }, orderBy: { id: "asc" } });
  expect(instances).toHaveLength(INSTANCES);
  await env.db.$transaction(
    async (tx) => {
      const target = bulkTarget(env.db, tx);
      await tx.identifier.deleteMany({});
      const identifiers = instances.flatMap(({ id }) =>
        Array.from({ length: PER_INSTANCE }, (_, position) => [
          id,
          `Widget.member_${position}`,
          `member_${position}`,
          "Widget",
          "method",
          "widgets/core.py",
          false,
          `def member_${position}(self)`,
          "code",
          "new",
          JSON.stringify({ definedAt: null, usedAt: [] }),
          position,
        ]),
      );
      await insertRows(
        target,
        "Identifier",
        [
          "instanceId",
          "name",
          "member",
          "owner",
          "kind",
          "path",
          "newFile",
          "signature",
          "side",
          "status",
          "locations",
          "position",
        ],
        identifiers,
      );
      await insertRows(
        target,
        "IdentifierSelection",
        ["instanceId", "position", "selection"],
        instances.flatMap(({ id }) => Array.from({ length: PER_INSTANCE }, (_, position) => [id, position, "defuse"])),
      );
      // Every hint decided (accepted on today's source), so the published version holds every line.
      await insertRows(
        target,
        "Hint",
        ["instanceId", "selection", "projection", "status", "sourceHash", "version", "updatedAt"],
        instances.map(({ id, hintSource }) => [id, "defuse", "declaration", "accepted", hintSource, 1, new Date()]),
      );
    },
    { timeout: HUNG_MS },
  );
});
afterAll(() => env.close());

test("a page of 500 instances × 90 identifiers exports: every line with its 90 identifiers", async () => {
  const lines = [];
  for await (const line of currentHintLines(env.db, BENCHMARK, "defuse", "declaration")) lines.push(line);
  expect(lines).toHaveLength(INSTANCES);
  expect(lines.every((l) => l.status === "accepted")).toBe(true);
  expect(lines.map((l) => l.identifiers.length)).toEqual(Array(INSTANCES).fill(PER_INSTANCE));
  // In each instance's order of discovery, whichever statement read them.
  expect(lines[INSTANCES - 1]?.identifiers.map((i) => i.name)).toEqual(
    Array.from({ length: PER_INSTANCE }, (_, p) => `Widget.member_${p}`),
  );
});

test("a hint set over them publishes, every line stored", async () => {
  await createHintSet(env.db, { name: "dense", benchmark: BENCHMARK, selection: "defuse", projection: "declaration" });
  expect((await publishHintSet(env.db, "dense")).version).toBe(1);
  const { lines } = await versionLines(env.db, "dense");
  expect(lines).toHaveLength(INSTANCES);
  expect(lines.reduce((n, l) => n + l.identifiers.length, 0)).toBe(INSTANCES * PER_INSTANCE);
});

test("their research facts are made from the identifiers and their selections, a page at a time", async () => {
  // Analysed before research facts were kept: evidence stored, facts of no version yet.
  await env.db.instance.updateMany({
    data: { evidence: JSON.stringify({ leaks: [], identifiers: [], literals: [] }), researchFacts: 0 },
  });
  expect(await backfillResearchFacts(env.db)).toBe(INSTANCES);
  expect(await env.db.instance.count({ where: { researchFacts: 0 } })).toBe(0);
  expect(await env.db.selectionFact.count({ where: { selection: "defuse" } })).toBe(INSTANCES);
});
