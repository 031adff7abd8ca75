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
