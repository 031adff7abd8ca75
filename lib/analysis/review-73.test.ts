// The thirty-fourth session's review of round 73's rules: made hunks (git wrote them from made files) on which the
// broad reading of `_Private` qualifiers as classes misfired, mended by reading them so only in a class's own call.
import { expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";

const cases = {
  r2a: {
    code: "diff --git a/app/config.py b/app/config.py\nindex ada017c..3c550a5 100644\n--- a/app/config.py\n+++ b/app/config.py\n@@ -12,6 +12,7 @@ class _Settings:\n     field6: int = 6\n     field7: int = 7\n     timeout: float = 1.0\n+    container_strategy: str | None = None\n \n \n def load():\n",
    test: "diff --git a/tests/test_config.py b/tests/test_config.py\nnew file mode 100644\nindex 0000000..1d1d9ed\n--- /dev/null\n+++ b/tests/test_config.py\n@@ -0,0 +1,6 @@\n+from app.config import _Settings\n+\n+\n+def test_strategy():\n+    s = _Settings(container_strategy=None)\n+    assert s is not None\n",
  },
  r2y: {
    code: "diff --git a/app/db.py b/app/db.py\nindex 88e72d0..fd03b54 100644\n--- a/app/db.py\n+++ b/app/db.py\n@@ -23,6 +23,9 @@ class Database:\n     def execute(self, sql):\n         return sqlite3.connect(self.path).execute(sql)\n \n+    def execute_many(self, sql, rows):\n+        return [self.execute(sql) for _ in rows]\n+\n \n _DB = Database(':memory:')\n _CACHE = {}\n",
    test: "diff --git a/tests/test_db.py b/tests/test_db.py\nnew file mode 100644\nindex 0000000..f700246\n--- /dev/null\n+++ b/tests/test_db.py\n@@ -0,0 +1,7 @@\n+from app.db import Database\n+\n+_DB = Database(':memory:')\n+\n+\n+def test_many():\n+    assert _DB.execute_many('select 1', [1, 2]) == [None, None]\n",
  },
  r2e: {
    code: "diff --git a/app/db.py b/app/db.py\nindex 88e72d0..fd03b54 100644\n--- a/app/db.py\n+++ b/app/db.py\n@@ -23,6 +23,9 @@ class Database:\n     def execute(self, sql):\n         return sqlite3.connect(self.path).execute(sql)\n \n+    def execute_many(self, sql, rows):\n+        return [self.execute(sql) for _ in rows]\n+\n \n _DB = Database(':memory:')\n _CACHE = {}\n",
    test: "diff --git a/tests/test_db.py b/tests/test_db.py\nnew file mode 100644\nindex 0000000..b256fba\n--- /dev/null\n+++ b/tests/test_db.py\n@@ -0,0 +1,5 @@\n+from app.db import _DB\n+\n+\n+def test_many():\n+    assert _DB.execute_many('select 1', [1, 2]) == [None, None]\n",
  },
  r2u: {
    code: "diff --git a/lib/cache.rb b/lib/cache.rb\nindex b1205e0..e4035ff 100644\n--- a/lib/cache.rb\n+++ b/lib/cache.rb\n@@ -26,4 +26,8 @@ class Cache\n   def put(key, value)\n     @data[key] = value\n   end\n+\n+  def flush_all\n+    @data.clear\n+  end\n end\n",
    test: "diff --git a/spec/cache_spec.rb b/spec/cache_spec.rb\nnew file mode 100644\nindex 0000000..4fa17d6\n--- /dev/null\n+++ b/spec/cache_spec.rb\n@@ -0,0 +1,7 @@\n+require 'cache'\n+RSpec.describe Cache do\n+  it 'flushes' do\n+    _Store = Cache.new\n+    _Store.flush_all\n+  end\n+end\n",
  },
  r2m: {
    code: "diff --git a/src/registry.js b/src/registry.js\nindex 2460e64..6ebabb2 100644\n--- a/src/registry.js\n+++ b/src/registry.js\n@@ -26,4 +26,8 @@ export class Registry {\n   register(name, item) {\n     this.items.set(name, item);\n   }\n+\n+  static createDefault() {\n+    return new Registry();\n+  }\n }\n",
    test: 'diff --git a/test/registry.test.js b/test/registry.test.js\nnew file mode 100644\nindex 0000000..2bc104c\n--- /dev/null\n+++ b/test/registry.test.js\n@@ -0,0 +1,4 @@\n+import { Registry as _Registry } from "../src/registry";\n+test("default", () => {\n+  expect(_Registry.createDefault()).toBeTruthy();\n+});\n',
  },
  r2ad: {
    code: "diff --git a/app/core.py b/app/core.py\nindex 2cd10b7..0d8a9e5 100644\n--- a/app/core.py\n+++ b/app/core.py\n@@ -12,3 +12,4 @@ class _Options:\n     field6: int = 6\n     field7: int = 7\n     verbose: bool = False\n+    strict: bool = False\n",
    test: "diff --git a/tests/test_cli.py b/tests/test_cli.py\nnew file mode 100644\nindex 0000000..d4cb564\n--- /dev/null\n+++ b/tests/test_cli.py\n@@ -0,0 +1,9 @@\n+from typing import NamedTuple\n+\n+\n+class _Options(NamedTuple):\n+    strict: bool\n+\n+\n+def test_cli():\n+    assert _Options(strict=True) is not None\n",
  },
};

test("r2a: a keyword of a module's private dataclass's call names its field", async () => {
  const { defuse } = await madeHunks(cases.r2a.code, cases.r2a.test);
  expect(defuse).toEqual(["_Settings.container_strategy"]);
});

test("r2y: a short private constant (`_DB = Database(\u2026)`) is an instance, no class: its calls reach the class's method", async () => {
  const { defuse } = await madeHunks(cases.r2y.code, cases.r2y.test);
  expect(defuse).toEqual(["Database.execute_many"]);
});

test("r2e: so is one the test does not bind (`_DB.execute_many(\u2026)`)", async () => {
  const { defuse } = await madeHunks(cases.r2e.code, cases.r2e.test);
  expect(defuse).toEqual(["Database.execute_many"]);
});

test("r2u: a Ruby `_Store = Cache.new` is a local, no class", async () => {
  const { defuse } = await madeHunks(cases.r2u.code, cases.r2u.test);
  expect(defuse).toEqual(["Cache.flush_all"]);
});

test("r2m: an underscore alias of an import (`Registry as _Registry`) still reaches the class's method", async () => {
  const { defuse } = await madeHunks(cases.r2m.code, cases.r2m.test);
  expect(defuse).toEqual(["Registry.createDefault"]);
});

test("r2ad: a keyword of a test's own private class's call names no code class's field", async () => {
  const { defuse } = await madeHunks(cases.r2ad.code, cases.r2ad.test);
  expect(defuse).toEqual([]);
});
