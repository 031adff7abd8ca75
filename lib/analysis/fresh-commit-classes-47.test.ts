// Classes of error found in the twenty-second session (issue 43): round 46's misses and round 47, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis, hunkDefinitions, realHunk } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

test("webargs 3cbd22e: a Python hunk under git's `class Parser(…):` header that lies wholly inside a method's parameter list, which the hunk just above left open at `    def use_args(`: the parameter it adds is that method's (`Parser.use_args.arg_name`), not a field of the class", async () => {
  const result = await commitAnalysis("webargs-commit-3cbd22e");
  const argName = result.identifiers
    .filter((i) => i.name.endsWith(".arg_name") && i.path === "src/webargs/core.py")
    .map((i) => `${i.name} ${i.kind} ${i.status}`);
  expect(argName).toEqual(["Parser.use_args.arg_name parameter new"]);
  expect(result.identifiers.find((i) => i.name === "Parser.use_args.arg_name")?.policies).toContain("defuse");
});

test("webargs 3cbd22e: under git's `class Parser(…):`, a hunk two levels in that closes a docstring and goes on with statements only a body holds (`location = location or self.location`, `if arg_name is None …:`) is a method's body: `arg_name = …` there is a local, no field; and a hunk wholly in a docstring's Sphinx fields (`:param argmap: …`) defines nothing (its example `def greet(…)` is prose)", async () => {
  const result = await commitAnalysis("webargs-commit-3cbd22e");
  const core = result.identifiers
    .filter((i) => i.path === "src/webargs/core.py" && i.kind !== "class")
    .map((i) => `${i.name} ${i.kind}`);
  expect(core).not.toContain("Parser.arg_name field");
  expect(core.filter((n) => n.includes("greet"))).toEqual([]);
});

test("arrow 5e2e52a: a hunk under `class ArrowFactory(object):` whose lines stand eight spaces in, one of them a call (`tz = kwargs.get(…)`), is `get`'s body: `normalize_whitespace = kwargs.pop(…)` is a local, not a new field of the class", async () => {
  const result = await hunkDefinitions("arrow-commit-5e2e52a-factory-code.diff");
  expect(result).toEqual(["ArrowFactory.get method changed", "ArrowFactory class changed"]);
});

test("uvicorn 50fc0d1: `self.loaded_app = self.loaded_app()` added under `class Config:` where the hunk's own context lines read `self.loaded_app` is an attribute the class had: changed, not a new field the tests' `config.loaded_app` would be told of", async () => {
  const result = await analyzeInstance({
    instanceId: "uvicorn-commit-50fc0d1",
    goldPatch: realHunk("uvicorn-commit-50fc0d1-config-code.diff"),
    testPatch: realHunk("uvicorn-commit-50fc0d1-test.diff"),
  });
  const loaded = result.identifiers.find((i) => i.name === "Config.loaded_app");
  expect(loaded?.status).toBe("changed");
  expect(loaded?.policies).not.toContain("defuse");
  expect(result.identifiers.find((i) => i.name === "Config.factory")?.status).toBe("new");
});

test("flipper 7d55e6d: a Ruby method whose class no hunk line shows takes its owner from its file (`dsl.rb`), spelt as the patches spell it where they spell it only in git's hunk headers (`@@ … @@ RSpec.describe Flipper::Cloud::DSL do`): `DSL.sync_secret`, not `Dsl`", async () => {
  const result = await commitAnalysis("flipper-commit-7d55e6d");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toEqual(["DSL.sync_secret method"]);
});

test("retrofit 4ec7731: a test case (`@Test public void failOnUnknown()`) is the runner's to call, not the code's: the code's `adapter.failOnUnknown()` (Moshi's own) does not make it a name the code uses; the code's new `failOnUnknown()` the test calls is", async () => {
  const result = await commitAnalysis("retrofit-commit-4ec7731");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.side}`);
  expect(stated).toEqual(["MoshiConverterFactory.failOnUnknown code"]);
});

test("jOOR 846beee: a private overload added beside a public method the tests call (`private static Reflect on(Class<?> type, Object object)` beside `public static Reflect on(Object object)`) makes the name new but reaches no test: the private mark is the added overload's, and nothing is stated", async () => {
  const result = await commitAnalysis("joor-commit-846beee");
  const on = result.identifiers.find((i) => i.name === "Reflect.on");
  expect(on?.status).toBe("new");
  expect(result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name)).toEqual([]);
});

test("rest-client 00e12b3: RSpec's older message expectation sent to the object itself (`@response.should_receive(:check_max_redirects)`) names the method it expects, as `receive(:x)` does: the new `AbstractResponse.check_max_redirects` is used", async () => {
  const result = await commitAnalysis("rest-client-commit-00e12b3");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toEqual(["AbstractResponse.check_max_redirects method"]);
});

test("concurrentqueue a15a723: a C++ hunk under `struct ConcurrentQueueDefaultTraits` whose members stand a tab in while `#ifndef MCDBGQ_USE_RELACY` stands at column 0 is the struct's body (a preprocessor line says nothing of levels), and a template parameter's default (`bool RecycleBlocks = ConcurrentQueueDefaultTraits::RECYCLE_ALLOCATED_BLOCKS`) uses the new member", async () => {
  const result = await commitAnalysis("concurrentqueue-commit-a15a723");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toEqual(["ConcurrentQueueDefaultTraits.RECYCLE_ALLOCATED_BLOCKS field"]);
});

test("zlib fd5fe8b: each side's `#if defined(_WIN32) && !defined(_CRT_NONSTDC_NO_DEPRECATE)` guards its own `#define _CRT_NONSTDC_NO_DEPRECATE`: a bare name a file defines itself is its own, no use of the other patch's namesake", async () => {
  const result = await commitAnalysis("zlib-commit-fd5fe8b");
  expect(result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name)).toEqual([]);
  expect(result.identifiers.some((i) => i.name === "_CRT_NONSTDC_NO_DEPRECATE" && i.status === "new")).toBe(true);
});

test("range-v3 ef9a650: a typeless declaration with a macro's name in a struct (`CONCEPT_ASSERT(sizeof...(Rngs) != 0);`) is the macro's call, no function the patch defines", async () => {
  const result = await hunkDefinitions("range-v3-commit-ef9a650-zip-code.diff", "range-v3-commit-ef9a650-test.diff");
  expect(result.filter((d) => /CONCEPT_/.test(d))).toEqual([]);
});

test("hanami/utils 237e6c8: a Ruby hunk under git's `module Lotus` that goes on, ten lines below, inside the `class Result` the hunk above opened (`module Interactor` / `class Result`, no `end` of it shown): its methods six spaces in are Result's (`Result.errors`), not the class the file's name suggests (`interactor.rb`)", async () => {
  const result = await analyzeInstance({
    instanceId: "hanami-237e6c8",
    goldPatch: realHunk("hanami-utils-commit-237e6c8-interactor-code.diff"),
    testPatch: realHunk("hanami-utils-commit-237e6c8-test.diff"),
  });
  const stated = result.identifiers
    .filter((i) => i.policies.includes("defuse") && i.path === "lib/lotus/interactor.rb")
    .map((i) => i.name);
  expect(stated).toEqual(expect.arrayContaining(["Result.errors", "Result.error"]));
  expect(stated).not.toContain("Interactor.errors");
});

test("tsdoc 8013d91: a test hunk that starts inside an inline snapshot's template literal (its text, then `` `); ``) reads its code from the closing backtick on: `TSDocConfigFile.loadFromParser(configuration)` is a use of the new static method", async () => {
  const result = await commitAnalysis("tsdoc-commit-8013d91");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
  expect(stated).toContain("TSDocConfigFile.loadFromParser");
});

test("the review's Python misfires: two levels into a class, a hunk is a method's body in both images alike (bottle 3b9e865: a removed `if` decides the added `fname = …` too), one that starts deeper than its least line opens a stand-in block (prettytable 5eee176: `per_col_padding = …` after a deeper start; its `self._style = None` is the one new field), and a local moved within a method stays a local (webargs 8d3a3b8: `arg_name`)", async () => {
  const fields = async (diff: string) => (await hunkDefinitions(diff)).filter((d) => / field /.test(d));
  expect(await fields("bottle-commit-3b9e865-code.diff")).not.toContain("FileUpload.fname field new");
  expect(await fields("prettytable-commit-5eee176-code.diff")).toEqual(["PrettyTable._style field new"]);
  expect((await fields("webargs-commit-8d3a3b8-code.diff")).filter((d) => d.startsWith("Parser.arg_name"))).toEqual([]);
});

test("rxjs c9dfca7: a dynamic import (`({ findIndex } = await import('./find-index.js'))`, `typeof import('./find-index.js')`) uses the new file", async () => {
  const result = await commitAnalysis("rxjs-commit-c9dfca7");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toEqual(expect.arrayContaining(["packages/rxjs/src/find-index.ts file", "findIndex constant"]));
});

test("the review's C++ misfire: gtest's `TEST(FourSuite, CaseNormalizationTests) { … }` has a body, so it stays what holds its changed lines; the helper git's header names (`normalizeAndCompare`) is not charged with them (uriparser 1d03230)", async () => {
  expect(await hunkDefinitions("", "uriparser-commit-1d03230-foursuite-test.diff")).toEqual(["TEST function changed"]);
});

test("pytest-asyncio b731183: a test's parameter requests the fixture of its name (`async def test_runs_with_custom_factory_only(requires_custom_loop)` and the conftest's `@pytest.fixture def requires_custom_loop()`): a use of the new fixture", async () => {
  const result = await commitAnalysis("pytest-asyncio-commit-b731183");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toEqual(["requires_custom_loop function"]);
});

test("the second review's misfires: a lone backtick after `stdout().write(` opens a template, it closes none (vitest 6a99eac: `printShortcutsHelp` stays a changed function), and plain assignments at a method's least level over a deeper statement are its body's (sqlite-utils 77d2419: `columns = {` no field of Database)", async () => {
  expect(await hunkDefinitions("vitest-commit-6a99eac-stdin-code.diff")).toContain(
    "printShortcutsHelp function changed",
  );
  const db = await hunkDefinitions("sqlite-utils-commit-77d2419-db-code.diff");
  expect(db.filter((d) => d.startsWith("Database.columns"))).toEqual([]);
});
