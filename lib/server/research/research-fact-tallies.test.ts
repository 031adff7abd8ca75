/**
 * The frontier's and the leak shares' sums (of the facts the analysis stores per instance) are kept per benchmark
 * beside the research tallies, with a count of changes of their own: the analysis's writes leave the runs'
 * counts current, a read between a write and its fill sums the rows (never writes), and the kept sums are the
 * sums of the rows. Real SWE-bench Pro and Multilingual instances with facts written as the analysis writes
 * them; both engines.
 */
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PROJECTIONS, SELECTIONS } from "../../domain/hint-vocabulary";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { disclosureColumn } from "../analysis/research-fact-rows";
import { execute, insertRows, selectRows } from "../db/bulk-sql";
import { bulkTarget } from "../db/client";
import { importFiles } from "../import/import-files";
import { fillResearchTallies } from "../runs/research-tallies";
import { fillRunOutcomes } from "../runs/run-outcome-texts";
import { loadResearchGround } from "./research-counts";
import { loadResearchFrontier } from "./research-frontier";

let env: Awaited<ReturnType<typeof openTempDatabase>>;

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-pro-sample.jsonl")], { benchmark: "SWE-bench Pro" });
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-multilingual.jsonl")], {
    benchmark: "SWE-bench Multilingual",
  });
});
afterAll(() => env.close());

test("the frontier's and leak shares' sums are kept apart: the analysis's writes leave the runs' counts current, and the kept sums are the rows' sums", async () => {
  await fillRunOutcomes(env.db);
  const target = bulkTarget(env.db, env.db);
  const instances = await env.db.instance.findMany({ select: { id: true, benchmarkId: true }, orderBy: { id: "asc" } });
  // Facts as the analysis stores them (made up, varied).
  await insertRows(
    target,
    "SelectionFact",
    [
      "instanceId",
      "benchmarkId",
      "selection",
      "guessworkLeft",
      "beyondDefuse",
      "transcriptionSum",
      "transcriptionCount",
      ...PROJECTIONS.map(disclosureColumn),
    ],
    instances.flatMap(({ id, benchmarkId }) =>
      SELECTIONS.map((selection, k) => [
        id,
        benchmarkId,
        selection,
        ((id * 7 + k) % 10) / 10,
        (id + k) % 3,
        ((id * 3 + k) % 7) / 7,
        (id + k) % 4,
        ...PROJECTIONS.map((_, p) => ((id + p * k) % 9) / 9),
      ]),
    ),
  );
  await insertRows(
    target,
    "LeakFact",
    ["instanceId", "benchmarkId", "channel"],
    instances.filter(({ id }) => id % 3 === 0).map(({ id, benchmarkId }) => [id, benchmarkId, "id_commit"]),
  );
  await execute(target, `UPDATE "Instance" SET "leakCount" = "id" % 3 WHERE "id" % 2 = 0`, []);
  const tallies = await env.db.researchTally.findMany();
  expect(tallies.every((r) => r.talliedAt === r.changes)).toBe(true);
  expect(tallies.every((r) => r.factsTalliedAt !== r.factChanges)).toBe(true);

  const figures = async () => {
    const ground = await loadResearchGround(env.db);
    const frontier = await loadResearchFrontier(env.db, ground);
    return { points: frontier.frontierPoints(), leaks: frontier.leakShares() };
  };
  const fromRows = await figures();
  expect(fromRows.points.some((p) => p.instances > 0)).toBe(true);
  expect(fromRows.leaks.some((l) => l.instances > 0)).toBe(true);
  await fillResearchTallies(env.db);
  const kept = await env.db.researchTally.findMany({ orderBy: { benchmarkId: "asc" } });
  expect(kept.every((r) => r.factsTalliedAt === r.factChanges && r.facts !== null)).toBe(true);
  expect(await figures()).toEqual(fromRows);
  // The kept sums are the sums over every benchmark's rows at once (the statement the page ran before).
  const whole = await selectRows(
    target,
    `SELECT "benchmarkId", "selection", COUNT(*) AS "n", SUM("beyondDefuse") AS "beyond", SUM("transcriptionCount") AS "copiedCount"
     FROM "SelectionFact" GROUP BY "benchmarkId", "selection" ORDER BY "benchmarkId", "selection"`,
    [],
  );
  const keptSums = kept.flatMap((r) =>
    (JSON.parse(r.facts as string) as { sums: Array<Record<string, number | string>> }).sums.map((s) => [
      r.benchmarkId,
      s.selection,
      s.n,
      s.beyond,
      s.copiedCount,
    ]),
  );
  expect(keptSums).toEqual(
    whole.map((w) => [
      Number(w.benchmarkId),
      String(w.selection),
      Number(w.n),
      Number(w.beyond),
      Number(w.copiedCount),
    ]),
  );

  // An instance analysed again (its facts replaced, its evidence dropped): behind, the same from the rows, filled.
  const again = instances[0] as { id: number };
  await execute(target, `DELETE FROM "SelectionFact" WHERE "instanceId" = $1 AND "selection" = 'fea'`, [again.id]);
  await execute(target, `UPDATE "Instance" SET "leakCount" = NULL WHERE "id" = $1`, [instances[1]?.id as number]);
  expect((await env.db.researchTally.findMany()).some((r) => r.factsTalliedAt !== r.factChanges)).toBe(true);
  const changed = await figures();
  expect(changed).not.toEqual(fromRows);
  await fillResearchTallies(env.db);
  expect(await figures()).toEqual(changed);
});
