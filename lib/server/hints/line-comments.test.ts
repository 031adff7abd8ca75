import { afterAll, beforeAll, expect, test } from "vitest";
import { issueLinesOf, quoteLines, threadsOf } from "../../review/line-comments";
import { type CurationDatabase, openCurationDatabase } from "../../testing/curation-database";
import { swebenchRecord } from "../../testing/fixtures";
import { createHintSet } from "./hint-sets";
import {
  commentOnLines,
  commentsForExport,
  replyToThread,
  resolveThread,
  roundThreads,
  threadsForInstance,
} from "./line-comments";
import { decideInRound, publishRound, startRound } from "./review-rounds";

let env: CurationDatabase;
let ids: number[];
const ISSUE = "# Widgets break\n\nCalling `widget()` twice\nreturns the wrong value.\r\nSee below.";

beforeAll(async () => {
  env = await openCurationDatabase([
    swebenchRecord(1, { problem_statement: ISSUE }),
    swebenchRecord(2),
    swebenchRecord(3),
  ]);
  ids = (await env.db.instance.findMany({ orderBy: { externalId: "asc" } })).map((i) => i.id);
});
afterAll(() => env.close());

test("quoteLines takes whole lines of the text as the panes number them, and says why a range is not one", () => {
  expect(quoteLines(ISSUE, 3, 4)).toEqual({ quote: "Calling `widget()` twice\nreturns the wrong value." });
  expect(quoteLines(ISSUE, 5, 5)).toEqual({ quote: "See below." });
  for (const [start, end, why] of [
    [0, 1, /not a range/],
    [3, 2, /not a range/],
    [5, 6, /line 6 is past the end of the text \(5 lines\)/],
    [1.5, 2, /whole numbers/],
  ] as const)
    expect(quoteLines(ISSUE, start, end)).toEqual({ error: expect.stringMatching(why) });
});

test("issueLinesOf maps a selection in the rendered issue back to the source's lines", () => {
  expect(issueLinesOf(ISSUE, "Calling widget() twice")).toBeNull(); // the source writes `widget()`: not found
  expect(issueLinesOf(ISSUE, "twice\nreturns the wrong")).toEqual({ start: 3, end: 4 });
  expect(issueLinesOf(ISSUE, "See below.")).toEqual({ start: 5, end: 5 });
  expect(issueLinesOf(ISSUE, "   \n ")).toBeNull();
});

test("a thread on lines keeps their text, gathers replies in order, resolves and opens again", async () => {
  const [first] = ids as [number];
  const thread = await commentOnLines(
    env.db,
    { instanceId: first, pane: "issue", startLine: 3, endLine: 4, body: "  Which value? The issue never says.  " },
    "bo",
  );
  expect(thread).toMatchObject({
    quote: "Calling `widget()` twice\nreturns the wrong value.",
    body: "Which value? The issue never says.",
  });
  await replyToThread(env.db, { threadId: thread.id, body: "The test asserts 1." }, "cy");
  await commentOnLines(env.db, { instanceId: first, pane: "gold", startLine: 1, endLine: 1, body: "header" }, "cy");
  await resolveThread(env.db, { threadId: thread.id, resolved: true }, "ada");
  let threads = await threadsForInstance(env.db, first, "bo");
  expect(threads.map((t) => [t.pane, t.startLine, t.endLine])).toEqual([
    ["issue", 3, 4],
    ["gold", 1, 1],
  ]);
  expect(threads[0]).toMatchObject({ outdated: false, resolvedBy: "ada" });
  expect(threads[0]?.comments.map((c) => [c.author, c.body])).toEqual([
    ["bo", "Which value? The issue never says."],
    ["cy", "The test asserts 1."],
  ]);
  await resolveThread(env.db, { threadId: thread.id, resolved: false }, "bo");
  threads = await threadsForInstance(env.db, first, "bo");
  expect(threads[0]).toMatchObject({ resolvedBy: null, resolvedAt: null });
});

test("bad comments are refused with what is wrong, and write nothing", async () => {
  const [first] = ids as [number];
  const before = await env.db.lineComment.count();
  const attempts: Array<[Parameters<typeof commentOnLines>[1], RegExp]> = [
    [{ instanceId: first, pane: "hints", startLine: 1, endLine: 1, body: "x" }, /not a pane: hints/],
    [{ instanceId: first, pane: "issue", startLine: 1, endLine: 1, body: "   " }, /the comment is empty/],
    [{ instanceId: first, pane: "issue", startLine: 9, endLine: 9, body: "x" }, /Issue: line 9 is past the end/],
    [{ instanceId: first, pane: "test", startLine: 3, endLine: 1, body: "x" }, /Test patch: lines 3–1 are not a range/],
    [{ instanceId: 987654, pane: "issue", startLine: 1, endLine: 1, body: "x" }, /no instance 987654/],
    [
      { instanceId: first, pane: "issue", startLine: 1, endLine: 1, body: "x".repeat(10_001) },
      /^the comment is 10,001 characters long: a comment is at most 10,000 characters$/,
    ],
    // Bodies of megabytes (which once closed the connection with no message) are refused, saying so.
    [
      { instanceId: first, pane: "issue", startLine: 1, endLine: 1, body: "x".repeat(1_048_576) },
      /^the comment is 1,048,576 characters long: a comment is at most 10,000 characters$/,
    ],
    [
      { instanceId: first, pane: "issue", startLine: 1, endLine: 1, body: "é".repeat(5_000_000) },
      /^the comment is 5,000,000 characters long: a comment is at most 10,000 characters$/,
    ],
  ];
  for (const [input, why] of attempts) await expect(commentOnLines(env.db, input, "bo")).rejects.toThrow(why);
  await expect(replyToThread(env.db, { threadId: 987654, body: "x" }, "bo")).rejects.toThrow(/no comment thread/);
  await expect(replyToThread(env.db, { threadId: 987654, body: "x".repeat(2_000_000) }, "bo")).rejects.toThrow(
    "the comment is 2,000,000 characters long: a comment is at most 10,000 characters",
  );
  expect(await env.db.lineComment.count()).toBe(before);
});

test("an instance that changes under a thread shows it outdated, quoting what it was about", () => {
  const stored = {
    id: 1,
    pane: "gold",
    startLine: 2,
    endLine: 2,
    quote: "+def widget(): return 1",
    body: "b",
    author: "bo",
    threadId: null,
    roundId: null,
    resolvedBy: null,
    resolvedAt: null,
    createdAt: new Date(0),
  };
  const texts = { issue: "", test: "", gold: "--- a\n+def widget(): return 1" };
  expect(threadsOf([stored], texts)[0]?.outdated).toBe(false);
  expect(threadsOf([stored], { ...texts, gold: "--- a\n+def widget(): return 2" })[0]?.outdated).toBe(true);
  expect(threadsOf([stored], { ...texts, gold: "--- a" })[0]?.outdated).toBe(true);
});

test("in an open blind round only the author sees a comment, the adjudication sees all; published, everyone", async () => {
  await createHintSet(env.db, {
    name: "lite",
    benchmark: "SWE-bench Lite",
    selection: "defuse",
    projection: "declaration",
  });
  const round = await startRound(
    env.db,
    { name: "r", hintSet: "lite", curators: ["bo", "cy"], curatorsPerHint: 2 },
    "ada",
  );
  const second = ids[1] as number;
  const thread = await commentOnLines(
    env.db,
    { instanceId: second, pane: "test", startLine: 1, endLine: 2, body: "narrow test", roundId: round.id },
    "bo",
  );
  // Someone the hint is not dealt to cannot write in the round.
  await expect(
    commentOnLines(
      env.db,
      { instanceId: second, pane: "test", startLine: 1, endLine: 1, body: "x", roundId: round.id },
      "ada",
    ),
  ).rejects.toThrow(/not dealt to ada/);
  expect((await threadsForInstance(env.db, second, "bo")).map((t) => t.id)).toEqual([thread.id]);
  expect(await threadsForInstance(env.db, second, "cy")).toEqual([]);
  expect((await roundThreads(env.db, round.id)).get(second)?.[0]?.comments.map((c) => c.body)).toEqual(["narrow test"]);
  expect((await commentsForExport(env.db)).filter((r) => r.instance_id === "acme__widgets-2")).toEqual([]);

  for (const id of await env.db.roundAssignment.findMany({ where: { roundId: round.id } }))
    await decideInRound(env.db, { roundId: round.id, instanceId: id.instanceId, action: "accept" }, id.curator);
  await publishRound(env.db, round.id, "ada");
  expect((await threadsForInstance(env.db, second, "cy")).map((t) => t.id)).toEqual([thread.id]);
  await expect(replyToThread(env.db, { threadId: thread.id, body: "late", roundId: round.id }, "bo")).rejects.toThrow(
    /published: it takes no comments/,
  );
});

test("the export holds each thread with its comments, apart from any hint, for one benchmark or all", async () => {
  const records = await commentsForExport(env.db, "SWE-bench Lite");
  expect(records.map((r) => [r.instance_id, r.pane, r.start_line, r.end_line])).toEqual([
    ["acme__widgets-1", "issue", 3, 4],
    ["acme__widgets-1", "gold", 1, 1],
    ["acme__widgets-2", "test", 1, 2],
  ]);
  expect(records[0]).toMatchObject({
    benchmark: "SWE-bench Lite",
    quote: "Calling `widget()` twice\nreturns the wrong value.",
    outdated: false,
    comments: [
      { author: "bo", body: "Which value? The issue never says.", round: null },
      { author: "cy", body: "The test asserts 1.", round: null },
    ],
  });
  expect(await commentsForExport(env.db, "SWE-bench Verified")).toEqual([]);
});
