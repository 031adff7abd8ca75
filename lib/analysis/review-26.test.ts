// The twenty-sixth session's guards: hunks made for shapes each rule must not misread, each failing without its guard.
// Real hunks of the rules themselves: fresh-commit-classes-55.test.ts (and later files).
import { expect, test } from "vitest";
import { addedFile as added, changedHunk as changed, madeHunks } from "../testing/analysis-helpers";

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

// The session's review (a helper's made hunks, each failing on the rule as first written):

test("a Go file's own `func init()` beside another file's changed `init` makes no build variant: the new ObserveLatency is new", async () => {
  const { defuse } = await madeHunks(
    changed("metrics.go", "func init() {", [
      " \tprometheus.MustRegister(requests)",
      "+\tprometheus.MustRegister(errors)",
      " }",
    ]) +
      added("histogram.go", [
        "package metrics",
        "",
        "func init() {",
        "\tprometheus.MustRegister(latency)",
        "}",
        "",
        "func ObserveLatency(d float64) {",
        "\tlatency.Observe(d)",
        "}",
      ]),
    added("histogram_test.go", [
      "package metrics",
      "",
      "func TestLatency(t *testing.T) {",
      "\tObserveLatency(1.5)",
      "}",
    ]),
  );
  expect(defuse).toEqual(["ObserveLatency"]);
});

test("a module's own function named toString (`export function toString(bytes, encoding)`) is no dictated member: the tests' call names it", async () => {
  const { defuse } = await madeHunks(
    added("src/to-string.ts", [
      "export function toString(bytes: Uint8Array, encoding = 'utf8'): string {",
      "  return decode(bytes, encoding);",
      "}",
    ]),
    added("test/to-string.spec.ts", [
      "import { toString } from '../src/to-string';",
      "it('decodes', () => { expect(toString(new Uint8Array([104]))).toBe('h'); });",
    ]),
  );
  expect(defuse).toContain("toString");
});

test.each([
  ["DWORD", "src/worker.c", ["+DWORD", "+CountWorkers(int pool)", "+{", "+    return pool * 2;", "+}"], "CountWorkers"],
  [
    "BOOLEAN",
    "MdePkg/Library/BaseLib/String.c",
    ["+BOOLEAN", "+IsHexDigitString (", "+  IN CONST CHAR16  *String", "+  )", "+{", "+  return TRUE;", "+}"],
    "IsHexDigitString",
  ],
])(
  "an all-caps return type alone on its line (%s) above a declarator alone on its line is the function's type, no macro",
  async (_type, path, lines, name) => {
    const { defuse } = await madeHunks(
      changed(path, "StartWorker(void)", ["     return 0;", " }", "+", ...lines]),
      added("tests/test_worker.c", ["void test_count(void)", "{", `  assert(${name}(2) == 4);`, "}"]),
    );
    expect(defuse).toEqual([name]);
  },
);

test("a C++ parameter named `override` (`bool override = false`) says nothing overrides: a test's fake implements the new pure virtual Sink::write", async () => {
  const { defuse } = await madeHunks(
    added("include/sink.h", [
      "#pragma once",
      "#include <string>",
      "class Sink {",
      " public:",
      "  virtual ~Sink() = default;",
      "  virtual void write(const std::string& s, bool override = false) = 0;",
      "};",
    ]),
    added("tests/sink_test.cpp", [
      '#include "sink.h"',
      "class FakeSink : public Sink {",
      " public:",
      "  void write(const std::string& s, bool override) override { last = s; }",
      "  std::string last;",
      "};",
      "TEST(Sink, Writes) { FakeSink f; }",
    ]),
  );
  expect(defuse).toContain("Sink.write");
});

test("a Python test settings module's new constant read by the code through `settings.` is a use (Django's settings load that module)", async () => {
  const { defuse } = await madeHunks(
    changed("myapp/throttle.py", "def allow(request):", [
      "     key = request.user.pk",
      "-    return cache.incr(key) < 100",
      "+    return cache.incr(key) < settings.MYAPP_RATE_LIMIT",
    ]),
    changed("tests/settings.py", "", [" USE_TZ = True", "+MYAPP_RATE_LIMIT = 5"]) +
      added("tests/test_throttle.py", ["def test_allow(rf):", "    assert allow(rf.get('/'))"]),
  );
  expect(defuse).toEqual(["MYAPP_RATE_LIMIT"]);
});
