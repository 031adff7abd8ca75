// The thirty-fifth session's review of round 77's rules: made hunks (git wrote them from made files) on which they
// misfired, mended: a redeclared field keeps a use through a receiver named for its class; a wildcard static import's
// constant is named, never called, and a name the test file declares itself shadows it.
import { expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

const cases = {
  r3a: {
    code: 'diff --git a/app/models.py b/app/models.py\nindex 8d73d90..a62cc75 100644\n--- a/app/models.py\n+++ b/app/models.py\n@@ -5,7 +5,7 @@ from typing import Optional\n @dataclass\n class User:\n     id: int\n-    name: str\n+    name: Optional[str] = None\n     email: str = ""\n \n     def helper0(self):\n@@ -35,6 +35,7 @@ class User:\n @dataclass\n class Team:\n     id: int\n+    name: str = ""\n     members: list = field(default_factory=list)\n \n     def helper0(self):\n',
    test: 'diff --git a/tests/test_teams.py b/tests/test_teams.py\nindex 5fd4cec..3b4b706 100644\n--- a/tests/test_teams.py\n+++ b/tests/test_teams.py\n@@ -3,3 +3,8 @@ from app.store import load_team\n \n def test_old():\n     assert load_team(1)\n+\n+\n+def test_name():\n+    team = load_team(1)\n+    assert team.name == "core"\n',
  },
  r3c: {
    code: 'diff --git a/app/models.py b/app/models.py\nindex 8d73d90..a62cc75 100644\n--- a/app/models.py\n+++ b/app/models.py\n@@ -5,7 +5,7 @@ from typing import Optional\n @dataclass\n class User:\n     id: int\n-    name: str\n+    name: Optional[str] = None\n     email: str = ""\n \n     def helper0(self):\n@@ -35,6 +35,7 @@ class User:\n @dataclass\n class Team:\n     id: int\n+    name: str = ""\n     members: list = field(default_factory=list)\n \n     def helper0(self):\n',
    test: 'diff --git a/tests/test_api.py b/tests/test_api.py\nnew file mode 100644\nindex 0000000..ae971f6\n--- /dev/null\n+++ b/tests/test_api.py\n@@ -0,0 +1,6 @@\n+from app.api import fetch\n+\n+\n+def test_name():\n+    resp = fetch("/teams/1")\n+    assert resp.name == "core"\n',
  },
  r2d: {
    code: "diff --git a/src/main/java/p/Color.java b/src/main/java/p/Color.java\nnew file mode 100644\nindex 0000000..cd08017\n--- /dev/null\n+++ b/src/main/java/p/Color.java\n@@ -0,0 +1,6 @@\n+package p;\n+\n+public enum Color {\n+    RED,\n+    GREEN\n+}\n",
    test: 'diff --git a/src/test/java/p/PaletteTest.java b/src/test/java/p/PaletteTest.java\nnew file mode 100644\nindex 0000000..4b0a8cc\n--- /dev/null\n+++ b/src/test/java/p/PaletteTest.java\n@@ -0,0 +1,13 @@\n+package p;\n+\n+import static p.Color.*;\n+\n+class PaletteTest {\n+    static final String GREEN = "g";\n+\n+    void picks() {\n+        int RED = 5;\n+        assertEquals(RED, count());\n+        assertEquals(GREEN, name());\n+    }\n+}\n',
  },
  r2i: {
    code: 'diff --git a/src/main/java/p/ContentType.java b/src/main/java/p/ContentType.java\nnew file mode 100644\nindex 0000000..e6368ca\n--- /dev/null\n+++ b/src/main/java/p/ContentType.java\n@@ -0,0 +1,12 @@\n+package p;\n+\n+public enum ContentType {\n+    JSON("application/json"),\n+    XML("application/xml");\n+\n+    private final String value;\n+\n+    ContentType(String value) {\n+        this.value = value;\n+    }\n+}\n',
    test: "diff --git a/src/test/java/p/FormatTest.java b/src/test/java/p/FormatTest.java\nnew file mode 100644\nindex 0000000..6d6023b\n--- /dev/null\n+++ b/src/test/java/p/FormatTest.java\n@@ -0,0 +1,12 @@\n+package p;\n+\n+import static p.ContentType.*;\n+\n+class FormatTest {\n+    void f() {\n+        assertNotNull(resolve(JSON));\n+        assertNotNull(XML());\n+    }\n+\n+    Object XML() { return null; }\n+}\n",
  },
  r1c: {
    code: 'diff --git a/src/main/java/p/Tag.java b/src/main/java/p/Tag.java\nnew file mode 100644\nindex 0000000..3268309\n--- /dev/null\n+++ b/src/main/java/p/Tag.java\n@@ -0,0 +1,6 @@\n+package p;\n+\n+public @interface Tag {\n+    String value();\n+    String name() default "";\n+}\n',
    test: 'diff --git a/src/test/java/p/TagTest.java b/src/test/java/p/TagTest.java\nnew file mode 100644\nindex 0000000..87a17f5\n--- /dev/null\n+++ b/src/test/java/p/TagTest.java\n@@ -0,0 +1,10 @@\n+package p;\n+\n+class TagTest {\n+    @Tag("slow")\n+    void f() {\n+        var entry = registry.first();\n+        assertEquals("a", entry.name());\n+        assertEquals(2, entry.value());\n+    }\n+}\n',
  },
  r3d: {
    code: 'diff --git a/app/models.py b/app/models.py\nindex 8d73d90..a62cc75 100644\n--- a/app/models.py\n+++ b/app/models.py\n@@ -5,7 +5,7 @@ from typing import Optional\n @dataclass\n class User:\n     id: int\n-    name: str\n+    name: Optional[str] = None\n     email: str = ""\n \n     def helper0(self):\n@@ -35,6 +35,7 @@ class User:\n @dataclass\n class Team:\n     id: int\n+    name: str = ""\n     members: list = field(default_factory=list)\n \n     def helper0(self):\n',
    test: 'diff --git a/tests/test_teams.py b/tests/test_teams.py\nnew file mode 100644\nindex 0000000..bfaf46f\n--- /dev/null\n+++ b/tests/test_teams.py\n@@ -0,0 +1,7 @@\n+from app.models import Team\n+from app.store import load_team\n+\n+\n+def test_name():\n+    team: Team = load_team(1)\n+    assert team.name == "core"\n',
  },
  r3u: {
    code: "diff --git a/src/types.ts b/src/types.ts\nindex 3fb5cfe..f542b28 100644\n--- a/src/types.ts\n+++ b/src/types.ts\n@@ -1,6 +1,6 @@\n export interface User {\n   id: string;\n-  name: string;\n+  name?: string;\n }\n \n export function greet(user: User): string {\n@@ -38,3 +38,11 @@ export function helper6(): number {\n export function helper7(): number {\n   return 7;\n }\n+export interface Team {\n+  id: string;\n+  name: string;\n+}\n+\n+export function teamTitle(team: Team): string {\n+  return team.name.toUpperCase();\n+}\n",
    test: 'diff --git a/src/types.test.ts b/src/types.test.ts\nnew file mode 100644\nindex 0000000..e95425d\n--- /dev/null\n+++ b/src/types.test.ts\n@@ -0,0 +1,7 @@\n+import type { Team } from "./types";\n+import { loadTeam } from "./store";\n+\n+it("loads", async () => {\n+  const team: Team = await loadTeam("1");\n+  expect(team.name).toBe("core");\n+});\n',
  },
};

test("r3a: a new field beside a changed namesake of another class keeps a use through a receiver named for its class (`team = load_team(1); team.name`)", async () => {
  expect((await madeHunks(cases.r3a.code, cases.r3a.test)).defuse).toEqual(["Team.name"]);
});

test("r3c (guard): through an object of untold type (`resp = fetch(…); resp.name`) it keeps none", async () => {
  expect((await madeHunks(cases.r3c.code, cases.r3c.test)).defuse).toEqual([]);
});

test("r2d: a test class's own `static final String GREEN` shadows the wildcard static import's `Color.GREEN`", async () => {
  expect((await madeHunks(cases.r2d.code, cases.r2d.test)).defuse).not.toContain("Color.GREEN");
});

test("r2i: a call `XML()` of the test's own method reaches no enum constant `ContentType.XML`; the bare `JSON` still does", async () => {
  expect((await madeHunks(cases.r2i.code, cases.r2i.test)).defuse).toEqual(["ContentType", "ContentType.JSON"]);
});

test("r1c: an annotation's element (`String name() default \"\";` in `@interface Tag`) is reached through the annotation, not an untold object's `entry.name()`", async () => {
  expect((await madeHunks(cases.r1c.code, cases.r1c.test)).defuse).toEqual(["Tag"]);
});

test('r3d, r3u: an annotated local (`team: Team = load_team(1)`, `const team: Team = await loadTeam("1")`) holds its type: its field\'s use is certain', async () => {
  for (const made of [cases.r3d, cases.r3u]) {
    const result = await analyzeInstance({ instanceId: "made", goldPatch: made.code, testPatch: made.test });
    const field = result.identifiers.find((i) => i.name === "Team.name");
    expect(field?.policies).toContain("defuse");
    expect(field?.usedAt.every((use) => !use.uncertain)).toBe(true);
  }
});
