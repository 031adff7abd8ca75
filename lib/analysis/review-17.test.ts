// A review of the seventeenth session's rules by a helper (blind to their reasoning) found these misfires; each hunk
// was made with git from files written for it (the shapes of toml11's east-const headers, terraform's root
// main_test.go, Laravel's aliased imports), failed on the rules as first written (dec294f) and passes since.
import { expect, test } from "vitest";
import { analyzeInstance } from "./analyze-instance";

const defuse = async (goldPatch: string, testPatch: string, repo?: string) =>
  (await analyzeInstance({ instanceId: "review", goldPatch, testPatch, repo })).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => i.name);

test("C++: an east-const return type (`value_type const& get() const`) is a type, no specifier macro to blank: the class `box` and its method stay", async () => {
  expect(
    await defuse(
      "diff --git a/include/box.hpp b/include/box.hpp\nindex b24374a..09d1a70 100644\n--- a/include/box.hpp\n+++ b/include/box.hpp\n@@ -1,3 +1,15 @@\n #pragma once\n namespace demo {\n+\n+template <typename T>\n+class box {\n+  public:\n+    using value_type = T;\n+    value_type const& get() const { return value_; }\n+    bool has_value() const { return set_; }\n+  private:\n+    value_type value_;\n+    bool set_ = false;\n+};\n+\n }\n",
      'diff --git a/tests/box_test.cpp b/tests/box_test.cpp\nindex 3a7c6cc..4825c3b 100644\n--- a/tests/box_test.cpp\n+++ b/tests/box_test.cpp\n@@ -1 +1,6 @@\n #include "box.hpp"\n+\n+TEST(Box, Empty) {\n+    demo::box<int> b;\n+    EXPECT_FALSE(b.has_value());\n+}\n',
    ),
  ).toEqual(["box", "box.has_value"]);
});

test("PHP: an aliased import of another namespace's class of the same name (`use App\\Warning\\Comment as WarningComment` beside a new src/Reason/Comment.php) is no use of it", async () => {
  expect(
    await defuse(
      "diff --git a/src/Reason/Comment.php b/src/Reason/Comment.php\nnew file mode 100644\nindex 0000000..df1db9f\n--- /dev/null\n+++ b/src/Reason/Comment.php\n@@ -0,0 +1,10 @@\n+<?php\n+namespace App\\Reason;\n+\n+class Comment\n+{\n+    public function code(): int\n+    {\n+        return 1;\n+    }\n+}\n",
      "diff --git a/tests/CommentTest.php b/tests/CommentTest.php\nindex 74b07c3..17d52dd 100644\n--- a/tests/CommentTest.php\n+++ b/tests/CommentTest.php\n@@ -2,7 +2,12 @@\n namespace Tests;\n \n use PHPUnit\\Framework\\TestCase;\n+use App\\Warning\\Comment as WarningComment;\n \n class CommentTest extends TestCase\n {\n+    public function testWarning(): void\n+    {\n+        $this->assertSame(2, (new WarningComment())->level());\n+    }\n }\n",
    ),
  ).toEqual([]);
});

test("JavaScript: an import that climbs to the root names its own target where the patch has it (lib/util/format.js), not another file with the same tail (packages/legacy/lib/util/format.js)", async () => {
  expect(
    await defuse(
      "diff --git a/lib/util/format.js b/lib/util/format.js\nnew file mode 100644\nindex 0000000..20c2914\n--- /dev/null\n+++ b/lib/util/format.js\n@@ -0,0 +1,3 @@\n+export function format(x) {\n+  return String(x);\n+}\ndiff --git a/packages/legacy/lib/util/format.js b/packages/legacy/lib/util/format.js\nnew file mode 100644\nindex 0000000..db06ac7\n--- /dev/null\n+++ b/packages/legacy/lib/util/format.js\n@@ -0,0 +1,3 @@\n+export function legacyFormat(x) {\n+  return '' + x;\n+}\n",
      "diff --git a/test/unit/a.test.js b/test/unit/a.test.js\nindex 8b13789..1261d10 100644\n--- a/test/unit/a.test.js\n+++ b/test/unit/a.test.js\n@@ -1 +1,5 @@\n+import { format } from '../../lib/util/format';\n \n+test('formats', () => {\n+  expect(format(1)).toBe('1');\n+});\n",
    ),
  ).toEqual(["lib/util/format.js", "format"]);
});

test('Rust: a member of a literal (`"abc".shout_loud()`) may be an extension trait\'s (`impl StrExt for str`)', async () => {
  expect(
    await defuse(
      "diff --git a/src/text.rs b/src/text.rs\nindex c782e28..4cc1bb5 100644\n--- a/src/text.rs\n+++ b/src/text.rs\n@@ -1 +1,11 @@\n pub fn id() {}\n+\n+pub trait StrExt {\n+    fn shout_loud(&self) -> String;\n+}\n+\n+impl StrExt for str {\n+    fn shout_loud(&self) -> String {\n+        self.to_uppercase()\n+    }\n+}\n",
      'diff --git a/tests/text.rs b/tests/text.rs\nindex 7d2b7ca..392d86e 100644\n--- a/tests/text.rs\n+++ b/tests/text.rs\n@@ -1 +1,6 @@\n-use demo::text;\n+use demo::text::StrExt;\n+\n+#[test]\n+fn shouts() {\n+    assert_eq!("abc".shout_loud(), "ABC");\n+}\n',
    ),
  ).toContain("StrExt.shout_loud");
});

test("Go: with the repository known (hashicorp/terraform), a root file's `terraform.CloseDebugInfo()` may still mean the `terraform/` folder's package, its import above the hunk", async () => {
  expect(
    await defuse(
      "diff --git a/terraform/debug.go b/terraform/debug.go\nindex 0964526..7a99cc5 100644\n--- a/terraform/debug.go\n+++ b/terraform/debug.go\n@@ -1,3 +1,8 @@\n package terraform\n \n func Other() {}\n+\n+// CloseDebugInfo closes the debug log.\n+func CloseDebugInfo() error {\n+\treturn nil\n+}\n",
      "diff --git a/main_test.go b/main_test.go\nindex 0ae7636..7249a9f 100644\n--- a/main_test.go\n+++ b/main_test.go\n@@ -20,5 +20,6 @@ import (\n // filler 11\n \n func TestMain(m *testing.M) {\n+\tdefer terraform.CloseDebugInfo()\n \tm.Run()\n }\n",
      "hashicorp/terraform",
    ),
  ).toEqual(["CloseDebugInfo"]);
});
