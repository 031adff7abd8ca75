// Edges of the thirteenth session's rules on whose method a use names (interfaces and their implementations,
// values bound to a type), found by a review of the rules: each a patch made with git from small hand-written
// files (lib/testing/made-hunks/README.md), each giving a wrong answer before it was fixed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { analyzeInstance } from "./analyze-instance";

const made = (name: string) => readFileSync(path.join(__dirname, "..", "testing", "made-hunks", name), "utf8");

/** The names DefUse states for a made case, and every identifier as `name kind status`. */
async function analysed(name: string) {
  const result = await analyzeInstance({
    instanceId: name,
    goldPatch: made(`${name}-code.diff`),
    testPatch: made(`${name}-test.diff`),
  });
  return {
    defuse: result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name),
    all: result.identifiers.map((i) => `${i.name} ${i.kind} ${i.status}`),
  };
}

describe("a binding tells whose a use is, and takes it from no namesake", () => {
  test("Python: `resp = Response(…)` in one test, an unbound `resp = await client.get(…)` in another: both classes' json", async () => {
    expect((await analysed("py2")).defuse).toEqual(expect.arrayContaining(["Response.json", "AsyncResponse.json"]));
  });

  test("Go: `r := NewRunner(reg); r.Run(ctx)`, then `for _, r := range reg.Hooks() { r.Run(ctx) }`: Hook.Run too", async () => {
    expect((await analysed("go4")).defuse).toEqual(expect.arrayContaining(["Runner.Run", "Hook.Run"]));
  });

  test("Go: `c := NewLRU[string, int](2)` (a generic function's call): c is the *lruCache it returns", async () => {
    expect((await analysed("go5")).defuse).toEqual(expect.arrayContaining(["lruCache.Get", "lruCache.Set"]));
  });

  test("TypeScript: `new HttpUserApi(fetcher).fetchUser(1)`: HttpUserApi's method", async () => {
    expect((await analysed("ts5")).defuse).toContain("HttpUserApi.fetchUser");
  });
});

describe("only an interface's method the call fits, of an interface where the use may be, takes a use from implementations", () => {
  test("Go: a config test's `cfg.Validate()` is its package's Config.Validate, not another package's `Plugin.Validate(opts)`", async () => {
    expect((await analysed("go2")).defuse).toContain("Config.Validate");
  });

  test("Java: `config.validate()` is ServerConfig.validate(), not an unrelated interface's validate(Map)", async () => {
    expect((await analysed("j2")).defuse).toContain("ServerConfig.validate");
  });

  test('TypeScript: `reader.parse("1")` is JsonReader.parse, not an unrelated `ConfigPlugin.parse(raw, context)`', async () => {
    expect((await analysed("ts3")).defuse).toContain("JsonReader.parse");
  });
});

describe("declarations without a body that are no interface's", () => {
  test("TypeScript: a class's overload signatures are its own method's, not an interface's: JsonReader.parse keeps its use", async () => {
    expect((await analysed("ts1")).defuse).toEqual(expect.arrayContaining(["Parser.parse", "JsonReader.parse"]));
  });

  test("a `declare class Queue` in a `.d.ts` beside `lib/queue.js` describes that class: `q.drain(…)` is Queue.drain", async () => {
    expect((await analysed("dts")).defuse).toContain("Queue.drain");
  });
});

describe("a type a header names keeps its kind", () => {
  test("TypeScript: `@@ … @@ export type Props = {` over a new field: Props is a changed type, not a class", async () => {
    expect((await analysed("ts2")).all).toContain("Props type changed");
  });
});

describe("a second review: names a test patches by string, Ruby stand-ins", () => {
  test('Python: `monkeypatch.setattr(sys, "platform", …)` patches sys\'s, not the new ConfigLocator.platform', async () => {
    expect((await analysed("py-setattr-sys")).defuse).not.toContain("ConfigLocator.platform");
  });

  test('Python: `mock.patch("app.client.requests.get")` patches requests\' get, not the new Client.get', async () => {
    expect((await analysed("py-patch-get")).defuse).not.toContain("Client.get");
  });

  test("Ruby: a hunk starting at `status = case …` (its `end` closes the case) keeps the new method after it, in client.rb's Client", async () => {
    expect((await analysed("rb-assign-case")).defuse).toContain("Client.fetch_json");
  });

  test("Ruby: a hunk starting at `end.each do |line|` keeps the new method after it", async () => {
    expect((await analysed("rb-end-chain")).defuse).toContain("Report.summary");
  });

  test("Ruby: a one-line `class RequestError < StandardError; end` among the members reads alike in both images: nothing else turns new", async () => {
    const { all } = await analysed("rb-showscope-side");
    expect(all.filter((i) => i.endsWith(" new") && !i.includes("RequestError"))).toEqual([]);
  });

  test("Ruby: `module MyAPI` in myapi.rb: the file's constant as the header spells it, not an invented Myapi", async () => {
    const { all } = await analysed("rb-class-self");
    expect(all).toContain("MyAPI.reset_configuration! method new");
    expect(all.filter((i) => i.startsWith("Myapi"))).toEqual([]);
  });
});
