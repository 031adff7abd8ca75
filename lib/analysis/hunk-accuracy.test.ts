// Hunks rebuilt without a checkout: members of types and classes cut by the hunk's edges (issue: engine accuracy).
import { describe, expect, test } from "vitest";
import { analyzeInstance } from "./analyze-instance";

/** A one-hunk diff: lines starting with + or - are changes, the others context (given without the space). */
const diffOf = (path: string, header: string, lines: string[]) => {
  const marked = lines.map((l) => (l.startsWith("+") || l.startsWith("-") ? l : ` ${l}`));
  const old = marked.filter((l) => !l.startsWith("+")).length;
  const added = marked.filter((l) => !l.startsWith("-")).length;
  return `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -10,${old} +10,${added} @@ ${header}\n${marked.join("\n")}\n`;
};

async function defuse(goldPatch: string, testPatch: string) {
  const analysis = await analyzeInstance({ instanceId: "x", goldPatch, testPatch });
  return analysis.identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => i.name)
    .sort();
}

describe("a hunk inside a type body, cut before its closing brace", () => {
  test("Go: a field added under `type Config struct {` is Config.Audit", async () => {
    const gold = diffOf("config/config.go", "type Config struct {", [
      '\tLog     LogConfig     `json:"log"`',
      '\tServer  ServerConfig  `json:"server"`',
      '+\tAudit   AuditConfig   `json:"audit"`',
      '\tTracing TracingConfig `json:"tracing"`',
    ]);
    const test = `diff --git a/config/config_test.go b/config/config_test.go\n--- a/config/config_test.go\n+++ b/config/config_test.go\n@@ -1,3 +1,4 @@ func TestLoad(t *testing.T) {\n \tcfg := Load()\n+\tassert.True(t, cfg.Audit.Enabled)\n \t_ = cfg\n }\n`;
    expect(await defuse(gold, test)).toContain("Config.Audit");
  });

  test("Java: a constant added under `public enum Feature {` is Feature.EXPERIMENTAL", async () => {
    const gold = diffOf("src/main/java/app/Feature.java", "public enum Feature {", [
      "    BASIC(true),",
      "    ADVANCED(false),",
      "+    EXPERIMENTAL(false),",
      "    LEGACY(true);",
    ]);
    const test = `diff --git a/src/test/java/app/FeatureTest.java b/src/test/java/app/FeatureTest.java\n--- a/src/test/java/app/FeatureTest.java\n+++ b/src/test/java/app/FeatureTest.java\n@@ -1,3 +1,4 @@ class FeatureTest {\n     void flags() {\n+        assertFalse(Feature.EXPERIMENTAL.enabled());\n     }\n }\n`;
    expect(await defuse(gold, test)).toContain("Feature.EXPERIMENTAL");
  });

  test("TypeScript: a member added under `export const enum Mode {` is Mode.Fast", async () => {
    const gold = diffOf("src/mode.ts", "export const enum Mode {", [
      '  Slow = "slow",',
      '+  Fast = "fast",',
      '  Off = "off",',
    ]);
    const test = `diff --git a/test/mode.test.ts b/test/mode.test.ts\n--- a/test/mode.test.ts\n+++ b/test/mode.test.ts\n@@ -1,3 +1,4 @@ describe("mode", () => {\n   it("runs", () => {\n+    expect(run(Mode.Fast)).toBe(1);\n   });\n });\n`;
    expect(await defuse(gold, test)).toContain("Mode.Fast");
  });

  test("TypeScript: members of a new enum in a new file", async () => {
    const gold =
      "diff --git a/src/level.ts b/src/level.ts\nnew file mode 100644\n--- /dev/null\n+++ b/src/level.ts\n@@ -0,0 +1,4 @@\n+export enum Level {\n+  Low,\n+  High = 2,\n+}\n";
    const test = `diff --git a/test/level.test.ts b/test/level.test.ts\n--- a/test/level.test.ts\n+++ b/test/level.test.ts\n@@ -1,2 +1,3 @@\n import { x } from "./x";\n+expect(pick(Level.High)).toBe(2);\n x();\n`;
    expect(await defuse(gold, test)).toContain("Level.High");
  });
});

describe("a hunk that begins with the tail of the previous member", () => {
  test("TypeScript: `}` first does not close the stand-in class; the methods after it stay methods", async () => {
    const gold = diffOf("src/store.ts", "export class Store {", [
      "    return this.items.length;",
      "  }",
      "",
      "+  evict(key: string): boolean {",
      "+    const removed = this.items.delete(key);",
      "+    return removed;",
      "+  }",
      "+",
      "  get(key: string) {",
    ]);
    const test = `diff --git a/test/store.test.ts b/test/store.test.ts\n--- a/test/store.test.ts\n+++ b/test/store.test.ts\n@@ -1,2 +1,3 @@ it("evicts", () => {\n   const store = new Store();\n+  expect(store.evict("a")).toBe(false);\n });\n`;
    const analysis = await analyzeInstance({ instanceId: "x", goldPatch: gold, testPatch: test });
    const names = analysis.identifiers.map((i) => i.name);
    expect(names).toContain("Store.evict");
    expect(names).not.toContain("removed");
    expect(await defuse(gold, test)).toContain("Store.evict");
  });
});

describe("Python hunks", () => {
  test("new methods beside the __init__ the hunk header names are methods, not locals of __init__", async () => {
    const gold = diffOf("app/cache.py", "def __init__(self, size):", [
      "        self.size = size",
      "        self.items = {}",
      "",
      "+    def evict(self, key):",
      "+        return self.items.pop(key, None)",
      "+",
      "    def get(self, key):",
    ]);
    const test = `diff --git a/tests/test_cache.py b/tests/test_cache.py\n--- a/tests/test_cache.py\n+++ b/tests/test_cache.py\n@@ -1,2 +1,3 @@ def test_cache():\n     cache = Cache(2)\n+    assert cache.evict("a") is None\n     assert cache\n`;
    // Its class from the test's `cache = Cache(2)` then `cache.evict(…)`: no class line is in the hunks.
    expect(await defuse(gold, test)).toEqual(["Cache.evict"]);
  });

  test("a hunk ending inside an open bracket keeps the definitions before it", async () => {
    const gold = diffOf("app/fields.py", "", [
      "import re",
      "",
      "+def normalise_field(name):",
      "+    return name.lower()",
      "+",
      "+ACTIVE_FIELDS = [",
      '+    "id",',
    ]);
    const test = `diff --git a/tests/test_fields.py b/tests/test_fields.py\n--- a/tests/test_fields.py\n+++ b/tests/test_fields.py\n@@ -1,2 +1,4 @@\n import app\n+from app.fields import normalise_field, ACTIVE_FIELDS\n+assert normalise_field("A") == "a" and ACTIVE_FIELDS\n app.run()\n`;
    expect(await defuse(gold, test)).toEqual(["ACTIVE_FIELDS", "normalise_field"]);
  });
});
