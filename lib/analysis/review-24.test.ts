// The twenty-fourth session's own review of its fixed-arity rule (UseRules.fixedArity): hunks made for a shape the
// rule must not misread, each failing before its guard.
import { expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";

test("C#: a `params` array takes any number of arguments: `bag.AddAll(1, 2, 3)` reaches the new `AddAll(params int[] items)`", async () => {
  const { defuse } = await madeHunks(
    "diff --git a/src/Bag.cs b/src/Bag.cs\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/src/Bag.cs\n@@ -0,0 +1,9 @@\n+namespace Shop\n+{\n+    public class Bag\n+    {\n+        public void AddAll(params int[] items)\n+        {\n+        }\n+    }\n+}\n",
    "diff --git a/tests/BagTests.cs b/tests/BagTests.cs\nnew file mode 100644\nindex 0000000..2222222\n--- /dev/null\n+++ b/tests/BagTests.cs\n@@ -0,0 +1,12 @@\n+using Shop;\n+\n+public class BagTests\n+{\n+    [Fact]\n+    public void AddsAll()\n+    {\n+        var bag = new Bag();\n+        bag.AddAll(1, 2, 3);\n+        Assert.NotNull(bag);\n+    }\n+}\n",
  );
  expect(defuse).toContain("Bag.AddAll");
});

test("C#: an extension method's `this` parameter is its receiver: `name.IsBlank()` reaches the new `IsBlank(this string s)`", async () => {
  const { defuse } = await madeHunks(
    "diff --git a/src/Text.cs b/src/Text.cs\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/src/Text.cs\n@@ -0,0 +1,10 @@\n+namespace Shop\n+{\n+    public static class Text\n+    {\n+        public static bool IsBlank(this string s)\n+        {\n+            return s.Trim().Length == 0;\n+        }\n+    }\n+}\n",
    'diff --git a/tests/TextTests.cs b/tests/TextTests.cs\nnew file mode 100644\nindex 0000000..2222222\n--- /dev/null\n+++ b/tests/TextTests.cs\n@@ -0,0 +1,11 @@\n+using Shop;\n+\n+public class TextTests\n+{\n+    [Fact]\n+    public void Blank()\n+    {\n+        var name = " ";\n+        Assert.True(name.IsBlank());\n+    }\n+}\n',
  );
  expect(defuse).toContain("Text.IsBlank");
});
