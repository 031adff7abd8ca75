// Round 66's classes, each on a real commit cut into real-data/hunks (provenance in real-data/README.md).
import { expect, test } from "vitest";
import {
  addedFile,
  changedHunk,
  commitAnalysis,
  statedSignatures as defuse,
  madeHunks,
} from "../testing/analysis-helpers";

test("runtypes 687dc21: `export { arr as Array }` (its function in another hunk) gives the module the name `Array`, which the tests import and call, with `arr`'s signature", async () => {
  const names = await defuse("runtypes-commit-687dc21");
  expect(names).toContain("Array function arr<A>(v: Runtype<A>): Runtype<A[]>");
  expect(names.filter((n) => n.startsWith("arr "))).toEqual([]);
});

test("runtypes 687dc21 (guard): an alias in the same hunk takes the function's signature under its own name; a re-export from another module (`export { a as b } from './x'`), `as default` and a value's alias state nothing", async () => {
  const code = addedFile("src/index.ts", [
    "function arr<A>(v: A): A[] {",
    "  return [v]",
    "}",
    "const limit = 3",
    "export { arr as Array, limit as LIMIT }",
    "export { parse as parseIt } from './parse'",
    "export { arr as default }",
  ]);
  const test = addedFile("src/index.spec.ts", [
    "import Arr, { Array, LIMIT, parseIt } from './index'",
    "Array(1); parseIt(LIMIT); Arr(2)",
  ]);
  const { names } = await madeHunks(code, test);
  expect(names).toContain("Array function");
  // (Doc2Feat still reads them as names both patches write: kind `name`.)
  expect(names.filter((n) => /^(parseIt|LIMIT|default) (?!name$)/.test(n))).toEqual([]);
});

test("mimetype 6b840f6: a hunk among a package-level table's rows (git's header the end of a raw string above, ENDHDR`,) reads them as a literal's elements: the row's string \"zlib\" is no use of the new `zlib` variable", async () => {
  const analysis = await commitAnalysis("mimetype-commit-6b840f6");
  const zlib = analysis.identifiers.find((i) => i.name === "zlib");
  expect(zlib?.status).toBe("new");
  expect(zlib?.usedAt).toEqual([]);
  expect(analysis.identifiers.filter((i) => i.policies.includes("defuse"))).toEqual([]);
});

test('mimetype 6b840f6 (guard): rows that name a new function keep their use (a table of cases in a var, `{"a", parseA},`)', async () => {
  const code = addedFile("parse.go", ["package p", "", "func parseA(s string) int { return 1 }", ""]);
  const test = changedHunk("parse_test.go", "var cases = []struct {", [' \t{"b", parseB},', '+\t{"a", parseA},', " }"]);
  expect((await madeHunks(code, test)).defuse).toEqual(["parseA"]);
});

test("dynaconf 5609e40: a test function's own local (`settings = LazySettings(…)`, then `settings.FOO`) is no use of the example's new module variable `settings`", async () => {
  const settings = (await commitAnalysis("dynaconf-commit-5609e40")).identifiers.find(
    (i) => i.name === "settings" && i.side === "code",
  );
  expect(settings?.status).toBe("new");
  expect(settings?.usedAt).toEqual([]);
  expect(settings?.policies).not.toContain("defuse");
});

test("dynaconf 5609e40 (guard): Python's locals are the names a function binds (assigned, looped over, caught, its parameters, a nested def), not those it declares `global`, nor a module's; a name it only reads is still a use", async () => {
  const code = addedFile("pkg/conf.py", ["settings = 1", "helper = 2", "table = 3", "reader = 4", "limit = 5", ""]);
  const test = addedFile("tests/test_conf.py", [
    "from pkg.conf import table",
    "def check(reader):",
    "    global limit",
    "    limit = 6",
    "    for settings in range(3):",
    "        print(settings, reader)",
    "    def helper():",
    "        return 1",
    "    helper()",
    "    print(table)",
    "def test_a():",
    "    check(4)",
    "",
  ]);
  expect((await madeHunks(code, test)).defuse.sort()).toEqual(["limit", "pkg/conf.py", "table"]);
});

test("FastCSV 0f6bf93: a call through a variable of the new class (`var fbw = new FastBufferedWriter(…)`) is that class's method, not the new `Writable` interface's declaration it implements", async () => {
  const names = (await defuse("fastcsv-commit-0f6bf93")).map((n) => n.split(" ")[0]);
  expect(names).toEqual(expect.arrayContaining(["FastBufferedWriter", "FastBufferedWriter.endRecord"]));
  expect(names).not.toContain("Writable.endRecord");
});

test("FastCSV 0f6bf93 (guard): a variable declared of the interface (`FileKeyProvider keyFile = new OpenSSHKeyFile()`, sshj) calls the interface's method: its static type is what the call resolves against", async () => {
  const code = [
    addedFile("src/FileKeyProvider.java", ["public interface FileKeyProvider {", "    void init(String key);", "}"]),
    addedFile("src/OpenSSHKeyFile.java", [
      "public class OpenSSHKeyFile implements FileKeyProvider {",
      "    @Override",
      "    public void init(String key) {",
      "    }",
      "}",
    ]),
  ].join("");
  const test = addedFile("test/KeyFileTest.java", [
    "public class KeyFileTest {",
    "    void test() {",
    "        FileKeyProvider keyFile = new OpenSSHKeyFile();",
    '        keyFile.init("k");',
    "    }",
    "}",
  ]);
  expect((await madeHunks(code, test)).defuse).toContain("FileKeyProvider.init");
});

test("dnsjava 1984e36: a new constructor overload of a class the code had (`public Zone(Name zone, InputStream input)`) is what the test's `new Zone(name, stream)` calls: DefUse states it, with its signature", async () => {
  const names = await defuse("dnsjava-commit-1984e36");
  expect(names).toContain("Zone.constructor constructor public Zone(Name zone, InputStream input) throws IOException");
});

test("dnsjava 1984e36 (guard): no constructor of a new class (the class is stated), no private one, none whose argument count the call does not pass", async () => {
  const code = [
    changedHunk("src/Zone.java", "public class Zone {", [
      " public class Zone {",
      "+  public Zone(String a, String b) {",
      "+  }",
      "+  private Zone(Builder builder) {",
      "+  }",
      " }",
    ]),
    addedFile("src/Cell.java", ["public class Cell {", "  public Cell(int a) {", "  }", "}"]),
  ].join("");
  const test = addedFile("test/ZoneTest.java", [
    "class ZoneTest {",
    "  void t() {",
    '    Zone z = new Zone("x");',
    "    Cell c = new Cell(1);",
    "  }",
    "}",
  ]);
  expect((await madeHunks(code, test)).defuse).toEqual(["Cell"]);
});

test('metrics 90fa922: a Java hunk cut after a call\'s argument comma (`registry.registerGauge(MetricRegistry.name(name, "pool.size"),`) still parses: the constructor it shows is changed, not a new overload, and the new private helper it calls is read', async () => {
  const analysis = await commitAnalysis("metrics-commit-90fa922");
  const stated = analysis.identifiers.map((i) => `${i.name} ${i.status}`);
  expect(stated).toContain("InstrumentedExecutorService.constructor changed");
  expect(stated).toContain("InstrumentedExecutorService.registerInternalMetrics new");
  expect(analysis.identifiers.filter((i) => i.policies.includes("defuse"))).toEqual([]);
});

test("ta4j 2da36ca: a record's components are its properties, read through their accessors (`plan.id()`, `CandidateSearchLane::id`), and a nested type named through its owner (`ElliottWaveAnchorCalibrationHarness.CandidateSearchPlan plan`) is a use of it", async () => {
  const names = (await defuse("ta4j-commit-2da36ca")).map((n) => n.split(" ").slice(0, 2).join(" "));
  expect(names).toEqual(
    expect.arrayContaining([
      "ElliottWaveAnchorCalibrationHarness.CandidateSearchPlan class",
      "ElliottWaveAnchorCalibrationHarness.CandidateSearchPlan.id property",
      "ElliottWaveAnchorCalibrationHarness.CandidateSearchPlan.lanes property",
      "ElliottWaveAnchorCalibrationHarness.CandidateSearchLane.id property",
      "ElliottWaveAnchorCalibrationHarness.CandidateSearchPlan.profiles method",
    ]),
  );
  // (`plan.profiles()` is the plan's method, not the lane's component of that name.)
  expect(names).not.toContain("ElliottWaveAnchorCalibrationHarness.CandidateSearchLane.profiles property");
});

test("immer 243d000: a C++ hunk that starts in the template parameter list its header opens (`template <typename T,` above) reads the function it declares: the renamed `to_load_archive`, which the tests call, and no stray `typename` variables", async () => {
  const analysis = await commitAnalysis("immer-commit-243d000");
  expect(await defuse("immer-commit-243d000")).toEqual([
    "to_load_archive function template <typename T, typename MemoryPolicy, immer::detail::rbts::bits_t B, immer::detail::rbts::bits_t BL> archive_load<T> to_load_archive(archive_save<T, MemoryPolicy, B, BL> ar)",
  ]);
  expect(analysis.identifiers.filter((i) => /typename|bits_t/.test(i.name))).toEqual([]);
});

test("dynaconf 5609e40 (review): a parameter's annotation and default are read outside the function (`policy: RetryPolicy | None = None` names the class), and a comprehension's variable binds nothing of the function's", async () => {
  const code = addedFile("pkg/retry.py", [
    "class RetryPolicy:",
    "    DEFAULT = 1",
    "",
    "def default_timeout():",
    "    return 1",
    "",
  ]);
  const annotated = changedHunk("tests/test_x.py", "from pkg.retry import *", [
    "+def make_client(policy: RetryPolicy | None = None, *args, **kw):",
    "+    return Client(policy or RetryPolicy(2), args, kw)",
    "",
  ]);
  expect((await madeHunks(code, annotated)).defuse).toEqual(["RetryPolicy"]);
  const comprehension = changedHunk("tests/test_x.py", "from pkg.retry import *", [
    "+def f(xs):",
    "+    ys = [default_timeout for default_timeout in xs]",
    "+    return default_timeout()",
    "",
  ]);
  expect((await madeHunks(code, comprehension)).defuse).toEqual(["default_timeout"]);
});

test("mimetype 6b840f6 (review): keyed rows of a table whose element type no line here names (`{name: \"b\", Timeout: 3 * time.Second},` under `var tests = []dialCase{`) reach no new struct's field of the key's name", async () => {
  const code = changedHunk("server.go", "type Server struct {", [
    " type Server struct {",
    "+\tTimeout time.Duration",
    " }",
  ]);
  for (const header of ["var tests = []dialCase{", "var tests = []struct {"]) {
    const test = changedHunk("dial_test.go", header, [
      ' \t{name: "a", Timeout: time.Second},',
      '+\t{name: "b", Timeout: 3 * time.Second},',
      " }",
    ]);
    expect((await madeHunks(code, test)).defuse).toEqual([]);
  }
});

test("dnsjava 1984e36 (review): a call with as many arguments as a constructor the class had (shown as context) is that one's: a new overload of that count is not stated (Java and C#)", async () => {
  const java = changedHunk("src/Zone.java", "public class Zone {", [
    "+  public Zone(Name zone, InputStream in) {",
    "+  }",
    "   public Zone(Name zone, String file) {",
    "   }",
  ]);
  const javaTest = addedFile("test/ZoneTest.java", [
    "class ZoneTest {",
    "  void t() {",
    '    Zone z = new Zone(origin, "zone.db");',
    "  }",
    "}",
  ]);
  expect((await madeHunks(java, javaTest)).defuse).toEqual([]);
  const csharp = changedHunk("src/Zone.cs", "public class Zone", [
    "+    public Zone(Stream input)",
    "+    {",
    "+    }",
    "     public Zone(string file)",
    "     {",
    "     }",
  ]);
  const csharpTest = addedFile("test/ZoneTests.cs", [
    "class ZoneTests {",
    "  void T() {",
    '    var z = new Zone("zone.db");',
    "  }",
    "}",
  ]);
  expect((await madeHunks(csharp, csharpTest)).defuse).toEqual([]);
});

test("runtypes 687dc21 (review): an export alias of a class another hunk shows (`export { Foo as Bar }`) is stated as the class it names, not as a function", async () => {
  const code = [
    "diff --git a/src/index.ts b/src/index.ts",
    "index 1111111..2222222 100644",
    "--- a/src/index.ts",
    "+++ b/src/index.ts",
    "@@ -10,2 +10,3 @@ import x from 'y'",
    " class Foo {",
    "+  y = 2",
    " }",
    "@@ -40,2 +41,3 @@ const z = 1",
    " const w = 2",
    "+export { Foo as Bar }",
    " const v = 3",
    "",
  ].join("\n");
  const test = addedFile("test/a.test.ts", ["import { Bar } from '../src/index'", "new Bar()"]);
  expect((await madeHunks(code, test)).names.filter((n) => n.startsWith("Bar"))).toEqual(["Bar class"]);
});
