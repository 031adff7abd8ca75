// A review of the sixteenth session's rules by a helper (blind to their reasoning) made these hunks with git from
// files it wrote; each was a misfire of a new rule (or, for the last, one the rule did not mend), mended since.
import { expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";

test("Python: a hunk under `class Store:` that starts at an `if (`'s closing `):` deep in a body, then sets attributes of self, resumes no `__init__`", async () => {
  const { names } = await madeHunks(
    "diff --git a/pkg/store.py b/pkg/store.py\nindex 938bddf..9c5a7fc 100644\n--- a/pkg/store.py\n+++ b/pkg/store.py\n@@ -17,6 +17,7 @@ class Store:\n         ):\n             self.timeout = other.timeout\n             self.retries = other.retries\n+            self.backoff = other.backoff\n         else:\n             raise TypeError(other)\n \n",
    "",
  );
  expect(names.filter((n) => n.includes("__init__"))).toEqual([]);
});

test("C++: a lone upper-case name after a comment line ends no declaration: `TOKEN_STRING,` / `// keep last` / `TOKEN_COUNT` is the enum's last value, which the test uses", async () => {
  const { defuse, names } = await madeHunks(
    "diff --git a/src/lex.hpp b/src/lex.hpp\nindex e69de29..a85612e 100644\n--- a/src/lex.hpp\n+++ b/src/lex.hpp\n@@ -0,0 +1,16 @@\n+#pragma once\n+\n+namespace lex {\n+\n+enum TokenType {\n+    TOKEN_EOF,\n+    TOKEN_IDENT,\n+    TOKEN_NUMBER,\n+    TOKEN_STRING,\n+    // keep last\n+    TOKEN_COUNT\n+};\n+\n+const char* token_name(TokenType t);\n+\n+}  // namespace lex\n",
    'diff --git a/tests/lex_test.cpp b/tests/lex_test.cpp\nindex 39335ce..6222048 100644\n--- a/tests/lex_test.cpp\n+++ b/tests/lex_test.cpp\n@@ -1 +1,6 @@\n #include "lex.hpp"\n+\n+TEST(Lex, Names) {\n+    EXPECT_STREQ(lex::token_name(lex::TOKEN_COUNT), "invalid");\n+    EXPECT_STREQ(lex::token_name(lex::TOKEN_COMMENT), "comment");\n+}\n',
  );
  // (Stated under its enum since the nineteenth session, as C++ may name it: `TokenType.TOKEN_COUNT`.)
  expect(names).toContain("TokenType.TOKEN_COUNT constant");
  expect(defuse).toContain("TokenType.TOKEN_COUNT");
});

test("C++: under `@@ … @@ private:`, the class's `};` at column 0 ends it: a declaration after it is a free function, no method", async () => {
  const { names } = await madeHunks(
    "diff --git a/include/widget.hpp b/include/widget.hpp\nindex 1384306..56d43b2 100644\n--- a/include/widget.hpp\n+++ b/include/widget.hpp\n@@ -11,3 +11,4 @@ private:\n };\n \n std::string describe(const Widget& w);\n+bool is_empty(const Widget& w);\n",
    'diff --git a/tests/w_test.cpp b/tests/w_test.cpp\nindex 6685ff0..b3bc753 100644\n--- a/tests/w_test.cpp\n+++ b/tests/w_test.cpp\n@@ -1 +1,6 @@\n #include "widget.hpp"\n+\n+TEST(W, E) {\n+    Widget w;\n+    EXPECT_TRUE(is_empty(w));\n+}\n',
  );
  expect(names).toContain("is_empty function");
  expect(names).not.toContain("is_empty method");
});

test("TypeScript: a hunk under `export class Store {` that starts in a field's object initializer (`flags: {` … `},` … `};`) and then adds a method: the method is the class's, the initializer no returned object", async () => {
  const { defuse } = await madeHunks(
    "diff --git a/src/store.ts b/src/store.ts\nindex 1572448..2dd1eef 100644\n--- a/src/store.ts\n+++ b/src/store.ts\n@@ -7,9 +7,14 @@ export class Store {\n     user: { name: '', id: 0 },\n     flags: {\n       loading: false,\n+      saving: false,\n     },\n   };\n \n+  reset() {\n+    this.state.flags.loading = false;\n+  }\n+\n   load() {\n     return this.api.get();\n   }\n",
    "diff --git a/test/store.test.ts b/test/store.test.ts\nindex f273a3a..be0d685 100644\n--- a/test/store.test.ts\n+++ b/test/store.test.ts\n@@ -1 +1,6 @@\n import { Store } from '../src/store';\n+\n+it('resets', () => {\n+  const s = new Store();\n+  s.reset();\n+});\n",
  );
  expect(defuse).toEqual(["Store.reset"]);
});
