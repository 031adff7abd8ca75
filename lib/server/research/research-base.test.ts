/**
 * The research base reads each benchmark's instances as columns (ids, external ids, counts per selection):
 * whatever order the database hands the rows in, each instance's number, internal id and counts stay
 * together, in the numbering's order (code units: an id past U+FFFF sorts before U+E000, the reverse of the
 * databases' byte order).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { SELECTIONS } from "../../domain/hint-vocabulary";
import { openTempDatabase } from "../../testing/temp-database";
import { countColumn } from "../analysis/stored-counts";
import { loadResearchBase } from "./research";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
});
afterAll(() => env.close());

const IDS = ["b", "a\uE000", "a😀", "A", "a", "constructor", "__proto__", "é", "a😀b", "z"];

test("each benchmark's instances keep their ids and counts together, in code-unit order", async () => {
  const made: Array<{ id: number; benchmark: string; externalId: string; counts: number[] }> = [];
  for (const [b, name] of ["Second", "First", "Empty"].entries()) {
    const benchmark = await env.db.benchmark.create({ data: { name } });
    if (name === "Empty") continue;
    // Inserted in an order of their own, the two benchmarks' rows interleaved.
    for (const [i, externalId] of IDS.entries()) {
      if ((i + b) % 3 === 0 && name === "First") continue;
      const counts = SELECTIONS.map((_, s) => (i * 7 + s * 3 + b) % 5);
      const instance = await env.db.instance.create({
        data: {
          benchmarkId: benchmark.id,
          externalId,
          repo: "o/r",
          baseCommit: "0",
          problemStatement: "",
          goldPatch: "",
          testPatch: "",
          failToPass: "[]",
          passToPass: "[]",
          sourceFormat: "test",
          original: "{}",
          contentHash: `${name}${externalId}`,
          ...Object.fromEntries(SELECTIONS.map((s, k) => [countColumn(s), counts[k]])),
        },
      });
      made.push({ id: instance.id, benchmark: name, externalId, counts });
    }
  }
  const base = await loadResearchBase(env.db);
  for (const name of ["First", "Second"]) {
    const mine = made.filter((m) => m.benchmark === name);
    const sorted = mine.map((m) => m.externalId).sort();
    expect(base.instancesOf(name).ids).toEqual(sorted);
    expect(sorted.indexOf("a😀")).toBeLessThan(sorted.indexOf("a\uE000"));
    for (const m of mine) {
      const n = base.instancesOf(name).numberOf(m.externalId) as number;
      expect(base.instanceIdOf(name, m.externalId)).toBe(m.id);
      SELECTIONS.forEach((selection, s) => {
        expect(base.disclosedBy(name, selection)?.[n], `${name} ${m.externalId} ${selection}`).toBe(m.counts[s]);
      });
    }
    // SPEC §4's table: per selection, the sum and the instances with any.
    const rows = base.specTable.filter((r) => r.benchmark === name);
    expect(rows.map((r) => r.selection)).toEqual([...SELECTIONS]);
    SELECTIONS.forEach((_, s) => {
      const counts = mine.map((m) => m.counts[s] as number);
      expect(rows[s]).toMatchObject({
        instances: mine.length,
        total: counts.reduce((a, c) => a + c, 0),
        non_empty_instances: counts.filter((c) => c > 0).length,
      });
    });
  }
  // A benchmark without instances has none, and no rows in the table; a name that is no benchmark neither.
  expect(base.instancesOf("Empty").size).toBe(0);
  expect(base.instancesOf("no such").size).toBe(0);
  expect(base.instanceIdOf("First", "no such")).toBeUndefined();
  expect(base.specTable.map((r) => r.benchmark)).toEqual([
    ...SELECTIONS.map(() => "First"),
    ...SELECTIONS.map(() => "Second"),
  ]);
});
