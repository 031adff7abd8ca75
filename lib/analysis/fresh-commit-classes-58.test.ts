// Classes of error found in the twenty-sixth session (issue 43): rounds 58 and 59, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis, statedKinds as stated } from "../testing/analysis-helpers";

test("compression d272132: a test module's own variable (`var brotli = hasBrotliSupport ? it : it.skip`) is nothing the code reads off an object (`opts.brotli`): no name is stated", async () => {
  expect(await stated("compression-commit-d272132")).toEqual([]);
});

test("symfony/validator 949a518: a constructor's new parameter beside a property of its name the class had (`public int $minScore` whose default moves to `__construct(int $minScore = …)`) is what the tests' named argument `new PasswordStrength(minScore: 3)` passes", async () => {
  const names = (await stated("validator-commit-949a518")).filter((n) => n.includes("minScore"));
  expect(names).toEqual(["PasswordStrength.minScore parameter"]);
});

test("node-tar 1c03d80: an accessor (`get type ()`, `get typeKey ()`, `get fieldset ()`) over what the class's methods assigned before (`this.type = null` in Header's removed lines, under git's `class Header {` header) is a changed member, not a new one", async () => {
  const members = (await commitAnalysis("node-tar-commit-1c03d80")).identifiers
    .filter((i) => i.owner === "Header" && i.kind === "property")
    .map((i) => `${i.name} ${i.status}`);
  expect(members.sort()).toEqual(["Header.fieldset changed", "Header.type changed", "Header.typeKey changed"]);
});

test("Java-WebSocket c28c185: a new example server's methods that override its base's (`@Override public void onOpen(WebSocket conn, ClientHandshake handshake)`) are nothing a test's anonymous client's `@Override public void onOpen(ServerHandshake …)` implements: only the new attachment accessors are stated", async () => {
  expect((await stated("Java-WebSocket-commit-c28c185")).sort()).toEqual([
    "WebSocketClient.getAttachment method",
    "WebSocketClient.setAttachment method",
  ]);
});

test("fast-json-stringify de06bca: an override of a name JavaScript's objects dictate (`dependenciesName.toString = function () {…}`) is no new name the tests' `debugMode.toString()` needs: only the new `restore` export is stated", async () => {
  expect(await stated("fast-json-stringify-commit-de06bca")).toEqual(["restore function"]);
});

test("effect c1a13f3: a hunk that goes on past an object's method into the next (`},` then `fileWebResponse(file, …, options) {`) keeps that method's `const start`, `end` and `body` its own, no module's: the test's `body` parameter names none of them", async () => {
  const analysis = await commitAnalysis("effect-commit-c1a13f3");
  const defined = analysis.identifiers.filter((i) => i.path.endsWith("BunHttpPlatform.ts") && i.status !== "existing");
  expect(defined.map((i) => i.name)).toEqual([]);
});

test("async ca829bf: a Ruby hunk's `protected def add_child child` … `end` is a method the hunk opens and closes, no block begun above: `consume`, whose line is context, is changed (no new name the spec's `child.consume` needs), and a method without parentheses keeps its parameters' space", async () => {
  const analysis = await commitAnalysis("async-commit-ca829bf");
  const members = analysis.identifiers
    .filter((i) => i.owner === "Async" && ["consume", "add_child", "finished?"].includes(i.member))
    .map((i) => `${i.member} ${i.status} ${i.signature}`);
  expect(members.sort()).toEqual([
    "add_child changed add_child child",
    "consume changed consume",
    "finished? changed finished?",
  ]);
  expect(analysis.identifiers.filter((i) => i.policies.includes("defuse"))).toEqual([]);
});

test('pytest-django d6ea40f: a fixture\'s typed parameter (`def fixture_with_serialized_rollback(self, django_db_serialized_rollback: None)`) and `request.getfixturevalue("django_db_serialized_rollback")` request the new fixture of that name', async () => {
  expect(await stated("pytest-django-commit-d6ea40f")).toContain("django_db_serialized_rollback function");
});

test("mbedtls d589854: a test suite's `.function` file is C (`TEST_ASSERT(mbedtls_ssl_get_alert(&ssl) == …)` between `/* BEGIN_CASE */` marks): it calls the new mbedtls_ssl_get_alert", async () => {
  // (Declared in ssl.h and defined in ssl_msg.c: one name, stated at both.)
  expect(new Set(await stated("mbedtls-commit-d589854"))).toEqual(new Set(["mbedtls_ssl_get_alert function"]));
});

test("date cc4685a: a specifier macro alone on its line (`CONSTCD14` / `inline` / `bool` / `year::is_leap() const NOEXCEPT`) glues nothing onto the out-of-line definition, which names the class of the header's `CONSTCD14 bool is_leap() const NOEXCEPT;` under `public:`", async () => {
  expect(await stated("date-commit-cc4685a")).toEqual(["year.is_leap method"]);
});

test("node-server 98d711a (round 59): a hunk under a type alias whose type parameters hold a default (`export type ServeStaticOptions<E extends Env = Env> = {`) declares that type's members: the tests' `precompressed: true` key is the new ServeStaticOptions.precompressed", async () => {
  expect(await stated("node-server-commit-98d711a")).toEqual(["ServeStaticOptions.precompressed field"]);
});
