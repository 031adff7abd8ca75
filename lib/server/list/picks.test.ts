/**
 * Rows picked, or a benchmark's curator–judge disagreements, used to go in the link as the `ids` filter: past
 * about 145 SWE-bench Pro ids the request's headers pass 16 KB and the server answered 431. Ids too many for a
 * link are now kept as a pick, named in the link by its key. Both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listStateToSearch, parseListState, pickSize } from "../../review/list-state";
import { openWidgetsDatabase } from "../../testing/temp-database";
import { AppError } from "../app-error";
import { createHintSet } from "../hints/hint-sets";
import { keepPick, PICK_MAX, PICKS_PER_USER, pickKey } from "./picks";
import { listIds, listWindow } from "./review-list";
import { saveView } from "./saved-views";
import { viewState } from "./view-state";

let env: Awaited<ReturnType<typeof openWidgetsDatabase>>;
const COUNT = 8;
const id = (n: number) => `acme__widgets-${n}`;

beforeAll(async () => {
  env = await openWidgetsDatabase(COUNT, "lite");
});
afterAll(() => env.close());

const viewIds = async (search: string) =>
  (await listIds(env.db, parseListState(new URLSearchParams(search)))).map((r) => r.externalId);

describe("a kept pick", () => {
  test("holds the same ids whatever their order or repeats, once, under a key that names its size", async () => {
    const ids = [id(3), id(1), id(6), id(1), "not__imported-1"];
    const key = await keepPick(env.db, ids, "ada");
    expect(key).toMatch(/^4-[0-9a-f]{32}$/);
    expect(pickSize(key)).toBe(4);
    expect(await keepPick(env.db, [...ids].reverse(), "grace")).toBe(key);
    expect(pickKey([id(1), id(3), id(6), "not__imported-1"])).toBe(key);
    expect(await env.db.pick.findUniqueOrThrow({ where: { key } })).toMatchObject({ size: 4, createdBy: "ada" });
    expect((await env.db.pickMember.findMany({ where: { pickKey: key } })).map((m) => m.externalId).sort()).toEqual(
      [id(1), id(3), id(6), "not__imported-1"].sort(),
    );
    // Other ids, another key; one id more or less, another key.
    expect(await keepPick(env.db, [id(3), id(1)], "ada")).not.toBe(key);
    expect(pickKey([id(1), id(3), id(6)])).not.toBe(key);
  });

  test("is a view: the list holds its imported instances, with every other filter and sort", async () => {
    const key = await keepPick(env.db, [id(2), id(5), id(7), "not__imported-2"], "ada");
    expect(await viewIds(`pick=${key}`)).toEqual([id(2), id(5), id(7)]);
    expect(await viewIds(`pick=${key}&sort=externalId&desc=1`)).toEqual([id(7), id(5), id(2)]);
    expect(await viewIds(`pick=${key}&ids=${id(5)},${id(8)}`)).toEqual([id(5)]);
    expect(await viewIds(`pick=${key}&benchmark=other`)).toEqual([]);
    // A key of the right shape that this database does not keep: no instance, never every one, and said.
    const unknown = parseListState({ pick: `3-${"0".repeat(32)}` });
    expect(await viewIds(listStateToSearch(unknown))).toEqual([]);
    expect(await listWindow(env.db, unknown, { offset: 0, limit: 10 })).toMatchObject({
      matching: 0,
      unknownPick: true,
    });
    const kept = parseListState({ pick: key });
    expect(await listWindow(env.db, kept, { offset: 0, limit: 10 })).toMatchObject({ matching: 3, unknownPick: false });
    expect(await listWindow(env.db, parseListState({}), { offset: 0, limit: 10 })).toMatchObject({
      unknownPick: false,
    });
  });

  test("keeps a link short however many and long its ids", async () => {
    const pro = (n: number) =>
      `instance_ansible__ansible-${n.toString(16).padStart(40, "0")}-v30a923fb5c164d6cd18280c02422f75e611e8fb2`;
    const ids = [...Array.from({ length: 2_000 }, (_, n) => pro(n)), id(4)];
    const key = await keepPick(env.db, ids, "ada");
    const search = listStateToSearch({ ...parseListState({}), pick: key });
    expect(search.length).toBeLessThan(50);
    expect(await viewIds(search)).toEqual([id(4)]);
    expect(await env.db.pickMember.count({ where: { pickKey: key } })).toBe(2_001);
  });

  test("kept by several requests at once is kept once, and each gets its key", async () => {
    const ids = Array.from({ length: 1_500 }, (_, n) => `race__${n}`);
    const keys = await Promise.all(Array.from({ length: 5 }, (_, n) => keepPick(env.db, ids, `curator ${n}`)));
    expect(new Set(keys)).toEqual(new Set([pickKey(ids)]));
    expect(await env.db.pick.count({ where: { key: keys[0] } })).toBe(1);
    expect(await env.db.pickMember.count({ where: { pickKey: keys[0] } })).toBe(1_500);
  });

  test("refuses an empty pick, one past the bound, and an id blank or over 300 characters, keeping nothing", async () => {
    const before = await env.db.pick.count();
    const refusals: Array<[string[], RegExp]> = [
      [[], /at least one instance id/],
      [Array.from({ length: PICK_MAX + 1 }, (_, n) => `x${n}`), /at most 20,000 instance ids \(got 20,001\)/],
      [[id(1), "x".repeat(301)], /1 to 300 characters.*301 characters/],
      [[id(1), "  "], /not blank/],
    ];
    for (const [ids, message] of refusals) {
      const kept = keepPick(env.db, ids, "ada");
      await expect(kept).rejects.toThrow(message);
      await expect(kept).rejects.toBeInstanceOf(AppError);
    }
    expect(await env.db.pick.count()).toBe(before);
    // At the bounds: PICK_MAX ids of 300 characters.
    const most = Array.from({ length: PICK_MAX }, (_, n) => String(n).padStart(300, "x"));
    expect(pickSize(await keepPick(env.db, most, "ada"))).toBe(PICK_MAX);
  });

  test("a hint set made of a pick means its instances; of a pick this server does not keep, it is refused", async () => {
    const key = await keepPick(env.db, [id(1), id(8)], "ada");
    await createHintSet(env.db, {
      name: "picked",
      benchmark: "lite",
      selection: "defuse",
      projection: "declaration",
      filter: `pick=${key}`,
    });
    const set = await env.db.hintSet.findUniqueOrThrow({ where: { name: "picked" } });
    expect(set.filter).toBe(`pick=${key}`);
    expect((await listIds(env.db, viewState(set.filter ?? ""))).map((r) => r.externalId)).toEqual([id(1), id(8)]);
    const unknown = `2-${"f".repeat(32)}`;
    const refused = createHintSet(env.db, {
      name: "unknown pick",
      benchmark: "lite",
      selection: "defuse",
      projection: "declaration",
      filter: `pick=${unknown}`,
    });
    await expect(refused).rejects.toThrow(`no kept pick ${unknown}`);
    expect(await env.db.hintSet.count({ where: { name: "unknown pick" } })).toBe(0);
  });

  test("a user keeps at most 20 picks: past it the oldest no view names is let go; when every one is named, refused, saying so", async () => {
    const user = "bounded";
    const keys: string[] = [];
    for (let n = 0; n < PICKS_PER_USER; n++) keys.push(await keepPick(env.db, [`bound__${n}`, `bound__${n}b`], user));
    // The first is named by a saved view (someone else's: a view names it for everyone), the second by a hint set.
    await saveView(env.db, "someone", "first pick", `pick=${keys[0]}`);
    await createHintSet(env.db, {
      name: "of the second pick",
      benchmark: "lite",
      selection: "defuse",
      projection: "declaration",
      filter: `pick=${keys[1]}`,
    });
    const next = await keepPick(env.db, ["bound__next", "bound__nextb"], user);
    const kept = async () =>
      (await env.db.pick.findMany({ where: { createdBy: user }, select: { key: true } })).map((p) => p.key);
    expect(await kept()).toHaveLength(PICKS_PER_USER);
    // The oldest not named (the third) went, with its members; the named ones stayed.
    expect(await kept()).not.toContain(keys[2]);
    expect(await kept()).toEqual(expect.arrayContaining([keys[0], keys[1], next]));
    expect(await env.db.pickMember.count({ where: { pickKey: keys[2] } })).toBe(0);
    // A pick another user already keeps is theirs: keeping it again costs nothing.
    expect(await keepPick(env.db, [id(1), id(3), id(6), "not__imported-1"], user)).toMatch(/^4-/);
    expect(await kept()).toHaveLength(PICKS_PER_USER);
    // Every pick named: the next is refused, with what to do.
    for (const key of await kept()) await saveView(env.db, user, `view ${key}`, `pick=${key}`);
    const refused = keepPick(env.db, ["bound__last"], user);
    await expect(refused).rejects.toThrow(
      "you keep 20 picks, the most one user keeps, and every one is named by a saved view or a hint set: remove a saved view to keep another",
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    expect(await kept()).toHaveLength(PICKS_PER_USER);
  });
});
