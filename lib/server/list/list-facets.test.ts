/**
 * The list's facets read one index look-up per value (list-facets.ts): on both engines they must offer what
 * plain DISTINCT queries over every row offer, on data with the edges a facet has: a language that is null
 * ("unknown"), two benchmarks sharing values, a label name of nine values (free-form: left out) beside one of
 * eight, a value holding a comma (left out), values differing only in case.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { listFacets } from "./review-list";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const ids = { a: 0, b: 0, empty: 0 };

beforeAll(async () => {
  env = await openTempDatabase();
  const records = (prefix: string) =>
    Array.from({ length: 12 }, (_, k) => swebenchRecord(k + 1, { instance_id: `${prefix}__widgets-${k + 1}` }));
  await importFiles(env.db, [env.tmp.write("a.jsonl", jsonl(records("a")))], { benchmark: "Bench A" });
  await importFiles(env.db, [env.tmp.write("b.jsonl", jsonl(records("b")))], { benchmark: "Bench B" });
  ids.a = (await env.db.benchmark.findUniqueOrThrow({ where: { name: "Bench A" } })).id;
  ids.b = (await env.db.benchmark.findUniqueOrThrow({ where: { name: "Bench B" } })).id;
  ids.empty = (await env.db.benchmark.create({ data: { name: "Bench empty" } })).id;
  const languages = ["go", "Go", "python", null, "rust", "go"];
  for (const [benchmarkId, prefix] of [
    [ids.a, "a"],
    [ids.b, "b"],
  ] as const)
    for (let k = 1; k <= 12; k++)
      await env.db.instance.update({
        where: { benchmarkId_externalId: { benchmarkId, externalId: `${prefix}__widgets-${k}` } },
        data: { language: benchmarkId === ids.a ? (languages[k % languages.length] ?? null) : k % 2 ? "java" : "go" },
      });
  const label = (benchmarkId: number, k: number, source: string, name: string, value: string) => ({
    benchmarkId,
    instanceExternalId: `${benchmarkId === ids.a ? "a" : "b"}__widgets-${k}`,
    source,
    name,
    value,
  });
  await env.db.instanceLabel.createMany({
    data: [
      // eight values: offered
      ...Array.from({ length: 12 }, (_, k) => label(ids.a, k + 1, "openai", "severity", String(k % 8))),
      // nine values over two benchmarks together (five here, four there): free-form, left out
      ...Array.from({ length: 5 }, (_, k) => label(ids.a, k + 1, "openai", "notes", `n${k}`)),
      ...Array.from({ length: 4 }, (_, k) => label(ids.b, k + 1, "openai", "notes", `n${k + 5}`)),
      label(ids.a, 1, "agentless", "class", "Exact patch"),
      label(ids.a, 2, "agentless", "class", "a, b"),
      label(ids.b, 3, "agentless", "class", "exact patch"),
      label(ids.b, 4, "agentless", "Class", "No solution"),
    ],
  });
  await env.db.subsetMember.createMany({
    data: [
      { benchmarkId: ids.a, subset: "lite", instanceExternalId: "a__widgets-1" },
      { benchmarkId: ids.a, subset: "lite", instanceExternalId: "a__widgets-2" },
      { benchmarkId: ids.a, subset: "dev", instanceExternalId: "a__widgets-3" },
      { benchmarkId: ids.b, subset: "paper", instanceExternalId: "b__widgets-3" },
    ],
  });
});
afterAll(() => env.close());

/** The facets as plain DISTINCT queries over every row give them (what the index reading must equal). */
async function plainFacets(benchmarkId?: number) {
  const where = (alias: string) => (benchmarkId === undefined ? "" : ` WHERE ${alias}."benchmarkId" = ${benchmarkId}`);
  const benchmarks = await env.db.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT b."name" AS "name" FROM "Benchmark" b WHERE EXISTS (SELECT 1 FROM "Instance" i WHERE i."benchmarkId" = b."id")${benchmarkId === undefined ? "" : ` AND b."id" = ${benchmarkId}`}`,
  );
  const languages = await env.db.$queryRawUnsafe<Array<{ language: string | null }>>(
    `SELECT DISTINCT i."language" AS "language" FROM "Instance" i${where("i")}`,
  );
  const subsets = await env.db.$queryRawUnsafe<Array<{ subset: string }>>(
    `SELECT DISTINCT s."subset" AS "subset" FROM "SubsetMember" s${where("s")}`,
  );
  const labels = await env.db.$queryRawUnsafe<Array<{ source: string; name: string; value: string }>>(
    `SELECT DISTINCT l."source" AS "source", l."name" AS "name", l."value" AS "value" FROM "InstanceLabel" l${where("l")}`,
  );
  const valuesOf = new Map<string, number>();
  for (const l of labels) valuesOf.set(`${l.source}/${l.name}`, (valuesOf.get(`${l.source}/${l.name}`) ?? 0) + 1);
  const sorted = (values: string[]) => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    benchmark: sorted(benchmarks.map((b) => b.name)),
    language: sorted(languages.map((l) => l.language ?? "unknown")),
    subset: sorted(subsets.map((s) => s.subset)),
    label: sorted(
      labels
        .filter((l) => (valuesOf.get(`${l.source}/${l.name}`) ?? 0) <= 8 && !l.value.includes(","))
        .map((l) => `${l.source}/${l.name}=${l.value}`),
    ),
  };
}

test("every scope's facets equal what plain DISTINCT queries over all rows give", async () => {
  for (const scope of [{}, { benchmarkId: ids.a }, { benchmarkId: ids.b }, { benchmarkId: ids.empty }]) {
    expect({ scope, ...(await listFacets(env.db, scope)) }).toEqual({
      scope,
      ...(await plainFacets(scope.benchmarkId)),
    });
  }
});

test("the edges, spelled out: unknown languages, case kept apart, free-form and comma values left out", async () => {
  expect(await listFacets(env.db)).toEqual({
    benchmark: ["Bench A", "Bench B"],
    language: ["Go", "go", "java", "python", "rust", "unknown"],
    subset: ["dev", "lite", "paper"],
    label: [
      "agentless/Class=No solution",
      "agentless/class=Exact patch",
      "agentless/class=exact patch",
      ...Array.from({ length: 8 }, (_, k) => `openai/severity=${k}`),
    ],
  });
  expect((await listFacets(env.db, { benchmarkId: ids.a })).label).toContain("agentless/class=Exact patch");
  // Bench A alone holds five notes: a label of few values there, as the scope's own facet.
  expect((await listFacets(env.db, { benchmarkId: ids.a })).label).toContain("openai/notes=n0");
  expect(await listFacets(env.db, { benchmarkId: ids.empty })).toEqual({
    benchmark: [],
    language: [],
    subset: [],
    label: [],
  });
});
