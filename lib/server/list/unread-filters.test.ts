/**
 * A list filter the link gave that cannot be read (ids over 5,000, a malformed paired cell, an unknown review
 * status…) used to fall back to no filter: the view, and a hint set, a saved view or an export made of it, held
 * every instance. Now the list's SQL holds nothing for such a view, and what is made of a view refuses it,
 * naming the filter. Both engines.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseListState } from "../../review/list-state";
import { openWidgetsDatabase } from "../../testing/temp-database";
import { AppError } from "../app-error";
import { currentHintLines } from "../hints/hint-export";
import { createHintSet } from "../hints/hint-sets";
import { listIds } from "./review-list";
import { savedViewsOf, saveView } from "./saved-views";

let env: Awaited<ReturnType<typeof openWidgetsDatabase>>;
const COUNT = 6;
const manyIds = Array.from({ length: 5001 }, (_, n) => `acme__widgets-${n + 1}`).join(",");

/** Each narrowing filter in a form that cannot be read, as a link would carry it. */
const UNREADABLE = [
  `ids=${manyIds}`,
  "ids=acme__widgets-1,".concat("x".repeat(301)),
  "paired=1,2,constructor",
  "evidence=a,b,__proto__",
  "review=toString",
  `q=${"w".repeat(201)}`,
  `subset=${Array.from({ length: 51 }, (_, n) => `s${n}`).join(",")}`,
  "leak=yes",
  "named=on",
  `pick=0-${"a".repeat(32)}`,
];

beforeAll(async () => {
  env = await openWidgetsDatabase(COUNT, "lite");
});
afterAll(() => env.close());

test("a view whose filter cannot be read holds no instance, where the same view without it holds them all", async () => {
  expect(await listIds(env.db, parseListState(new URLSearchParams("")))).toHaveLength(COUNT);
  // The 5,001 ids name the view's six among others: read, they would keep all six.
  expect(
    await listIds(env.db, parseListState(new URLSearchParams(`ids=${manyIds.split(",").slice(0, 5000)}`))),
  ).toHaveLength(COUNT);
  for (const search of UNREADABLE) {
    const state = parseListState(new URLSearchParams(search));
    expect(state.unread, search.slice(0, 40)).toHaveLength(1);
    expect(await listIds(env.db, state), search.slice(0, 40)).toEqual([]);
  }
});

test("a hint set, a saved view or an export of a view whose filter cannot be read is refused, naming it; nothing is written", async () => {
  for (const search of UNREADABLE) {
    const param = search.split("=")[0] as string;
    const refusal = `${param} filter could not be read`;
    const asSet = createHintSet(env.db, {
      name: `set ${param}`,
      benchmark: "lite",
      selection: "defuse",
      projection: "declaration",
      filter: search,
    });
    await expect(asSet, search.slice(0, 40)).rejects.toThrow(refusal);
    await expect(asSet).rejects.toBeInstanceOf(AppError);
    await expect(saveView(env.db, "ada", `view ${param}`, search)).rejects.toThrow(refusal);
    const lines = async () => {
      for await (const _ of currentHintLines(env.db, "lite", "defuse", "declaration", search)) return;
    };
    await expect(lines()).rejects.toThrow(refusal);
  }
  expect(await env.db.hintSet.count()).toBe(0);
  expect(await savedViewsOf(env.db, "ada")).toEqual([]);
  // The same calls with a filter that is read go through.
  await createHintSet(env.db, {
    name: "read",
    benchmark: "lite",
    selection: "defuse",
    projection: "declaration",
    filter: "ids=acme__widgets-1,acme__widgets-2",
  });
  expect((await env.db.hintSet.findFirstOrThrow()).filter).toBe("ids=acme__widgets-1%2Cacme__widgets-2");
});
