// A review of the fifteenth session's rules (blind to their reasoning) found seven misfires; each is a made hunk
// here, as git prints such a change (issue 43).
import { describe, expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";

const run = madeHunks;

describe("what the fifteenth session's rules leave alone", () => {
  test("Java: a method two levels in that returns `this` as an interface (`public Appendable append(char c)`) names no nested type", async () => {
    const { names } = await run(
      "diff --git a/src/main/java/org/acme/TextSink.java b/src/main/java/org/acme/TextSink.java\nindex 1111111..2222222 100644\n--- a/src/main/java/org/acme/TextSink.java\n+++ b/src/main/java/org/acme/TextSink.java\n@@ -40,6 +40,12 @@ public final class TextSink {\n             return this;\n         }\n \n+        @Override\n+        public Appendable append(char c) {\n+            buffer.append(c);\n+            return this;\n+        }\n+\n         int length() {\n             return buffer.length();\n         }\n",
      "diff --git a/src/test/java/org/acme/TextSinkTest.java b/src/test/java/org/acme/TextSinkTest.java\nindex 3333333..4444444 100644\n--- a/src/test/java/org/acme/TextSinkTest.java\n+++ b/src/test/java/org/acme/TextSinkTest.java\n@@ -20,3 +20,8 @@ public class TextSinkTest {\n         assertEquals(0, sink.length());\n     }\n+\n+    @Test\n+    public void appendsChar() throws Exception {\n+        assertEquals(1, ((TextSink.Buffer) sink.appender().append('x')).length());\n+    }\n }\n",
    );
    expect(names.filter((n) => n.includes("Appendable"))).toEqual([]);
  });

  test("Java: a builder method two levels in is the nested Builder's; the context's `build()` is neither new nor the builder's stated member", async () => {
    const { defuse, names } = await run(
      "diff --git a/src/main/java/org/acme/Client.java b/src/main/java/org/acme/Client.java\nindex 1111111..2222222 100644\n--- a/src/main/java/org/acme/Client.java\n+++ b/src/main/java/org/acme/Client.java\n@@ -80,7 +80,12 @@ public final class Client {\n             this.timeout = timeout;\n             return this;\n         }\n \n+        public Builder retries(int retries) {\n+            this.retries = retries;\n+            return this;\n+        }\n+\n         public Client build() {\n             return new Client(this);\n         }\n",
      "diff --git a/src/test/java/org/acme/ClientTest.java b/src/test/java/org/acme/ClientTest.java\nindex 3333333..4444444 100644\n--- a/src/test/java/org/acme/ClientTest.java\n+++ b/src/test/java/org/acme/ClientTest.java\n@@ -20,3 +20,8 @@ public class ClientTest {\n         assertNotNull(Client.builder().timeout(3).build());\n     }\n+\n+    @Test\n+    public void retries() {\n+        assertNotNull(Client.builder().retries(3).build());\n+    }\n }\n",
    );
    expect(defuse).toEqual(["Client.Builder.retries"]);
    expect(names.filter((n) => n.includes("build "))).toEqual([]);
  });

  test("Go: a raw string whose text ends in `.` (`\u2026every file in path.`` `) still closes before the hunk's new function", async () => {
    const { defuse } = await run(
      'diff --git a/cmd/tool/main.go b/cmd/tool/main.go\nindex 1111111..2222222 100644\n--- a/cmd/tool/main.go\n+++ b/cmd/tool/main.go\n@@ -12,7 +12,12 @@ const usage = `Usage: tool [flags] <path>\n   -v    verbose output\n   -n    dry run\n \n-Runs the tool over every file in path.`\n+Runs the tool over every file in path, skipping hidden files.`\n+\n+// SkipHidden reports whether a file name is hidden and must be skipped.\n+func SkipHidden(name string) bool {\n+\treturn strings.HasPrefix(name, ".")\n+}\n \n func main() {\n \tflag.Parse()\n',
      'diff --git a/cmd/tool/main_test.go b/cmd/tool/main_test.go\nindex 3333333..4444444 100644\n--- a/cmd/tool/main_test.go\n+++ b/cmd/tool/main_test.go\n@@ -8,3 +8,9 @@ func TestUsage(t *testing.T) {\n \t\tt.Fatal("empty usage")\n \t}\n }\n+\n+func TestSkipHidden(t *testing.T) {\n+\tif !SkipHidden(".git") {\n+\t\tt.Fatal("want hidden")\n+\t}\n+}\n',
    );
    expect(defuse).toContain("SkipHidden");
  });

  test("Python: `from sympy.printing.c import \u2026` loads the new sympy/printing/c.py (no C `#include`)", async () => {
    const { defuse } = await run(
      'diff --git a/sympy/printing/c.py b/sympy/printing/c.py\nnew file mode 100644\nindex 0000000..2222222\n--- /dev/null\n+++ b/sympy/printing/c.py\n@@ -0,0 +1,6 @@\n+from sympy.printing.codeprinter import CodePrinter\n+\n+\n+class C89CodePrinter(CodePrinter):\n+    def _print_Pow(self, expr):\n+        return "pow(%s)" % expr\n',
      'diff --git a/sympy/printing/tests/test_c.py b/sympy/printing/tests/test_c.py\nnew file mode 100644\nindex 0000000..4444444\n--- /dev/null\n+++ b/sympy/printing/tests/test_c.py\n@@ -0,0 +1,6 @@\n+import sympy.printing.c\n+from sympy.printing.c import C89CodePrinter\n+\n+\n+def test_pow():\n+    assert C89CodePrinter()._print_Pow("x") == "pow(x)"\n',
    );
    expect(defuse).toContain("sympy/printing/c.py");
  });

  test("C++: an out-of-line `int acme::Widget::area() const` is the header's `Widget.area` under `namespace acme {`: one name", async () => {
    const { defuse } = await run(
      'diff --git a/include/acme/widget.h b/include/acme/widget.h\nindex 1111111..2222222 100644\n--- a/include/acme/widget.h\n+++ b/include/acme/widget.h\n@@ -6,7 +6,8 @@\n \n namespace acme {\n \n class Widget {\n  public:\n   int size() const;\n+  int area() const;\n \ndiff --git a/src/widget.cpp b/src/widget.cpp\nindex 3333333..4444444 100644\n--- a/src/widget.cpp\n+++ b/src/widget.cpp\n@@ -3,3 +3,5 @@\n #include "acme/widget.h"\n \n int acme::Widget::size() const { return w_; }\n+\n+int acme::Widget::area() const { return w_ * h_; }\n',
      "diff --git a/tests/widget_test.cpp b/tests/widget_test.cpp\nindex 5555555..6666666 100644\n--- a/tests/widget_test.cpp\n+++ b/tests/widget_test.cpp\n@@ -10,3 +10,8 @@ TEST(Widget, Size) {\n   acme::Widget w;\n   EXPECT_EQ(w.size(), 0);\n }\n+\n+TEST(Widget, Area) {\n+  acme::Widget w;\n+  EXPECT_EQ(w.area(), 0);\n+}\n",
    );
    expect([...new Set(defuse)]).toEqual(["Widget.area"]);
  });

  test("PHP: a comment ending in an apostrophe (`// Only touch the listed users'`) closes no string begun above the hunk", async () => {
    const { defuse } = await run(
      "diff --git a/src/Repository/UserRepository.php b/src/Repository/UserRepository.php\nindex 1111111..2222222 100644\n--- a/src/Repository/UserRepository.php\n+++ b/src/Repository/UserRepository.php\n@@ -30,6 +30,17 @@ final class UserRepository\n         return $this->find($id);\n     }\n \n+    public function findActive(int $limit = 10): array\n+    {\n+        return $this->query(true, $limit);\n+    }\n+\n+    public function resetPasswords(array $ids): void\n+    {\n+        // Only touch the listed users'\n+        $this->update($ids, ['password' => null]);\n+    }\n+\n     public function save(User $user): void\n     {\n         $this->persist($user);\n",
      "diff --git a/tests/Repository/UserRepositoryTest.php b/tests/Repository/UserRepositoryTest.php\nindex 3333333..4444444 100644\n--- a/tests/Repository/UserRepositoryTest.php\n+++ b/tests/Repository/UserRepositoryTest.php\n@@ -20,3 +20,9 @@ final class UserRepositoryTest extends TestCase\n         self::assertNull($this->repository->find(3));\n     }\n+\n+    public function testFindActive(): void\n+    {\n+        self::assertCount(2, $this->repository->findActive(2));\n+        $this->repository->resetPasswords([1, 2]);\n+    }\n }\n",
    );
    expect(defuse).toEqual(expect.arrayContaining(["UserRepository.findActive", "UserRepository.resetPasswords"]));
  });

  test("PHP: under a header that names no type (a heredoc's `SQL;`), the context's constant and function are not made new by the post-image's wrapper", async () => {
    const { defuse, names } = await run(
      "diff --git a/src/Query/Report.php b/src/Query/Report.php\nindex 1111111..2222222 100644\n--- a/src/Query/Report.php\n+++ b/src/Query/Report.php\n@@ -40,6 +40,11 @@ SQL;\n     }\n \n     const DEFAULT_LIMIT = 50;\n+\n+    public function limit(): int\n+    {\n+        return self::DEFAULT_LIMIT;\n+    }\n \n     function legacyRows()\n     {\n",
      "diff --git a/tests/Query/ReportTest.php b/tests/Query/ReportTest.php\nindex 3333333..4444444 100644\n--- a/tests/Query/ReportTest.php\n+++ b/tests/Query/ReportTest.php\n@@ -20,3 +20,8 @@ final class ReportTest extends TestCase\n         self::assertSame([], (new Report())->rows());\n     }\n+\n+    public function testLimit(): void\n+    {\n+        self::assertSame(Report::DEFAULT_LIMIT, (new Report())->limit());\n+    }\n }\n",
    );
    expect(defuse).not.toContain("Report.DEFAULT_LIMIT");
    expect(names.filter((n) => n.includes("legacyRows"))).toEqual([]);
  });

  test("Ruby: under `class Thor` in lib/thor/parser/options.rb, a `def` four spaces in is no folder's (`parser/` names no module): its owner is unknown, the uses may tell", async () => {
    const { names } = await run(
      "diff --git a/lib/thor/parser/options.rb b/lib/thor/parser/options.rb\nindex 1111111..2222222 100644\n--- a/lib/thor/parser/options.rb\n+++ b/lib/thor/parser/options.rb\n@@ -90,5 +90,9 @@ class Thor\n       @extra\n     end\n \n+    def check_exclusive!\n+      @exclusives.each { |e| raise ExclusiveArgumentError if (e & @assigns.keys).size > 1 }\n+    end\n+\n     def check_unknown!\n       to_check = @stopped_parsing_after_extra_index ? @extra[0...@stopped_parsing_after_extra_index] : @extra\n",
      'diff --git a/spec/parser/options_spec.rb b/spec/parser/options_spec.rb\nindex 3333333..4444444 100644\n--- a/spec/parser/options_spec.rb\n+++ b/spec/parser/options_spec.rb\n@@ -20,3 +20,7 @@ describe Thor::Options do\n       expect(parse("--foo")["foo"]).to eq(true)\n     end\n+\n+    it "checks exclusives" do\n+      expect { create(:foo => true); @opt.check_exclusive! }.to raise_error(Thor::ExclusiveArgumentError)\n+    end\n   end\n',
    );
    expect(names).toContain("check_exclusive! method");
    expect(names.filter((n) => n.startsWith("Parser."))).toEqual([]);
  });
});

describe("what the fifteenth session's later rules leave alone (a second review)", () => {
  test("Java: a hunk that shows the nested builder's own header (`public static class Builder {`) and an outer member before it keeps each where it stands", async () => {
    const { names } = await run(
      "diff --git a/src/main/java/org/example/report/Report.java b/src/main/java/org/example/report/Report.java\nindex 1111111..2222222 100644\n--- a/src/main/java/org/example/report/Report.java\n+++ b/src/main/java/org/example/report/Report.java\n@@ -40,14 +40,24 @@ public class Report {\n     public String getTitle() {\n         return title;\n     }\n \n+    public boolean isStrict() {\n+        return strict;\n+    }\n+\n     public static class Builder {\n         private String title;\n+        private boolean strict;\n \n         public Builder setTitle(String title) {\n             this.title = title;\n             return this;\n         }\n+\n+        public Builder setStrict(boolean strict) {\n+            this.strict = strict;\n+            return this;\n+        }\n \n         public Report build() {\n             return new Report(this);\n",
      'diff --git a/src/test/java/org/example/report/ReportTest.java b/src/test/java/org/example/report/ReportTest.java\nindex 3333333..4444444 100644\n--- a/src/test/java/org/example/report/ReportTest.java\n+++ b/src/test/java/org/example/report/ReportTest.java\n@@ -20,4 +20,10 @@ class ReportTest {\n         assertEquals("t", report.getTitle());\n     }\n \n+    @Test\n+    void buildsStrict() {\n+        Report report = new Report.Builder().setTitle("t").setStrict(true).build();\n+        assertTrue(report.isStrict());\n+    }\n+\n }\n',
    );
    expect(names).toEqual(expect.arrayContaining(["Report.isStrict method", "Report.Builder.setStrict method"]));
    expect(
      names.filter((n) => n.startsWith("Report.Builder.Builder") || n.startsWith("Report.Builder.isStrict")),
    ).toEqual([]);
  });

  test("Java: an anonymous class's override that returns `this` (`new Sink() { \u2026 public Sink write(\u2026) { \u2026 return this; } }`) makes no nested type of the members after it", async () => {
    const { defuse, names } = await run(
      "diff --git a/src/main/java/org/example/log/LogBuffer.java b/src/main/java/org/example/log/LogBuffer.java\nindex 1111111..2222222 100644\n--- a/src/main/java/org/example/log/LogBuffer.java\n+++ b/src/main/java/org/example/log/LogBuffer.java\n@@ -22,12 +22,20 @@ public class LogBuffer {\n \n     private final StringBuilder buf = new StringBuilder();\n \n     private final Sink sink = new Sink() {\n         @Override\n         public Sink write(String line) {\n             buf.append(line).append('\\n');\n             return this;\n         }\n     };\n+\n+    public int lineCount() {\n+        return (int) buf.chars().filter(c -> c == '\\n').count();\n+    }\n+\n+    public void clear() {\n+        buf.setLength(0);\n+    }\n \n     public String contents() {\n",
      'diff --git a/src/test/java/org/example/log/LogBufferTest.java b/src/test/java/org/example/log/LogBufferTest.java\nindex 3333333..4444444 100644\n--- a/src/test/java/org/example/log/LogBufferTest.java\n+++ b/src/test/java/org/example/log/LogBufferTest.java\n@@ -20,4 +20,12 @@ class LogBufferTest {\n         assertEquals("a\\n", buffer.contents());\n     }\n \n+    @Test\n+    void countsAndClears() {\n+        LogBuffer buffer = new LogBuffer();\n+        assertEquals(0, buffer.lineCount());\n+        buffer.clear();\n+        assertEquals("", buffer.contents());\n+    }\n+\n }\n',
    );
    expect(defuse).toEqual(expect.arrayContaining(["LogBuffer.lineCount"]));
    expect(names.filter((n) => n.includes("Sink."))).toEqual([]);
  });

  test("TypeScript: a hunk two levels in that lies in a constructor's parameter list (`private readonly orderCache: OrderCacheService,`) still declares parameter properties", async () => {
    const { defuse } = await run(
      "diff --git a/src/app/orders/order.service.ts b/src/app/orders/order.service.ts\nindex 1111111..2222222 100644\n--- a/src/app/orders/order.service.ts\n+++ b/src/app/orders/order.service.ts\n@@ -18,6 +18,7 @@ export class OrderService {\n         private readonly http: HttpClient,\n         private readonly logger: LoggerService,\n         private readonly store: Store<AppState>,\n+        private readonly orderCache: OrderCacheService,\n         private readonly config: AppConfig,\n         private readonly router: Router,\n         private readonly notifications: NotificationService,\n",
      'diff --git a/src/app/orders/order.service.spec.ts b/src/app/orders/order.service.spec.ts\nindex 3333333..4444444 100644\n--- a/src/app/orders/order.service.spec.ts\n+++ b/src/app/orders/order.service.spec.ts\n@@ -40,3 +40,8 @@ describe("OrderService", () => {\n         expect(service.list()).toEqual([]);\n     });\n+\n+    it("caches orders", () => {\n+        service.load();\n+        expect(service.orderCache.size).toBe(1);\n+    });\n });\n',
    );
    expect(defuse).toContain("OrderService.orderCache");
  });

  test("Go: a new file in `package kong_test` that imports the package it tests (`github.com/alecthomas/kong`) still reaches the root package through `kong.`", async () => {
    const { defuse } = await run(
      "diff --git a/options.go b/options.go\nindex 1111111..2222222 100644\n--- a/options.go\n+++ b/options.go\n@@ -192,6 +192,14 @@ func Help(help HelpPrinter) Option {\n \t})\n }\n \n+// UsageOnError configures Kong to display context-sensitive usage if FatalIfErrorf is called with an error.\n+func UsageOnError() Option {\n+\treturn OptionFunc(func(k *Kong) error {\n+\t\tk.usageOnError = true\n+\t\treturn nil\n+\t})\n+}\n+\n // ExplicitGroups associates flags and arguments with groups.\n func ExplicitGroups(groups []Group) Option {\n \treturn OptionFunc(func(k *Kong) error {\n",
      'diff --git a/usage_test.go b/usage_test.go\nnew file mode 100644\nindex 0000000..3333333\n--- /dev/null\n+++ b/usage_test.go\n@@ -0,0 +1,16 @@\n+package kong_test\n+\n+import (\n+\t"testing"\n+\n+\t"github.com/alecthomas/kong"\n+)\n+\n+func TestUsageOnError(t *testing.T) {\n+\tvar cli struct{}\n+\tp, err := kong.New(&cli, kong.UsageOnError())\n+\tif err != nil {\n+\t\tt.Fatal(err)\n+\t}\n+\t_ = p\n+}\n',
    );
    expect(defuse).toContain("UsageOnError");
  });

  test("Rust: `name: value` arguments of a macro call in a function's body (`flaky: stats.flaky,` \u2026 `    );`) are no parameters of the header's function", async () => {
    const { names } = await run(
      "diff --git a/src/report.rs b/src/report.rs\nindex 1111111..2222222 100644\n--- a/src/report.rs\n+++ b/src/report.rs\n@@ -40,6 +40,7 @@ pub fn write_summary(\n         total: stats.total,\n         failed: stats.failed,\n         skipped: stats.skipped,\n+        flaky: stats.flaky,\n     );\n     Ok(())\n }\n",
      'diff --git a/tests/report.rs b/tests/report.rs\nindex 3333333..4444444 100644\n--- a/tests/report.rs\n+++ b/tests/report.rs\n@@ -10,2 +10,8 @@ fn summary_counts() {\n     assert!(out.contains("total"));\n }\n+\n+#[test]\n+fn summary_flaky() {\n+    let out = summary_of(Stats { flaky: 2, ..Stats::default() });\n+    assert!(out.contains("flaky: 2"));\n+}\n',
    );
    expect(names.filter((n) => n.includes("write_summary.flaky"))).toEqual([]);
  });
});
