// Classes of error found on real commits labelled blind in the fourteenth session's round 29 (issue 43), after
// every change before it. Fixtures: the commits' diffs as git wrote them, provenance in
// lib/testing/real-data/README.md (round 29).
import { expect, test } from "vitest";
import { commitAnalysis, picked } from "../testing/analysis-helpers";

const analysis = commitAnalysis;

test('date-fns c1712d8: `import { constructNow } from "."` in src/constructNow/test.ts loads the new src/constructNow/index.ts', async () => {
  expect(picked(await analysis("date-fns-commit-c1712d8"), "defuse")).toEqual(
    expect.arrayContaining(["src/constructNow/index.ts", "constructNow"]),
  );
});

test("jquery 775caeb: `jQuery.camelCase = camelCase;` at column 0 inside an AMD module's `define( [ … ], function( jQuery, … ) {` body is the module object's property", async () => {
  expect(picked(await analysis("jquery-commit-775caeb"), "defuse")).toEqual(["jQuery.camelCase"]);
});

test("guzzle 77a16c8: under `@@ … @@ class RedirectMiddleware`, a hunk opening with the class body's own `{` (PSR-2) holds the class's new constant", async () => {
  expect(picked(await analysis("guzzle-commit-77a16c8"), "defuse")).toEqual([
    "RedirectMiddleware.STATUS_HISTORY_HEADER",
  ]);
});

test("ky d4ddb7a: a nested options object's keys (`ky(url, {retry: {retries: 3}})`) use the new RetryOptions' fields, and name no function's parameter", async () => {
  const defuse = picked(await analysis("ky-commit-d4ddb7a"), "defuse");
  expect(defuse).toEqual(
    expect.arrayContaining(["RetryOptions.retries", "RetryOptions.methods", "RetryOptions.statusCodes"]),
  );
  expect(defuse.filter((name) => name.startsWith("normalizeRetryOptions."))).toEqual([]);
});

test("flask eb5dd9f: `self.aborter = self.make_aborter()` in a hunk of `__init__`'s body under `class Flask(Scaffold):` is Flask's field; a test's `class MyFlask(flask.Flask): aborter_class = MyAborter` overrides (uses) Flask.aborter_class", async () => {
  const defuse = picked(await analysis("flask-commit-eb5dd9f"), "defuse");
  expect(defuse).toEqual(expect.arrayContaining(["Flask.aborter", "Flask.aborter_class"]));
});

test("Catch2 48f3226: a header's `StringRef currentElementAsString() const;` under `@@ … @@ namespace Catch {` is GeneratorUntypedBase's, as the new .cpp's `GeneratorUntypedBase::currentElementAsString()` says; `countedNext`, moved out of line, is not new", async () => {
  const result = await analysis("catch2-commit-48f3226");
  const defuse = picked(result, "defuse");
  expect(defuse).toContain("GeneratorUntypedBase.currentElementAsString");
  expect(defuse.filter((name) => name.endsWith("countedNext"))).toEqual([]);
  expect(result.identifiers.map((i) => i.name)).not.toContain("Catch.currentElementAsString");
});

test("Catch2 dc51386: a test's `namespace Catch { template <> struct capture_by_value<Lit0> : std::true_type {}; }` specializes (uses) the code's new template capture_by_value (a namespace qualifies no name), and defines no type of its own", async () => {
  const result = await analysis("catch2-commit-dc51386");
  expect(picked(result, "defuse")).toContain("capture_by_value");
  expect(result.identifiers.filter((i) => i.side === "test" && i.name.endsWith("capture_by_value"))).toEqual([]);
});
