// The twenty-fifth session's review of its own rules: hunks made for shapes each rule must not misread (the
// reviewer's cases), each failing before its guard. Real hunks of the rules themselves: fresh-commit-classes-55.test.ts.
import { expect, test } from "vitest";
import { addedFile as added, changedHunk as changed, madeHunks } from "../testing/analysis-helpers";
import { restParameterMark } from "./languages/definition-marks";
import { cleanOwner } from "./parse-fragments";

test.each([
  ["__init__.py", "pkg/plugins/__init__.py", "tests/test_plugins.py", ['    (tmp / "__init__.py").write_text("")']],
  ["index.js", "src/widgets/index.js", "test/widgets.test.js", ['  fs.writeFileSync(path.join(dir, "index.js"), "")']],
])(
  "a bare conventional file name (%s) names no new code file of that name",
  async (_name, codePath, testPath, body) => {
    const { defuse } = await madeHunks(
      added(codePath, ["VALUE = 1"]),
      added(testPath, ["def test_plugins(tmp):", ...body]),
    );
    expect(defuse).not.toContain(codePath);
  },
);

test("a name read off a module the test file imports from the code (`from mypkg import utils`; `utils.make_client()`) is the code's, though the tests have a `utils.py` defining it too", async () => {
  const { defuse } = await madeHunks(
    added("mypkg/utils.py", ["def make_client(url):", "    return url"]),
    added("tests/utils.py", ["def make_client(url):", "    return None"]) +
      added("tests/test_api.py", [
        "from mypkg import utils",
        "",
        "def test_client():",
        '    assert utils.make_client("x")',
      ]),
  );
  expect(defuse).toContain("make_client");
});

test("calls through two constants of one type name it as the method's owner only where every use agrees (`Other.getCode()` beside them: none)", async () => {
  const java = (name: string, lines: readonly string[]) => added(`src/main/java/a/${name}.java`, lines);
  const { names } = await madeHunks(
    `diff --git a/src/main/java/a/Response.java b/src/main/java/a/Response.java\nindex 1111111..2222222 100644\n--- a/src/main/java/a/Response.java\n+++ b/src/main/java/a/Response.java\n@@ -10,6 +10,9 @@ public final class Response\n             this.code = code;\n         }\n \n+        public int getCode() {\n+            return code;\n+        }\n     }\n \n     private final int version;\n`,
    java("ResponseTest", [
      "package a;",
      "public class ResponseTest {",
      "  @Test public void codes() {",
      "    assertEquals(0, Response.StatusCode.NO_SUCH_FILE.getCode());",
      "    assertEquals(1, Response.StatusCode.PERMISSION_DENIED.getCode());",
      "    assertEquals(2, Other.getCode());",
      "  }",
      "}",
    ]),
  );
  expect(names).toContain("getCode method");
  expect(names).not.toContain("StatusCode.getCode method");
});

test("a rest parameter is marked at the parameter list's own level only: a callback type's `(...args: any[]) => void` marks no `args` beside it", () => {
  expect(restParameterMark("f(cb: (...args: any[]) => void, args: string[])", "args")).toEqual({});
  expect(restParameterMark("f(cb: () => void, ...rest: string[])", "rest")).toEqual({ variadic: true });
  expect(restParameterMark("__init__(self, *a, **kw)", "kw")).toEqual({ variadic: true });
  expect(restParameterMark("void f(int *count)", "count")).toEqual({});
});

test("a hunk header git cut at 80 characters types no call's options (`…cb: (raw: Buffer) => void, options?: ThingOpt`): the test's `{ verbose: true }` is the new ThingOptions' field", async () => {
  const header = "export function makeThing(name: string, cb: (raw: Buffer) => void, options?: ThingOpt";
  const code = [
    "diff --git a/src/thing.ts b/src/thing.ts",
    "index 1111111..2222222 100644",
    "--- a/src/thing.ts",
    "+++ b/src/thing.ts",
    "@@ -1,3 +1,7 @@",
    "+export interface ThingOptions {",
    "+  verbose?: boolean;",
    "+}",
    "+",
    ' import { other } from "./other";',
    " ",
    " const x = 1;",
    `@@ -20,4 +24,5 @@ ${header}`,
    "   const raw = read(name);",
    "   cb(raw);",
    "+  if (options?.verbose) log(name);",
    "   return raw;",
    " }",
    "",
  ].join("\n");
  const { defuse } = await madeHunks(
    code,
    added("test/thing.test.ts", [
      'import { makeThing } from "../src/thing";',
      'test("verbose", () => makeThing("a", () => {}, { verbose: true }));',
    ]),
  );
  expect(defuse).toContain("ThingOptions.verbose");
});

test("an owner with an unseen type in it keeps only what stands after the unseen one (`Response.<unseen>.Inner` → Inner; `Response.<unseen>` → none)", () => {
  expect(cleanOwner("Response.__HintscopeContext__.Inner")).toBe("Inner");
  expect(cleanOwner("Response.__HintscopeContext__")).toBeNull();
  expect(cleanOwner("__HintscopeContext__.Inner")).toBe("Inner");
});

test("an annotated Java local after a block the hunk closes (`@SuppressWarnings(…)` over `List<String> items = …;`) is no member of an unseen nested type: the method's body goes on", async () => {
  const { names } = await madeHunks(
    changed("src/main/java/a/Loader.java", "public class Loader", [
      "             log.debug(raw);",
      "         }",
      '+        @SuppressWarnings("unchecked")',
      "+        List<String> items = (List<String>) raw;",
      "+        register(items);",
      "     }",
      " ",
      "     private final int version;",
    ]),
    added("src/test/java/a/LoaderTest.java", [
      "package a;",
      "public class LoaderTest {",
      "  @Test public void loads() { Loader loader = new Loader(); loader.load(null); assertNull(loader.items); }",
      "}",
    ]),
  );
  expect(names).not.toContain("Loader.items field");
  expect(names.filter((n) => n.endsWith(" field"))).toEqual([]);
});

test("a TypeScript call statement after a block the hunk closes (`done(err);`) is no method header: the hunk's locals stay the function's", async () => {
  const { names } = await madeHunks(
    changed("src/queue.ts", "export class Queue {", [
      "       this.flush();",
      "     }",
      "+    const pending = this.items.length;",
      "+    this.report(pending);",
      "     done(err);",
      " ",
    ]),
    added("test/queue.test.ts", [
      'import { Queue } from "../src/queue";',
      'test("size", () => { const q = new Queue(); expect(q.size()).toBe(q.pending); });',
    ]),
  );
  expect(names).not.toContain("Queue.pending field");
  expect(names.filter((n) => n.startsWith("Queue."))).toEqual([]);
});
