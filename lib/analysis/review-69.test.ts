// The thirty-third session's review: made hunks (git wrote them from made files) on which the session's first rules
// misfired, each mended; all fail on the commit before the mends.
import { expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";

const cases = {
  r1a: {
    code: "diff --git a/src/diff.ts b/src/diff.ts\nnew file mode 100644\nindex 0000000..7b98263\n--- /dev/null\n+++ b/src/diff.ts\n@@ -0,0 +1,6 @@\n+export interface CompareOptions { ignoreWhitespace?: boolean; ignoreCase?: boolean }\n+export class Differ {\n+  equals(a: string, b: string, options: CompareOptions = {}): boolean {\n+    return options.ignoreCase ? a.toLowerCase() === b.toLowerCase() : a === b;\n+  }\n+}\n",
    test: 'diff --git a/test/diff.test.ts b/test/diff.test.ts\nnew file mode 100644\nindex 0000000..9cf6a8d\n--- /dev/null\n+++ b/test/diff.test.ts\n@@ -0,0 +1,5 @@\n+import { Differ } from "../src/diff";\n+test("ws", () => {\n+  const differ = new Differ();\n+  expect(differ.equals("a ", "a", { ignoreWhitespace: true })).toBe(true);\n+});\n',
  },
  r3b: {
    code: "diff --git a/pkg/model.py b/pkg/model.py\nindex 0497220..1422e5c 100644\n--- a/pkg/model.py\n+++ b/pkg/model.py\n@@ -5,5 +5,6 @@ class Model:\n     # filler 3\n     # filler 4\n     # filler 5\n-    def _fit(self, X, **params):\n+    def _fit(self, X, random_state=None, **params):\n+        self.random_state = random_state\n         return self\n",
    test: "diff --git a/tests/test_model.py b/tests/test_model.py\nnew file mode 100644\nindex 0000000..b30c4bc\n--- /dev/null\n+++ b/tests/test_model.py\n@@ -0,0 +1,6 @@\n+from sklearn.model_selection import train_test_split\n+from pkg.model import Model\n+\n+def test_fit():\n+    X_train, X_test = train_test_split(X, random_state=0)\n+    Model().fit(X_train)\n",
  },
  r3c: {
    code: "diff --git a/pkg/client.py b/pkg/client.py\nindex b196e30..73c8f6d 100644\n--- a/pkg/client.py\n+++ b/pkg/client.py\n@@ -6,5 +6,8 @@ import requests\n # filler 4\n # filler 5\n \n-def fetch(url, **options):\n-    return requests.get(url, **options)\n+def fetch(url, return_value=None, **options):\n+    try:\n+        return requests.get(url, **options)\n+    except requests.RequestException:\n+        return return_value\n",
    test: 'diff --git a/tests/test_client.py b/tests/test_client.py\nnew file mode 100644\nindex 0000000..54fb2ad\n--- /dev/null\n+++ b/tests/test_client.py\n@@ -0,0 +1,6 @@\n+from unittest import mock\n+from pkg import client\n+\n+def test_fetch():\n+    with mock.patch("pkg.client.requests.get", return_value=1) as get:\n+        assert client.fetch("u") == 1\n',
  },
  r3f: {
    code: "diff --git a/pkg/io.py b/pkg/io.py\nindex 4bb0ab9..78ce444 100644\n--- a/pkg/io.py\n+++ b/pkg/io.py\n@@ -6,5 +6,5 @@ import os\n # filler 4\n # filler 5\n \n-def write_file(path, data, **kwargs):\n-    os.makedirs(os.path.dirname(path), **kwargs)\n+def write_file(path, data, exist_ok=True, **kwargs):\n+    os.makedirs(os.path.dirname(path), exist_ok=exist_ok, **kwargs)\n",
    test: 'diff --git a/tests/test_io.py b/tests/test_io.py\nnew file mode 100644\nindex 0000000..e86d010\n--- /dev/null\n+++ b/tests/test_io.py\n@@ -0,0 +1,5 @@\n+import os\n+\n+def test_write(tmp_path):\n+    os.makedirs(tmp_path / "a", exist_ok=True)\n+    assert (tmp_path / "a").exists()\n',
  },
  r3d: {
    code: "diff --git a/src/pkg/reader.py b/src/pkg/reader.py\nindex 34db97b..345b341 100644\n--- a/src/pkg/reader.py\n+++ b/src/pkg/reader.py\n@@ -10,6 +10,7 @@ def _read_block(\n     docstring,\n     *,\n     offset,\n+    allow_empty_lines=True,\n     **options,\n ):\n     return docstring\n",
    test: 'diff --git a/tests/test_reader.py b/tests/test_reader.py\nnew file mode 100644\nindex 0000000..4d9a8f1\n--- /dev/null\n+++ b/tests/test_reader.py\n@@ -0,0 +1,4 @@\n+from pkg.parser import parse\n+\n+def test_empty():\n+    parse("x", allow_empty_lines=False)\n',
  },
  r4b: {
    code: "diff --git a/include/timer.h b/include/timer.h\nindex 711f438..cf6f904 100644\n--- a/include/timer.h\n+++ b/include/timer.h\n@@ -5,3 +5,5 @@\n // filler 3\n // filler 4\n struct timer;\n+TIMER_EXPORT timer_start(struct timer *t);\n+TIMER_EXPORT timer(int ms);\n",
    test: 'diff --git a/tests/test_timer.c b/tests/test_timer.c\nnew file mode 100644\nindex 0000000..257fcf3\n--- /dev/null\n+++ b/tests/test_timer.c\n@@ -0,0 +1,2 @@\n+#include "timer.h"\n+void test(void) { timer(10); }\n',
  },
  r5b: {
    code: "diff --git a/ratelimit/ratelimit.go b/ratelimit/ratelimit.go\nindex 50765bf..864b04d 100644\n--- a/ratelimit/ratelimit.go\n+++ b/ratelimit/ratelimit.go\n@@ -3,6 +3,13 @@ package ratelimit\n type ratelimit struct {\n \trate int\n }\n+\n+type Mode int\n+\n+const (\n+\tModeStrict Mode = iota\n+\tModeBurst\n+)\n // filler 0\n // filler 1\n // filler 2\n@@ -10,3 +17,5 @@ type ratelimit struct {\n // filler 4\n // filler 5\n func (r *ratelimit) Take() {}\n+\n+func (r *ratelimit) SetMode(m Mode) {}\n",
    test: 'diff --git a/ratelimit/ratelimit_test.go b/ratelimit/ratelimit_test.go\nnew file mode 100644\nindex 0000000..eb6f429\n--- /dev/null\n+++ b/ratelimit/ratelimit_test.go\n@@ -0,0 +1,8 @@\n+package ratelimit_test\n+\n+import "example.com/ratelimit"\n+\n+func TestMode(t *testing.T) {\n+\tvar m ratelimit.Mode = ratelimit.ModeBurst\n+\t_ = m\n+}\n',
  },
  r9d: {
    code: "diff --git a/include/num.hpp b/include/num.hpp\nindex 6dd2024..aeb8f08 100644\n--- a/include/num.hpp\n+++ b/include/num.hpp\n@@ -8,4 +8,5 @@ template <typename T> requires (sizeof(T) >= 4) struct wide {\n     // filler 4\n     // filler 5\n     T get() const { return value; }\n+    T doubled() const { return value * 2; }\n };\n",
    test: 'diff --git a/test/num_test.cpp b/test/num_test.cpp\nnew file mode 100644\nindex 0000000..d46ece1\n--- /dev/null\n+++ b/test/num_test.cpp\n@@ -0,0 +1,2 @@\n+#include "num.hpp"\n+TEST(W, D) { wide<int> w{2}; EXPECT_EQ(w.doubled(), 4); }\n',
  },
  r9g: {
    code: 'diff --git a/src/el.js b/src/el.js\nindex c79f91d..c04005a 100644\n--- a/src/el.js\n+++ b/src/el.js\n@@ -9,4 +9,5 @@ customElements.define("x-counter", class extends HTMLElement {\n   // filler 4\n   // filler 5\n   inc() { this.count++; }\n+  reset() { this.count = 0; }\n });\n',
    test: 'diff --git a/test/el.test.js b/test/el.test.js\nnew file mode 100644\nindex 0000000..c783300\n--- /dev/null\n+++ b/test/el.test.js\n@@ -0,0 +1,2 @@\n+import "../src/el.js";\n+it("resets", () => { const el = document.createElement("x-counter"); el.reset(); });\n',
  },
  r7a: {
    code: "diff --git a/include/opts.h b/include/opts.h\nindex fb3e851..863302d 100644\n--- a/include/opts.h\n+++ b/include/opts.h\n@@ -5,4 +5,6 @@\n // filler 3\n typedef struct opts_s {\n     int verbose;\n+    int max_depth;\n+    void *(*alloc_fn)(size_t);\n } opts_t;\n",
    test: 'diff --git a/tests/test_opts.c b/tests/test_opts.c\nnew file mode 100644\nindex 0000000..c129c81\n--- /dev/null\n+++ b/tests/test_opts.c\n@@ -0,0 +1,2 @@\n+#include "opts.h"\n+void t(void) { opts_t o = { .verbose = 1, .max_depth = 3, .alloc_fn = malloc }; run(&o); }\n',
  },
  r7c: {
    code: "diff --git a/include/sig.h b/include/sig.h\nindex 512891b..6184952 100644\n--- a/include/sig.h\n+++ b/include/sig.h\n@@ -4,3 +4,4 @@\n // filler 2\n // filler 3\n typedef void handler_fn(int);\n+void (*lookup_handler(const char *name))(int);\n",
    test: 'diff --git a/tests/test_sig.c b/tests/test_sig.c\nnew file mode 100644\nindex 0000000..87f5f22\n--- /dev/null\n+++ b/tests/test_sig.c\n@@ -0,0 +1,2 @@\n+#include "sig.h"\n+void t(void) { void (*h)(int) = lookup_handler("INT"); h(2); }\n',
  },
  r7d: {
    code: "diff --git a/include/lim.hpp b/include/lim.hpp\nindex 5552aee..1a5d316 100644\n--- a/include/lim.hpp\n+++ b/include/lim.hpp\n@@ -5,4 +5,5 @@\n // filler 3\n struct limits {\n     static int (min)();\n+    static int (max)();\n };\n",
    test: 'diff --git a/test/lim_test.cpp b/test/lim_test.cpp\nnew file mode 100644\nindex 0000000..1ae825b\n--- /dev/null\n+++ b/test/lim_test.cpp\n@@ -0,0 +1,2 @@\n+#include "lim.hpp"\n+TEST(L, M) { EXPECT_GT((limits::max)(), 0); }\n',
  },
  r6d: {
    code: "diff --git a/src/tree.c b/src/tree.c\nindex b0f0ca9..19445ee 100644\n--- a/src/tree.c\n+++ b/src/tree.c\n@@ -12,5 +12,6 @@ static struct node *node_new(struct tree *t, int leaf)\n     // filler 4\n     // filler 5\n     n->leaf = leaf;\n+    n->generation = t->generation;\n     return n;\n }\ndiff --git a/src/tree.h b/src/tree.h\nindex 68cfa47..8ba0472 100644\n--- a/src/tree.h\n+++ b/src/tree.h\n@@ -4,4 +4,5 @@ struct node {\n     // filler 1\n     // filler 2\n     // filler 3\n+    unsigned generation;\n };\n",
    test: 'diff --git a/tests/test_tree.c b/tests/test_tree.c\nnew file mode 100644\nindex 0000000..d370fd0\n--- /dev/null\n+++ b/tests/test_tree.c\n@@ -0,0 +1,2 @@\n+#include "tree.h"\n+void t(struct node *n) { assert(n->generation == 0); }\n',
  },
};

test("r1a: a class's own `equals(a, b, { ignoreWhitespace })` is no assertion: its options keys stay uses", async () => {
  const made = await madeHunks(cases.r1a.code, cases.r1a.test);
  expect(made.defuse).toContain("CompareOptions.ignoreWhitespace");
});

test("r3b: a library's keyword of two words (`train_test_split(X, random_state=0)`) reaches no `_fit(\u2026, random_state=None, **params)`", async () => {
  const made = await madeHunks(cases.r3b.code, cases.r3b.test);
  expect(made.defuse.filter((x) => !x.includes("/"))).toEqual([]);
});

test("r3c: `mock.patch(\u2026, return_value=1)` reaches no public `fetch(url, return_value=None, **options)`", async () => {
  const made = await madeHunks(cases.r3c.code, cases.r3c.test);
  expect(made.defuse.filter((x) => !x.includes("/"))).toEqual([]);
});

test("r3f: `os.makedirs(p, exist_ok=True)` reaches no `write_file(\u2026, exist_ok=True, **kwargs)`", async () => {
  const made = await madeHunks(cases.r3f.code, cases.r3f.test);
  expect(made.defuse.filter((x) => !x.includes("/"))).toEqual([]);
});

test("r3d: the griffe shape under a resumed header (`def _read_block(` \u2026 `allow_empty_lines=True,` \u2026 `**options`) still reached", async () => {
  const made = await madeHunks(cases.r3d.code, cases.r3d.test);
  expect(made.defuse).toEqual(["_read_block.allow_empty_lines"]);
});

test("r4b: a struct a line only declares or names as a type (`struct timer;`, `struct timer *t`) takes no macro before `timer(int ms)` for a constructor's", async () => {
  const made = await madeHunks(cases.r4b.code, cases.r4b.test);
  expect(made.defuse).toEqual(["timer"]);
});

test("r5b: Go: `ratelimit.Mode` is the package's type, whatever struct shares the package's name", async () => {
  const made = await madeHunks(cases.r5b.code, cases.r5b.test);
  expect(made.defuse).toContain("Mode");
  expect(made.defuse).not.toContain("ratelimit.Mode");
});

test("r9d: a header whose parentheses come before its struct (`template <typename T> requires (sizeof(T) >= 4) struct wide {`) still opens the struct", async () => {
  const made = await madeHunks(cases.r9d.code, cases.r9d.test);
  expect(made.defuse).toEqual(["wide.doubled"]);
});

test("r9g: a class opened inside a call's parentheses (`customElements.define(\"x-counter\", class extends HTMLElement {`) is still the header's class", async () => {
  const made = await madeHunks(cases.r9g.code, cases.r9g.test);
  expect(made.defuse).toEqual(["reset"]);
});

test("r7a: a designated initializer of a typedef's name (`opts_t o = { .alloc_fn = malloc }`) keys the typedef's struct", async () => {
  const made = await madeHunks(cases.r7a.code, cases.r7a.test);
  expect(made.defuse).toEqual(expect.arrayContaining(["opts_s.max_depth", "opts_s.alloc_fn"]));
});

test("r7c: a function returning a function pointer (`void (*lookup_handler(const char *name))(int);`) is no variable", async () => {
  const made = await madeHunks(cases.r7c.code, cases.r7c.test);
  expect(made.names.filter((x) => x.startsWith("lookup_handler ") && !x.endsWith(" name"))).not.toContain(
    "lookup_handler variable",
  );
});

test("r7d: a name in parentheses (`static int (max)();`) is no function-pointer field", async () => {
  const made = await madeHunks(cases.r7d.code, cases.r7d.test);
  expect(made.names.filter((x) => x.endsWith("max field"))).toEqual([]);
});

test("r6d: a header that returns a struct (`static struct node *node_new(struct tree *t, \u2026)`) opens none: the statement under it defines no field", async () => {
  const made = await madeHunks(cases.r6d.code, cases.r6d.test);
  expect(made.names.filter((x) => x === "node.generation field")).toHaveLength(1);
});
