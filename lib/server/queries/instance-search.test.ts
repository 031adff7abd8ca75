import { afterAll, beforeAll, expect, test } from "vitest";
import { parseListState } from "../../review/list-state";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { SEARCH_TEXT_LIMIT, searchWords } from "./instance-search";
import { listIds, listWindow } from "./review-list";

// The list's search over identifier names and issue text, on the engine of the run (SQLite's FTS5 here,
// PostgreSQL's full-text index under `npm run test:postgres`): both must find the same instances.
let env: Awaited<ReturnType<typeof openTempDatabase>>;

const ISSUES: Record<number, string> = {
  1: "Calling locale.getpreferredencoding() returns None when LANG is C.UTF-8.",
  2: "The parser's `get_best_parsable_locale` falls back to ASCII; la crème brûlée est ratée.",
  3: "Nothing to see: best parsable widgets only.",
  4: `${"padding ".repeat(Math.ceil(SEARCH_TEXT_LIMIT / 8))} farbeyondthelimit`,
};

const file = (problems: Record<number, string>) =>
  jsonl(Object.entries(problems).map(([n, text]) => swebenchRecord(Number(n), { problem_statement: text })));

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("swebench-lite-search.jsonl", file(ISSUES))]);
  await analyzePendingInstances(env.db);
});
afterAll(() => env.close());

const found = async (q: string) =>
  (await listIds(env.db, parseListState(new URLSearchParams({ q })))).map((r) => r.externalId);

test("searchWords cuts a search as the index cuts text: letters and digits, lower case", () => {
  expect(searchWords("Get_Best.parsable-Locale()")).toEqual(["get", "best", "parsable", "locale"]);
  expect(searchWords("C.UTF-8 brûlée")).toEqual(["c", "utf", "8", "brûlée"]);
  expect(searchWords(`"*" - AND ( NEAR`)).toEqual(["and", "near"]);
  expect(searchWords(" ** ")).toEqual([]);
});

test.each([
  ["a word of the issue, any case", "GETPREFERREDENCODING", ["acme__widgets-1"]],
  ["a dotted name in the issue, as written", "locale.getpreferredencoding", ["acme__widgets-1"]],
  ["a snake_case name in the issue, as written", "get_best_parsable_locale", ["acme__widgets-2"]],
  ["words in their order, next to each other (a phrase)", "best parsable", ["acme__widgets-2", "acme__widgets-3"]],
  ["not words apart or in another order", "parsable best", []],
  ["the last word may be the start of one", "C.UTF-", ["acme__widgets-1"]],
  ["only the last word", "getpref encoding", []],
  ["accents are kept, not folded", "brûlée", ["acme__widgets-2"]],
  ["an accent missing finds nothing", "brulee", []],
  ["an identifier's name, any part of it", "dget_3", ["acme__widgets-3"]],
  ["text a full-text query would read as syntax", `"best" AND (NEAR -*`, []],
  [
    "signs only: no word, ids and names still searched",
    "__",
    ["acme__widgets-1", "acme__widgets-2", "acme__widgets-3", "acme__widgets-4"],
  ],
  ["text past the indexed length is not searched", "farbeyondthelimit", []],
])("%s: %s", async (_name, q, expected) => {
  expect((await found(q)).sort()).toEqual(expected);
  const window = await listWindow(env.db, parseListState(new URLSearchParams({ q })), { offset: 0, limit: 10 });
  expect(window.matching).toBe(expected.length);
});

test("the index follows the issue text: a re-import that changes it, and an instance deleted", async () => {
  expect(await found("getpreferredencoding")).toEqual(["acme__widgets-1"]);
  await importFiles(env.db, [
    env.tmp.write("swebench-lite-search-2.jsonl", file({ ...ISSUES, 1: "Now about getfilesystemencoding only." })),
  ]);
  expect(await found("getpreferredencoding")).toEqual([]);
  expect(await found("getfilesystemencoding")).toEqual(["acme__widgets-1"]);
  const { id } = await env.db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-2" } });
  await env.db.instance.delete({ where: { id } });
  expect(await found("brûlée")).toEqual([]);
  expect(await found("best parsable")).toEqual(["acme__widgets-3"]);
});

test("any part of an identifier's name, through the names' index: signs literal, case folded, kept as names change", async () => {
  const { id: instanceId } = await env.db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-3" } });
  const names = ["Über_Größe", "pct%_done", 'say"hi"', "CamelCaseName", "back\\slash"];
  const made = await Promise.all(
    names.map((name, position) =>
      env.db.identifier.create({
        data: {
          instanceId,
          name,
          member: name,
          kind: "function",
          path: "a.py",
          newFile: false,
          side: "code",
          status: "new",
          locations: "{}",
          position: 100 + position,
        },
      }),
    ),
  );
  const only3 = ["acme__widgets-3"];
  for (const q of ["ber_gr", "ÜBER_GRÖSSE".slice(0, 6), "pct%_", 'y"hi"', "camelcase", "k\\sl", "%_", "CamelCaseName"])
    expect([q, await found(q)]).toEqual([q, only3]);
  // LIKE's wildcards and the phrase's quote are plain characters: nothing else matches through them.
  for (const q of ["berXgr", "pctX_", "pct%X", 'y"hi""', "k\\\\sl", "X_"]) expect([q, await found(q)]).toEqual([q, []]);
  // A name changed or removed is found as it is now, on every engine's index.
  await env.db.identifier.update({ where: { id: made[3]?.id }, data: { name: "RenamedThing" } });
  expect(await found("camelcase")).toEqual([]);
  expect(await found("namedthi")).toEqual(only3);
  await env.db.identifier.deleteMany({ where: { id: { in: made.map((m) => m.id) } } });
  for (const q of ["ber_gr", "pct%_", "namedthi"]) expect([q, await found(q)]).toEqual([q, []]);
  if (TEST_ENGINE === "sqlite")
    // SQLite's FTS5 checks its index against the names it was made from (throws where they differ).
    await env.db.$executeRawUnsafe(
      `INSERT INTO "IdentifierNameSearch" ("IdentifierNameSearch") VALUES ('integrity-check')`,
    );
});
