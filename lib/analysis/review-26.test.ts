// The twenty-sixth session's guards: hunks made for shapes each rule must not misread, each failing without its guard.
// Real hunks of the rules themselves: fresh-commit-classes-55.test.ts (and later files).
import { expect, test } from "vitest";
import { madeHunks } from "../testing/analysis-helpers";

/** A new file's diff as git writes it. */
const added = (path: string, lines: readonly string[]) =>
  `diff --git a/${path} b/${path}\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/${path}\n@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join("\n")}\n`;

/** One hunk of a changed file, as git writes it. */
const changed = (path: string, header: string, lines: readonly string[]) =>
  `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n--- a/${path}\n+++ b/${path}\n@@ -10,${lines.filter((l) => !l.startsWith("+")).length} +10,${lines.filter((l) => !l.startsWith("-")).length} @@ ${header}\n${lines.join("\n")}\n`;

const clientGo = changed("client.go", "type Client struct {", [" \tname string", "+\tretries int", " }"]);

test("a new Go file that adds methods to a type another file of its package changes is no build variant: its methods and its own new type are new", async () => {
  const { defuse } = await madeHunks(
    clientGo +
      added("client_retry.go", [
        "package client",
        "",
        "type RetryPolicy struct {",
        "\tMax int",
        "}",
        "",
        "func (c *Client) WithRetries(n int) *Client {",
        "\tc.retries = n",
        "\treturn c",
        "}",
      ]),
    added("client_retry_test.go", [
      "package client",
      "",
      "func TestRetries(t *testing.T) {",
      "\tc := (&Client{}).WithRetries(3)",
      "\t_ = RetryPolicy{Max: 1}",
      "}",
    ]),
  );
  expect(defuse.sort()).toEqual(["Client.WithRetries", "RetryPolicy", "RetryPolicy.Max"]);
});

test("a Go type of the same name in another package's folder makes no build variant (`v2/client.go`'s new `type Client struct` beside `client.go`'s)", async () => {
  const { defuse } = await madeHunks(
    clientGo +
      added("v2/client.go", [
        "package v2",
        "",
        "type Client struct {",
        "\tName string",
        "}",
        "",
        "func New() *Client { return &Client{} }",
      ]),
    added("v2/client_test.go", ["package v2", "", "func TestNew(t *testing.T) {", "\t_ = New().Name", "}"]),
  );
  expect(defuse.sort()).toEqual(["Client.Name", "New"]);
});

test("a TypeScript namespace's `export const` is the namespace's, no block's local: `Limits.max` stays a new name", async () => {
  const { defuse } = await madeHunks(
    added("src/limits.ts", ["export namespace Limits {", "  export const max = 10;", "}"]),
    added("test/limits.test.ts", [
      'import { Limits } from "../src/limits";',
      'test("max", () => expect(Limits.max).toBe(10));',
    ]),
  );
  expect(defuse).toContain("Limits.max");
});

test('`request.getfixturevalue("live_db")` requests the new fixture of that name, as a test\'s parameter would', async () => {
  const { defuse } = await madeHunks(
    added("myplugin/fixtures.py", ["import pytest", "", "@pytest.fixture", "def live_db():", "    return object()"]),
    added("tests/test_db.py", ["def test_live(request):", '    assert request.getfixturevalue("live_db")']),
  );
  expect(defuse).toEqual(["live_db"]);
});
