// A review of the fourteenth session's rules (blind to their reasoning) found six over-reaches; each is a made
// hunk here, as git prints such a change, with what the rule must leave alone (issue 43).
import { describe, expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";

const run = madeHunks;

describe("what the session's rules leave alone", () => {
  test("a regex with `*/` in it (`/^\\s*/`) is no comment's close: the function above it is still read", async () => {
    const { defuse } = await run(
      "diff --git a/src/text.js b/src/text.js\n--- a/src/text.js\n+++ b/src/text.js\n@@ -10,2 +10,6 @@ \n import { words } from './words';\n+\n+export function collapseSpaces(s) {\n+  return s.replace(/\\s+/g, ' ').replace(/^\\s*/, '');\n+}\n \n",
      "diff --git a/test/text.test.js b/test/text.test.js\n--- a/test/text.test.js\n+++ b/test/text.test.js\n@@ -10,2 +10,3 @@ describe('text', () => {\n   it('works', () => {\n+    expect(collapseSpaces('  a   b')).toBe('a b');\n   });\n",
    );
    expect(defuse).toContain("collapseSpaces");
  });

  test("a nested object's key (`http: { retries: 3 }`) is no field of a class the patch adds, unless a field of the outer key's name is declared with that class", async () => {
    const { defuse } = await run(
      "diff --git a/src/queue/job.ts b/src/queue/job.ts\n--- a/src/queue/job.ts\n+++ b/src/queue/job.ts\n@@ -10,2 +10,3 @@ export class Job {\n   id: string;\n+  retries = 0;\n   constructor(id: string) {\n",
      "diff --git a/test/server.test.ts b/test/server.test.ts\n--- a/test/server.test.ts\n+++ b/test/server.test.ts\n@@ -10,2 +10,4 @@ describe('server', () => {\n   it('serves health', async () => {\n+    const server = createServer({ port: 0, http: { retries: 3, keepAlive: true } });\n+    expect(await server.health()).toEqual({ ok: true });\n   });\n",
    );
    expect(defuse).not.toContain("Job.retries");
  });

  test("Go: a field of a `type (` group's struct is not keyed by another package's literal (`&http.Client{Timeout: …}`)", async () => {
    const { defuse, names } = await run(
      "diff --git a/pkg/server/config.go b/pkg/server/config.go\n--- a/pkg/server/config.go\n+++ b/pkg/server/config.go\n@@ -10,3 +10,4 @@ type (\n \t\tAddr    string\n \t\tTLS     *tls.Config\n+\t\tTimeout time.Duration\n \t}\n",
      "diff --git a/pkg/server/server_test.go b/pkg/server/server_test.go\n--- a/pkg/server/server_test.go\n+++ b/pkg/server/server_test.go\n@@ -10,2 +10,4 @@ func TestServe(t *testing.T) {\n \tsrv := newTestServer(t)\n+\tclient := &http.Client{Timeout: 2 * time.Second}\n+\tresp, err := client.Get(srv.URL)\n \trequire.NoError(t, err)\n",
    );
    expect(defuse).toEqual([]);
    expect(names).not.toContain("Client.Timeout field");
  });

  test("Python: a class-level `if`/`else` holding attributes is no method's body", async () => {
    const { defuse } = await run(
      'diff --git a/src/app/settings.py b/src/app/settings.py\n--- a/src/app/settings.py\n+++ b/src/app/settings.py\n@@ -10,4 +10,6 @@ class Settings:\n     if sys.platform == "win32":\n         shell = "cmd.exe"\n+        config_dir = Path(os.environ["APPDATA"])\n     else:\n         shell = "/bin/sh"\n+        config_dir = Path.home() / ".config"\n',
      "diff --git a/tests/test_settings.py b/tests/test_settings.py\n--- a/tests/test_settings.py\n+++ b/tests/test_settings.py\n@@ -10,2 +10,3 @@ def test_defaults():\n     s = Settings()\n+    assert s.config_dir.name\n     assert s.shell\n",
    );
    expect(defuse).toContain("Settings.config_dir");
  });

  test("C++: `Tokenizer::split(…)` is no namespace's free `split`", async () => {
    const { defuse } = await run(
      "diff --git a/include/mylib/strings.hpp b/include/mylib/strings.hpp\n--- a/include/mylib/strings.hpp\n+++ b/include/mylib/strings.hpp\n@@ -10,2 +10,3 @@ namespace mylib {\n     std::string to_lower(std::string s);\n+    std::vector<std::string> split(std::string const& s, char sep);\n     \n",
      "diff --git a/tests/config_test.cpp b/tests/config_test.cpp\n--- a/tests/config_test.cpp\n+++ b/tests/config_test.cpp\n@@ -10,2 +10,4 @@ TEST_CASE(\"config keys\") {\n     Config cfg = load();\n+    auto keys = Tokenizer::split(cfg.raw(), ',');\n+    REQUIRE(keys.size() == 3);\n     }\n",
    );
    expect(defuse).not.toContain("mylib.split");
  });

  test("C++: a free `to_json(const Value&)` in a header stays free beside an out-of-line `Printer::to_json(const Value&) const`", async () => {
    const { names } = await run(
      'diff --git a/include/lib/value.hpp b/include/lib/value.hpp\n--- a/include/lib/value.hpp\n+++ b/include/lib/value.hpp\n@@ -10,2 +10,3 @@ namespace lib {\n \n+std::string to_json(const Value& v);\n std::string to_string(const Value& v);\ndiff --git a/src/printer.cpp b/src/printer.cpp\n--- a/src/printer.cpp\n+++ b/src/printer.cpp\n@@ -10,2 +10,5 @@ namespace lib {\n \n+std::string Printer::to_json(const Value& v) const {\n+    return "{" + body(v) + "}";\n+}\n \n',
      'diff --git a/tests/value_test.cpp b/tests/value_test.cpp\n--- a/tests/value_test.cpp\n+++ b/tests/value_test.cpp\n@@ -10,2 +10,3 @@ TEST_CASE("json") {\n     Value v = make();\n+    CHECK(to_json(v) == "{}");\n }\n',
    );
    expect(names).toEqual(expect.arrayContaining(["to_json function", "Printer.to_json method"]));
  });
});
