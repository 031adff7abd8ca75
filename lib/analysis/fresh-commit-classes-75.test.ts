// The thirty-fifth session's classes from rounds 75 and 76, each on a real commit cut into real-data/hunks
// (provenance in real-data/README.md), with made hunks for the guards.
import { expect, test } from "vitest";
import { addedFile, changedHunk, commitAnalysis, madeHunks, statedKinds } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

test("quill b8a801d: a hunk under `public:` that starts in a parameter list (`QUILL_MAYBE_UNUSED std::initializer_list<int> const& catchable_signals =` … `)`) states its parameters as no class's fields", async () => {
  const code = (await commitAnalysis("quill-commit-b8a801d")).identifiers.filter((i) => i.side === "code");
  const fields = code.filter((i) => i.kind === "field").map((i) => i.name);
  expect(fields).toEqual(["logger_name"]);
  expect(code.map((i) => i.name)).toContain("get_logger");
});

test("quill b8a801d (guard): members after the resumed function's body are the class's, and a hunk that opens with a whole declaration is no parameter list", async () => {
  const resumed = changedHunk("include/lib/widget.h", "public:", [
    "     Options const& options = Options{},",
    "-    int depth = 2)",
    "+    int depth = 2, std::string const& name = {})",
    "   {",
    "     run(options, depth);",
    "   }",
    "+",
    "+  int size() const noexcept { return size_; }",
  ]);
  expect((await madeHunks(resumed, "")).names).toEqual(["size method"]);
  const declared = changedHunk("include/lib/widget.h", "public:", [
    "   Widget(int size,",
    "-         int depth);",
    "+         int depth, bool fancy = false);",
    "+  bool fancy_flag{false};",
  ]);
  expect((await madeHunks(declared, "")).names.filter((n) => / field$/.test(n))).toEqual(["fancy_flag field"]);
});

test("commons-jcs b58165f: a record's accessor (`request.requestType()`) is new where the class before kept a private field of its name behind `getRequestType()`", async () => {
  expect(await statedKinds("commons-jcs-commit-b58165f")).toEqual(
    expect.arrayContaining(["RemoteCacheRequest.requestType property", "RemoteCacheRequest.cacheName property"]),
  );
});

test("commons-jcs b58165f (guard): a record's component it had before, or a public field of its name, is no new accessor", async () => {
  const record = changedHunk("src/main/java/p/Point.java", "package p;", [
    "-public record Point(int x, int y) {}",
    "+public record Point(int x, int y, int z) {}",
  ]);
  expect(await newNames(record)).toEqual(["Point.z property"]);
  const opened = changedHunk("src/main/java/p/Size.java", "package p;", [
    "-public class Size {",
    "-    public int width;",
    "-}",
    "+public record Size(int width) {}",
  ]);
  expect(await newNames(opened)).toEqual([]);
});

/** The names a made code hunk defines anew, with their kinds. */
async function newNames(goldPatch: string): Promise<string[]> {
  const result = await analyzeInstance({ instanceId: "made", goldPatch, testPatch: "" });
  return result.identifiers.filter((i) => i.status === "new").map((i) => `${i.name} ${i.kind}`);
}

test("cargs 9afec23 (round 76): a function pointer's typedef (`typedef int (*cag_printer)(void *ctx, const char *fmt, ...);`) is a type, which a test's cast `(cag_printer)fprintf` uses", async () => {
  expect(await statedKinds("cargs-commit-9afec23")).toEqual(["cag_printer type", "cag_option_printer function"]);
});

test("cargs 9afec23 (guard): a function pointer declared as a variable, and a typedef of a struct, keep their kinds", async () => {
  const code = addedFile("include/hooks.h", [
    "typedef struct hook_list { int n; } hook_list;",
    "extern int (*hook_default)(void *ctx);",
    "typedef void (*hook_fn)(hook_list *hooks);",
  ]);
  expect((await madeHunks(code, "")).names).toEqual([
    "include/hooks.h file",
    "hook_list struct",
    "hook_list.n field",
    "hook_default variable",
    "hook_fn type",
  ]);
});

test("thread-pool 9e94e28 (round 76): under git's `namespace dp {` header, a hunk in an indented class's body (`        void wait_for_tasks() {` above `      private:`) adds a method of the class an earlier hunk's destructor names", async () => {
  expect(await statedKinds("thread-pool-commit-9e94e28")).toEqual(["thread_pool.wait_for_tasks method"]);
});

test("thread-pool 9e94e28 (guard): the class is the file's namesake shown at the members' level, else unknown; without an access label the namespace's functions stay functions", async () => {
  const twoClasses = (path: string) =>
    [
      `diff --git a/${path} b/${path}`,
      "index 1111111..2222222 100644",
      `--- a/${path}`,
      `+++ b/${path}`,
      "@@ -10,2 +10,2 @@ namespace dp {",
      "     class worker {",
      "-        int a;",
      "+        int b;",
      "@@ -40,2 +40,2 @@ namespace dp {",
      "         ~pool() {",
      "-            stop();",
      "+            halt();",
      "@@ -90,3 +90,5 @@ namespace dp {",
      "         int size() const { return n_; }",
      "+        void drain() {",
      "+        }",
      "       private:",
      "         int n_;",
      "",
    ].join("\n");
  expect((await madeHunks(twoClasses("include/pool.h"), "")).names).toContain("pool.drain method");
  expect((await madeHunks(twoClasses("include/workers.h"), "")).names).toContain("drain method");
  const free = changedHunk("include/pool.h", "namespace dp {", [
    "     inline int size() { return 0; }",
    "+    inline void drain() {}",
  ]);
  expect((await madeHunks(free, "")).names).toEqual(["drain function"]);
});

test("sdk-java 4ebeab0 (round 77): a test's `import static …ContentType.*;` reaches the new enum's constant used bare (`resolveFormat(JSON)`)", async () => {
  expect(await statedKinds("sdk-java-commit-4ebeab0")).toEqual(
    expect.arrayContaining([
      "ContentType enum",
      "ContentType.JSON constant",
      "EventFormatProvider.resolveFormat method",
    ]),
  );
});

test("sdk-java 4ebeab0 (guard): a private constant is its class's alone, wildcard or not", async () => {
  const code = addedFile("src/main/java/p/Kinds.java", [
    "package p;",
    "public class Kinds {",
    "    private static final int LIMIT = 3;",
    "    public static final int SPAN = 4;",
    "}",
  ]);
  const tests = addedFile("src/test/java/p/KindsTest.java", [
    "package p;",
    "import static p.Kinds.*;",
    "class KindsTest {",
    "    int f() { return LIMIT + SPAN; }",
    "}",
  ]);
  expect((await madeHunks(code, tests)).defuse).toEqual(["Kinds", "Kinds.SPAN"]);
});

test("jnr-ffi 505374e (round 77): an annotation type's element (`int fixedCount();` in `@interface Variadic`) is its method, which `@Variadic(fixedCount = 3)` sets", async () => {
  expect(await statedKinds("jnr-ffi-commit-505374e")).toEqual(
    expect.arrayContaining(["Variadic interface", "Variadic.fixedCount method"]),
  );
});

test("domhandler acc934b (round 77): subclasses' new `type` fields over the base class's `type` (a parameter property before, abstract after) are not what a test's `el.type` through an untold object uses", async () => {
  expect(await statedKinds("domhandler-commit-acc934b")).toEqual(["ParentNode type"]);
});

test("domhandler acc934b (guard): a new field no other class of its file had keeps an untold object's use", async () => {
  const code = changedHunk("src/node.ts", "export class Text extends DataNode {", [
    "     data: string;",
    "+    wrapped = false;",
  ]);
  const tests = addedFile("src/node.spec.ts", [
    'import { parse } from "./index";',
    'it("wraps", () => { const el = parse("x"); expect(el.wrapped).toBe(false); });',
  ]);
  expect((await madeHunks(code, tests)).defuse).toEqual(["Text.wrapped"]);
});

test("peggy 288a9d5 (round 78): a minified bundle the patch rebuilds (`docs/vendor/peggy/peggy.min.js`) defines no name; a file written by hand beside it does", async () => {
  const bundle = addedFile("docs/vendor/peggy/peggy.min.js", [
    '!function(e){"use strict";class t{map(e){return e}}e.Intern=t}(this);',
  ]);
  const code = addedFile("lib/intern.js", [
    "class Intern {",
    "  map(fn) { return fn; }",
    "}",
    "module.exports = Intern;",
  ]);
  const tests = addedFile("test/intern.spec.js", [
    'const Intern = require("../lib/intern");',
    'it("maps", () => { new Intern().map((x) => x); });',
  ]);
  const { names, defuse } = await madeHunks(bundle + code, tests);
  expect(names.filter((n) => /^(t[ .]|e\.map|docs\/)/.test(n))).toEqual([]);
  expect(defuse).toEqual(["lib/intern.js", "Intern", "Intern.map"]);
});
