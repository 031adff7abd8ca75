import { afterAll, beforeAll, expect, test } from "vitest";
import { parseListState, SORTABLE } from "../../review/list-state";
import { jsonl, swebenchProRecord, swebenchRecord } from "../../testing/fixtures";
import { REAL_DATA } from "../../testing/real-data";
import { migrationStatements, openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { recordDecision } from "../hints/record-decision";
import { importFiles } from "../import/import-files";
import { policiesOf, WITH_SELECTIONS } from "../stored-json";
import { listFacets, listIds, listNavigation, listWindow } from "./review-list";

// The list is SQL written once for both engines (placeholders and JSON functions differ): every view is
// checked on the engine of the run, SQLite here and PostgreSQL under `npm run test:postgres`.
let env: Awaited<ReturnType<typeof openTempDatabase>>;
const idOf = new Map<string, number>();
const PRO_LEAKY = `instance_acme__gadgets-${"e".repeat(40)}`;

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [
    env.tmp.write(
      "swebench-lite-list.jsonl",
      jsonl([
        swebenchRecord(1),
        swebenchRecord(2),
        swebenchRecord(3, { repo: "acme/sprockets", instance_id: "acme__sprockets-3" }),
        swebenchRecord(4, { instance_id: "acme__widgets_100%-4" }),
      ]),
    ),
    // A Pro id embedding a commit other than its base commit: one leak channel.
    env.tmp.write("swebench-pro-list.jsonl", jsonl([swebenchProRecord(5, { instance_id: PRO_LEAKY })])),
  ]);
  await importFiles(
    env.db,
    [
      env.tmp.write(
        "swebench-lite-results.jsonl",
        jsonl([
          { instance_id: "acme__widgets-2", model: "m", selection: "defuse", projection: "name", resolved: true },
          { instance_id: "acme__widgets-2", model: "n", selection: "defuse", projection: "name", resolved: false },
        ]),
      ),
    ],
    { benchmark: "SWE-bench Lite" },
  );
  await analyzePendingInstances(env.db);
  for (const i of await env.db.instance.findMany()) idOf.set(i.externalId, i.id);
  const decide = (externalId: string, selection: string, projection: string, action: string) =>
    recordDecision(
      env.db,
      {
        instanceId: idOf.get(externalId),
        selection,
        projection,
        action,
        reason: action === "flag" ? "spoiler" : null,
        expectedVersion: 0,
      },
      "ada",
    );
  await decide("acme__widgets-1", "defuse", "declaration", "flag");
  await decide("acme__widgets-2", "defuse", "declaration", "accept");
  await decide("acme__sprockets-3", "pro", "name", "accept");
  // Instance 3 changes after its decision: under Pro × Name it is stale.
  await env.db.instance.update({ where: { id: idOf.get("acme__sprockets-3") }, data: { hintSource: "changed" } });
});
afterAll(() => env.close());

const view = (query: string) => parseListState(new URLSearchParams(query));
const ids = async (query: string) => (await listIds(env.db, view(query))).map((r) => r.externalId);

test("a window's rows: identifiers per selection, review status under the list's policy, flags, leaks, outcomes", async () => {
  const window = await listWindow(env.db, view(""), { offset: 0, limit: 100 });
  expect(window).toMatchObject({ offset: 0, matching: 5, total: 5 });
  const row = (externalId: string) => window.rows.find((r) => r.externalId === externalId);
  // widget_1 is defined by the gold patch and called by the test: DefUse picks it.
  expect(row("acme__widgets-1")).toMatchObject({
    benchmark: "SWE-bench Lite",
    language: "python",
    review: "flagged",
    flags: 1,
    leaks: 0,
  });
  expect(row("acme__widgets-1")?.counts.defuse).toBe(1);
  expect(row("acme__widgets-2")).toMatchObject({ review: "accepted", flags: 0, runs: 2, resolved: 1 });
  expect(row(PRO_LEAKY)).toMatchObject({ leaks: 1, review: "pending", benchmark: "SWE-bench Pro" });
  expect((await listWindow(env.db, view("selection=pro&projection=name"), { offset: 0, limit: 100 })).rows).toEqual(
    expect.arrayContaining([expect.objectContaining({ externalId: "acme__sprockets-3", review: "stale" })]),
  );
});

test.each([
  [
    "every instance, by id text",
    "",
    ["acme__sprockets-3", "acme__widgets-1", "acme__widgets-2", "acme__widgets_100%-4", PRO_LEAKY],
  ],
  ["text search over repository", "q=sprock", ["acme__sprockets-3"]],
  ["text search over benchmark, any case", "q=swe-BENCH pro", [PRO_LEAKY]],
  ["a search's % and _ are literal", "q=_100%", ["acme__widgets_100%-4"]],
  ["facets combine", "language=python&benchmark=SWE-bench Lite&q=widgets-", ["acme__widgets-1", "acme__widgets-2"]],
  ["review facet under the default policy", "review=flagged,accepted", ["acme__widgets-1", "acme__widgets-2"]],
  [
    "review status is the list's policy's",
    "review=pending&selection=pro&projection=name",
    ["acme__widgets-1", "acme__widgets-2", "acme__widgets_100%-4", PRO_LEAKY],
  ],
  ["changed since decided", "review=stale&selection=pro&projection=name", ["acme__sprockets-3"]],
  ["leak suspected", "leak=1", [PRO_LEAKY]],
  [
    "a paired comparison's cell: only its instances",
    "ids=acme__widgets-2,acme__sprockets-3",
    ["acme__sprockets-3", "acme__widgets-2"],
  ],
  [
    "numeric sort, descending, ties by id",
    "sort=resolved&desc=1&benchmark=SWE-bench Lite",
    ["acme__widgets-2", "acme__widgets-1", "acme__sprockets-3", "acme__widgets_100%-4"],
  ],
  [
    "sort by review status",
    "sort=review&benchmark=SWE-bench Lite",
    ["acme__sprockets-3", "acme__widgets_100%-4", "acme__widgets-2", "acme__widgets-1"],
  ],
  [
    "ties keep id order",
    "sort=benchmark",
    ["acme__widgets-1", "acme__widgets-2", "acme__sprockets-3", "acme__widgets_100%-4", PRO_LEAKY],
  ],
])("%s", async (_name, query, expected) => {
  expect(await ids(query)).toEqual(expected);
  // A window of the same view holds the same instances in the same order, and counts them.
  const window = await listWindow(env.db, view(query), { offset: 0, limit: 100 });
  expect(window.rows.map((r) => r.externalId)).toEqual(expected);
  expect(window.matching).toBe(expected.length);
});

test("windows page through a view; a window past its end is empty", async () => {
  const all = await ids("sort=externalId&desc=1");
  const pages = [];
  for (let offset = 0; offset < 6; offset += 2)
    pages.push(...(await listWindow(env.db, view("sort=externalId&desc=1"), { offset, limit: 2 })).rows);
  expect(pages.map((r) => r.externalId)).toEqual(all);
  expect((await listWindow(env.db, view(""), { offset: 50, limit: 10 })).rows).toEqual([]);
});

test("navigation: previous, next and the next one still to review, wrapping round, asked of the database", async () => {
  // Where it stands (the open count has its own test below).
  const at = async (externalId: string, query = "benchmark=SWE-bench Lite") => {
    const { open: _open, ...where } = await listNavigation(env.db, view(query), idOf.get(externalId) ?? 0);
    return where;
  };
  // Lite by id text: sprockets-3 (pending), widgets-1 (flagged), widgets-2 (accepted), widgets_100%-4 (pending).
  expect(await at("acme__widgets-1")).toEqual({
    previous: idOf.get("acme__sprockets-3"),
    next: idOf.get("acme__widgets-2"),
    nextPending: idOf.get("acme__widgets_100%-4"),
    position: 2,
    total: 4,
  });
  // The last one: no next; the next pending wraps round to the first.
  expect(await at("acme__widgets_100%-4")).toEqual({
    previous: idOf.get("acme__widgets-2"),
    next: null,
    nextPending: idOf.get("acme__sprockets-3"),
    position: 4,
    total: 4,
  });
  // Under Pro × Name, sprockets-3 changed since its decision: it is to review again.
  expect((await at("acme__widgets-2", "benchmark=SWE-bench Lite&selection=pro&projection=name")).nextPending).toBe(
    idOf.get("acme__widgets_100%-4"),
  );
  expect((await at("acme__widgets_100%-4", "benchmark=SWE-bench Lite&selection=pro&projection=name")).nextPending).toBe(
    idOf.get("acme__sprockets-3"),
  );
  // An instance the view does not hold: no neighbours, the first still to review, position 0.
  expect(await at(PRO_LEAKY)).toEqual({
    previous: null,
    next: null,
    nextPending: idOf.get("acme__sprockets-3"),
    position: 0,
    total: 4,
  });
  // A view of one: nothing else to go to.
  expect(await at("acme__widgets-2", "ids=acme__widgets-2")).toEqual({
    previous: null,
    next: null,
    nextPending: null,
    position: 1,
    total: 1,
  });
});

test("navigation agrees with the list's own order for every sort, direction, filter and instance", async () => {
  const missing = Math.max(...idOf.values()) + 1000;
  for (const sort of SORTABLE)
    for (const desc of ["0", "1"])
      for (const filter of [
        "",
        "&benchmark=SWE-bench Lite",
        "&review=pending",
        "&q=widgets",
        "&selection=pro&projection=name",
      ]) {
        const state = view(`sort=${sort}&desc=${desc}${filter}`);
        // The oracle: the whole view in order (listIds, whose order the window tests check), looked through here.
        const order = await listIds(env.db, state);
        for (const id of [...idOf.values(), missing]) {
          const at = order.findIndex((row) => row.id === id);
          const open = order.filter((row) => row.id !== id);
          const firstOpenAfter = order.slice(at + 1).find((row) => row.open);
          const expected = {
            previous: at > 0 ? (order[at - 1]?.id ?? null) : null,
            next: at >= 0 ? (order[at + 1]?.id ?? null) : null,
            nextPending: (at >= 0 ? firstOpenAfter : undefined)?.id ?? open.find((row) => row.open)?.id ?? null,
            position: at + 1,
            total: order.length,
            open: order.filter((row) => row.open).length,
          };
          expect({ sort, desc, filter, id, ...(await listNavigation(env.db, state, id)) }).toEqual({
            sort,
            desc,
            filter,
            id,
            ...expected,
          });
        }
      }
});

test("a benchmark's list and facets are its own", async () => {
  const pro = await env.db.benchmark.findUniqueOrThrow({ where: { name: "SWE-bench Pro" } });
  const window = await listWindow(env.db, view(""), { offset: 0, limit: 10 }, { benchmarkId: pro.id });
  expect(window).toMatchObject({ matching: 1, total: 1 });
  expect(await listFacets(env.db, { benchmarkId: pro.id })).toEqual({
    benchmark: ["SWE-bench Pro"],
    language: ["go"],
    subset: [],
    // The labels the Pro record carries itself.
    label: ["swebench-pro/issue_categories=back_end_knowledge", "swebench-pro/issue_specificity=minor_bug"],
  });
  expect(await listFacets(env.db)).toEqual({
    benchmark: ["SWE-bench Lite", "SWE-bench Pro"],
    language: ["go", "python"],
    subset: [],
    label: ["swebench-pro/issue_categories=back_end_knowledge", "swebench-pro/issue_specificity=minor_bug"],
  });
});

test("the selection-count columns: the analysis writes them, and the migration fills them for instances analysed before", async () => {
  const stored = await listWindow(env.db, view(""), { offset: 0, limit: 10 });
  expect(stored.rows.some((r) => (r.counts.defuse ?? 0) > 0)).toBe(true);
  // The migration's own statements (this engine's), run on instances as an older database held them: the
  // columns not there yet (0), the JSON counts stored for some, and for others not even those.
  const updates = migrationStatements("20261202170000_selection_count_columns").filter((statement) =>
    statement.startsWith("UPDATE"),
  );
  expect(updates).toHaveLength(2);
  await env.db.instance.updateMany({ data: { countDefuse: 0, countDoc2feat: 0, countFea: 0, countPro: 0 } });
  const [first] = stored.rows;
  await env.db.instance.updateMany({
    where: { externalId: { not: first?.externalId } },
    data: { selectionCounts: null, leakCount: null },
  });
  // The migration reads each identifier's selections as they were kept then: a JSON array on the identifier.
  await env.db.$executeRawUnsafe(`ALTER TABLE "Identifier" ADD COLUMN "policies" TEXT NOT NULL DEFAULT '[]'`);
  for (const i of await env.db.identifier.findMany({ include: WITH_SELECTIONS }))
    await env.db.$executeRawUnsafe(
      TEST_ENGINE === "postgres"
        ? `UPDATE "Identifier" SET "policies" = $1 WHERE "id" = $2`
        : `UPDATE "Identifier" SET "policies" = ? WHERE "id" = ?`,
      JSON.stringify(policiesOf(i.selections)),
      i.id,
    );
  for (const update of updates) await env.db.$executeRawUnsafe(update);
  await env.db.$executeRawUnsafe(`ALTER TABLE "Identifier" DROP COLUMN "policies"`);
  // The leak counts of instances analysed before they were stored, from their evidence (a later migration's).
  const leakCounts = migrationStatements("20261203030000_leak_and_language_sort").filter((statement) =>
    statement.startsWith("UPDATE"),
  );
  expect(leakCounts).toHaveLength(1);
  for (const update of leakCounts) await env.db.$executeRawUnsafe(update);
  const counted = await listWindow(env.db, view(""), { offset: 0, limit: 10 });
  expect(counted.rows.map((r) => [r.externalId, r.counts, r.leaks])).toEqual(
    stored.rows.map((r) => [r.externalId, r.counts, r.leaks]),
  );
  expect(await ids("leak=1")).toEqual([PRO_LEAKY]);
  expect(await ids("sort=defuse&desc=1&benchmark=SWE-bench Lite")).toHaveLength(4);
});

test("identical list reads at once share one answer; a read after a save never gets one from before it", async () => {
  const state = view("benchmark=SWE-bench Lite");
  const [a, b] = await Promise.all([
    listWindow(env.db, state, { offset: 0, limit: 10 }),
    listWindow(env.db, state, { offset: 0, limit: 10 }),
  ]);
  expect(a).toBe(b);
  const pending = listWindow(env.db, state, { offset: 0, limit: 10 });
  const id = idOf.get("acme__widgets_100%-4") ?? 0;
  await recordDecision(
    env.db,
    { instanceId: id, selection: "defuse", projection: "declaration", action: "accept", expectedVersion: 0 },
    "ada",
  );
  const after = await listWindow(env.db, state, { offset: 0, limit: 10 });
  expect(after).not.toBe(await pending);
  expect(after.rows.find((r) => r.id === id)?.review).toBe("accepted");
});

test("the test-facing message facet keeps instances whose tests check a message the issue does not state", async () => {
  const own = await openTempDatabase();
  try {
    // Real Lite records: django__django-13321's tests check 'Session data corrupted', which its issue never
    // words; pylint-dev__pylint-6506's check "Unrecognized option", which its issue states.
    await importFiles(own.db, [`${REAL_DATA}/literals/swebench-lite-literals.jsonl`]);
    await analyzePendingInstances(own.db, undefined, { store: null });
    const found = await listIds(own.db, parseListState(new URLSearchParams("message=1")));
    expect(found.map((r) => r.externalId)).toEqual(["django__django-13321"]);
    expect(await listIds(own.db, parseListState(new URLSearchParams("")))).toHaveLength(2);
  } finally {
    await own.close();
  }
});

test("where an instance stands also says how many hints of the view are still open", async () => {
  const all = await listIds(env.db, view(""));
  const nav = await listNavigation(env.db, view(""), all[0]?.id as number);
  expect(nav.open).toBe(all.filter((r) => r.open).length);
  expect(nav.total).toBe(all.length);
});
