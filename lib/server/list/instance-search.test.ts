import { afterAll, beforeAll, expect, test } from "vitest";
import { parseListState } from "../../review/list-state";
import { searchWaits } from "../../review/search-needle";
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
    "e__",
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
  for (const q of ["ber_gr", "ÜBER_GRÖSSE".slice(0, 6), "pct%_", 'y"hi"', "camelcase", "k\\sl", "t%_", "CamelCaseName"])
    expect([q, await found(q)]).toEqual([q, only3]);
  // LIKE's wildcards and the phrase's quote are plain characters: nothing else matches through them.
  for (const q of ["berXgr", "pctX_", "pct%X", 'y"hi""', "k\\\\sl", "tX_"])
    expect([q, await found(q)]).toEqual([q, []]);
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

test("an id, repository or benchmark holding the needle, for every needle length around the trigram's three characters: the same instances as read one by one", async () => {
  // Ids and repositories with LIKE's wildcards and a backslash in them, mixed case (ASCII: SQLite's LIKE folds ASCII).
  const records = [
    ["Kit%Lab_7", "Kit/Lab"],
    ["kitlab-70", "oak/TREE-x"],
    ["Oak_Tree%3", "zq\\path/ok"],
  ].map(([id, repo], n) =>
    swebenchRecord(50 + n, { instance_id: id, repo, problem_statement: `Plain words ${n} only.` }),
  );
  await importFiles(env.db, [env.tmp.write("swebench-lite-search-kit.jsonl", jsonl(records))], {
    benchmark: "Bench_Of%Kits",
  });
  const instances = await env.db.instance.findMany({
    select: {
      externalId: true,
      repo: true,
      problemStatement: true,
      benchmark: { select: { name: true } },
      identifiers: { select: { name: true } },
    },
  });
  // The documented search, instance by instance: any part of the id, repository, benchmark or an identifier's
  // name (case folded), or the issue's words as a phrase whose last word may be the start of one; a needle of
  // one or two characters is not searched (it waits for a third: search-needle.ts), so every instance.
  const holds = (text: string, needle: string) => text.toLowerCase().includes(needle.toLowerCase());
  const phraseIn = (text: string, words: string[]) => {
    const cut = searchWords(text.slice(0, SEARCH_TEXT_LIMIT));
    return cut.some((_, at) =>
      words.every((w, k) => (k === words.length - 1 ? cut[at + k]?.startsWith(w) : cut[at + k] === w)),
    );
  };
  const expected = (needle: string) =>
    instances
      .filter(
        (i) =>
          searchWaits(needle) ||
          holds(i.externalId, needle) ||
          holds(i.repo, needle) ||
          holds(i.benchmark.name, needle) ||
          i.identifiers.some((x) => holds(x.name, needle)) ||
          (searchWords(needle).length > 0 && phraseIn(i.problemStatement, searchWords(needle))),
      )
      .map((i) => i.externalId)
      .sort();
  const swapCase = (s: string) =>
    [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join("");
  const needles = new Set<string>();
  for (const text of [...records.flatMap((r) => [r.instance_id, r.repo]), "Bench_Of%Kits", "acme__widgets-1"])
    for (let at = 0; at < text.length; at++)
      for (let length = 1; length <= 5 && at + length <= text.length; length++) {
        const needle = text.slice(at, at + length);
        needles.add(needle);
        needles.add(swapCase(needle));
      }
  for (const needle of ["%", "_", "\\", "t%L", "k_T", "%3", "X%L", "k-7", "Lab_8", "kits"]) needles.add(needle);
  const wrong: string[] = [];
  for (const needle of needles) {
    const got = (await found(needle)).sort();
    if (JSON.stringify(got) !== JSON.stringify(expected(needle)))
      wrong.push(`${needle}: ${JSON.stringify(got)} ≠ ${JSON.stringify(expected(needle))}`);
  }
  expect(wrong).toEqual([]);
  // Some needles of each length find something, and some find nothing.
  for (const length of [1, 2, 3, 4, 5]) {
    const ofLength = [...needles].filter((n) => n.length === length);
    expect(ofLength.some((n) => expected(n).length > 0)).toBe(true);
  }
  expect([...needles].some((n) => expected(n).length === 0)).toBe(true);
});
