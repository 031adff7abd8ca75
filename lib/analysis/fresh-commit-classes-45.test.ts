// Classes of error found in the twenty-first session (issue 43): the attributes of rounds 40–44, and round 45,
// labelled blind. Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis, hunkDefinitions, realHunk } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

test("gflags 8d3797c: a C++ hunk that starts in a function's tail and ends past `} // namespace GFLAGS_NAMESPACE` (git's header the function's, `inline std::string StringPrintf(…) {`): the new functions between are the namespace's free functions, not a stand-in's methods", async () => {
  const result = await commitAnalysis("gflags-commit-8d3797c");
  const added = result.identifiers
    .filter((i) => i.path === "src/util.h" && i.kind !== "parameter")
    .map((i) => `${i.name} ${i.kind} ${i.owner ?? "-"} ${i.status}`);
  expect(added).toEqual(["SafeGetEnv function - new", "SafeFOpen function - new"]);
  expect(result.identifiers.find((i) => i.name === "SafeFOpen")?.policies).toContain("defuse");
});

test("nghttp2 d3f0a6d: hunks inside a nameless typedef'd record (`@@ … @@ typedef struct {`, `} nghttp2_goaway_aux_data;` the closer) reopen it, and a nameless record's fields are its typedef's (`nghttp2_aux_data.rst_stream`, `nghttp2_rst_stream_aux_data.continue_without_stream`), as the test reaches them", async () => {
  const result = await commitAnalysis("nghttp2-commit-d3f0a6d");
  const stated = result.identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind} ${i.owner}`);
  expect(stated).toEqual([
    "nghttp2_rst_stream_aux_data.continue_without_stream field nghttp2_rst_stream_aux_data",
    "nghttp2_aux_data.rst_stream field nghttp2_aux_data",
  ]);
});

test("neverthrow c6cfcbd: a TypeScript hunk under `export namespace Result {` that starts in a function's closing blocks and closes the namespace at column 0: the functions after the first one's end are the namespace's (`Result.combine`), as the tests call them", async () => {
  const result = await analyzeInstance({
    instanceId: "neverthrow-commit-c6cfcbd",
    goldPatch: realHunk("neverthrow-commit-c6cfcbd-result-code.diff"),
    testPatch: realHunk("neverthrow-commit-c6cfcbd-test.diff"),
  });
  const stated = result.identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind} ${i.path}`);
  expect(stated).toEqual([
    "ResultAsync.combine method src/result-async.ts",
    "ResultAsync.combineWithAllErrors method src/result-async.ts",
    "Result.combine function src/result.ts",
    "Result.combineWithAllErrors function src/result.ts",
  ]);
});

test("uri bf13946: a Ruby hunk under `module URI` whose new methods stand four spaces in, before the `  end` of a class no line shows and the module's own `register_scheme` after it: the methods are the file's class's (`lib/uri/http.rb`: HTTP, spelt as the patches spell it), not the module's", async () => {
  const result = await commitAnalysis("uri-commit-bf13946");
  const stated = result.identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind} ${i.owner}`);
  expect(stated).toEqual(["HTTP.authority method HTTP", "HTTP.origin method HTTP"]);
});

test("jsoncpp 3d9bf8e: a C++ header's hunk under `public:` that stands past the class, at column 0 before `} // namespace Json`, holds the methods' out-of-line definitions (`inline Value& Value::front()`), which give the class's declarations (under `public:`, class unseen) their owner: one `Value.front`", async () => {
  const result = await commitAnalysis("jsoncpp-commit-3d9bf8e");
  const stated = result.identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind} ${i.path} ${i.signature?.replace(/\n/g, " | ")}`);
  expect(stated).toEqual([
    "Value.front method include/json/value.h const Value& front() const | Value& front()",
    "Value.back method include/json/value.h const Value& back() const | Value& back()",
  ]);
});

test('sqlite-utils 2258b43: a keyword handed on with the function that takes it (`ctx.invoke(cli.commands["memory"], paths=(path,), return_db=True)`) is a use of that function\'s new parameter', async () => {
  const result = await commitAnalysis("sqlite-utils-commit-2258b43");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toEqual(["memory.return_db parameter"]);
});

test("junit4 d3ee5d0: a member the code declares `private` (`private AnnotationValidator createAnnotationValidator(…)` in ParentRunner) is its class's own: the test's call of the factory's namesake is no use of it; TypeScript's `private`, which compiles away, stays reachable (tsyringe's `disposed`)", async () => {
  const result = await commitAnalysis("junit4-commit-d3ee5d0");
  const method = result.identifiers.find((i) => i.name === "ParentRunner.createAnnotationValidator");
  expect(method?.policies).toEqual(expect.arrayContaining(["fea", "pro"]));
  expect(method?.policies).not.toContain("defuse");
  const ts = await analyzeInstance({
    instanceId: "tsyringe-commit-675c3c4",
    goldPatch: realHunk("tsyringe-commit-675c3c4-container-code.diff"),
    testPatch: realHunk("tsyringe-commit-675c3c4-container-test.diff"),
  });
  expect(ts.identifiers.find((i) => i.name === "InternalDependencyContainer.disposed")?.policies).toContain("defuse");
});

test("jsoncons 3f7565d: a C++ test's variable declared of a namespace's class template (`jsoncons::mdarray_iterator<int> iter(…)`) is of the class (`mdarray_iterator`), not of `mdarray_iterator<int>`: the method it calls takes that owner", async () => {
  const result = await analyzeInstance({
    instanceId: "jsoncons-commit-3f7565d",
    goldPatch: realHunk("jsoncons-commit-3f7565d-typed-array-code.diff"),
    testPatch: realHunk("jsoncons-commit-3f7565d-test.diff"),
  });
  const owners = result.identifiers.filter((i) => i.member === "next").map((i) => i.owner);
  expect(owners).toContain("mdarray_iterator");
  expect(owners.filter((o) => o?.includes("<"))).toEqual([]);
});

test("uri c2fdec0, fcf3189 (review): under `module URI`, an `  end` that closes a module method above the hunk (`def self.const_missing`, a block's `end.join('&')` before `  WFKV_ = …`) is no unseen class's end: what follows is the module's (`URI.const_missing`, `URI.WFKV_`), no `Common`'s", async () => {
  const owners = async (name: string) => (await hunkDefinitions(name)).filter((d) => !/ parameter /.test(d));
  expect(await owners("uri-commit-c2fdec0-common-code.diff")).toContain("URI.const_missing method new");
  expect((await owners("uri-commit-fcf3189-common-code.diff")).filter((d) => d.startsWith("Common"))).toEqual([]);
});

test("nghttp2 0cad430 (review): a C++ header's hunk whose first line is an access label at column 0 (` public:` under `class QUICConnectionHandler {`) is in that class's body: its declarations are the class's, whatever other classes define methods of their names out of line (`CloseWait::handle_packet`)", async () => {
  const result = await analyzeInstance({
    instanceId: "nghttp2-commit-0cad430",
    goldPatch: realHunk("nghttp2-commit-0cad430-quic-code.diff"),
    testPatch: "",
  });
  const inHeader = result.identifiers
    .filter((i) => i.path === "src/shrpx_quic_connection_handler.h" && i.member === "handle_packet")
    .map((i) => `${i.name} ${i.kind}`);
  expect(inHeader).toEqual(["CloseWait.handle_packet method", "QUICConnectionHandler.handle_packet method"]);
});

test("cors f4dcdf2: a key the patch adds to a module's option defaults (`defaults = { …, preflightContinue: false }`) is a field of them, which a test's option key (`cors({preflightContinue: true})`) uses; a typed object's keys stay its type's", async () => {
  const result = await commitAnalysis("cors-commit-f4dcdf2");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toEqual(["defaults.preflightContinue field"]);
  const typed = await analyzeInstance({
    instanceId: "typed",
    goldPatch: realHunk("cors-commit-f4dcdf2-code.diff")
      .replace("defaults = {", "defaults: Options = {")
      .replaceAll("lib/index.js", "lib/index.ts"),
    testPatch: "",
  });
  expect(typed.identifiers.filter((i) => i.kind === "field")).toEqual([]);
});

test("luxon 21ab5c9: a JavaScript method's destructured options (`toSQLTime({ includeOffset = true, includeZone = false, includeOffsetSpace = true } = {})`) are its parameters by name: the one it gains is new, and a test's option key (`toSQLTime({ includeOffsetSpace: false })`) uses it", async () => {
  const result = await commitAnalysis("luxon-commit-21ab5c9");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => `${i.name} ${i.kind}`);
  expect(stated).toEqual(["DateTime.toSQLTime.includeOffsetSpace parameter"]);
});

test("symfony/serializer ad2dc5a: PHP 8's named argument (`$nameConverter->denormalize('last_name', context: [...])`) uses the parameter the method gains", async () => {
  const result = await commitAnalysis("serializer-commit-ad2dc5a");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
  expect(stated).toContain("CamelCaseToSnakeCaseNameConverter.denormalize.context");
});

test("league/event d629180: in a phpspec spec (`class EmitterSpec extends ObjectBehavior`), `$this->releaseGeneratorEvents(…)` calls the described class's method (Emitter's), not the spec's own", async () => {
  const result = await commitAnalysis("event-commit-d629180");
  const stated = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
  expect(stated).toContain("Emitter.releaseGeneratorEvents");
});

test("marked 1ce59ea (review): a typed destructured parameter (`heading({ tokens, depth }: Tokens.Heading)`) takes its type's fields, no parameters of its own: a test's `super.heading({ …, depth, tokens })` selects none", async () => {
  const result = await analyzeInstance({
    instanceId: "marked-commit-1ce59ea",
    goldPatch: realHunk("marked-commit-1ce59ea-renderer-code.diff"),
    testPatch: realHunk("marked-commit-1ce59ea-test.diff"),
  });
  expect(result.identifiers.filter((i) => i.kind === "parameter" && i.policies.includes("defuse"))).toEqual([]);
});

test("keyv da2a5a1 (review): a test's own option object (`const defaultClusterOptions = { rootNodes: … }`) defines no fields the code's `connect.rootNodes` could use", async () => {
  const result = await analyzeInstance({
    instanceId: "keyv-commit-da2a5a1",
    goldPatch: realHunk("keyv-commit-da2a5a1-redis-code.diff"),
    testPatch: realHunk("keyv-commit-da2a5a1-cluster-test.diff"),
  });
  expect(result.identifiers.filter((i) => i.side === "test" && i.kind === "field")).toEqual([]);
});
