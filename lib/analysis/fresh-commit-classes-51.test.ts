// Classes of error found in the twenty-fourth session (issue 43): rounds 51 and 52, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis, hunkDefinitions, statedKinds as stated } from "../testing/analysis-helpers";

test("sqlalchemy-utils c3a931b: a Python hunk that starts inside PhoneNumber's docstring, whose example reads `class User(self.Base):` and `name = sa.Column(…)` before the closing `'''`, is prose up to those quotes: no `PhoneNumber.User` class or `PhoneNumber.User.name` field, and the new `PhoneNumber.region` is stated", async () => {
  const names = await stated("sqlalchemy-utils-commit-c3a931b");
  expect(names).toContain("PhoneNumber.region field");
  expect(names.filter((n) => n.includes("User"))).toEqual([]);
  const all = await hunkDefinitions("sqlalchemy-utils-commit-c3a931b-code.diff");
  expect(all.filter((n) => /\bUser\b|\.user /.test(n))).toEqual([]);
});

test("Flask-SocketIO 8591ef4: a hunk under git's `class SocketIO(object):` header that starts in `on_error`'s docstring (its closing quotes two levels in) is that method's body: `namespace = namespace or '/'` there is a local, no SocketIO field", async () => {
  const all = await hunkDefinitions("Flask-SocketIO-commit-8591ef4-code.diff");
  expect(all.filter((n) => n.startsWith("SocketIO.namespace"))).toEqual([]);
  expect(all).toContain("SocketIO.on_error method changed");
});

test('pytest 5787 and trio f78f641: quotes alone after an open bracket open a string (`mod = importasmod(` then `"""`), so the test methods above them stay; after prose they close a docstring the hunk starts in, whose `.. note::` is prose: trio\'s `decorator` is in both images, changed', async () => {
  const tests = await hunkDefinitions("", "pytest-5787-excinfo-test.diff");
  expect(tests).toContain("test_repr_tracebackentry_lines2.tw_mock parameter new");
  const code = await hunkDefinitions("trio-commit-f78f641-code.diff");
  expect(code).toContain("background_with_channel.decorator function changed");
});

test("zip2 2f0d516: an integration test (`tests/aes_encryption.rs`, a crate of its own) names only what the crate makes public: `zip.write(b\"HELLO\")` is no use of the new `write` of `pub(crate) struct AexEncryption` (nor of Zip64ExtendedInformation's), which the code's own unit tests may call", async () => {
  expect(await stated("zip2-commit-2f0d516")).toEqual([]);
  const all = await hunkDefinitions("zip2-commit-2f0d516-code.diff");
  expect(all).toContain("AexEncryption.write method new");
});

test("google-java-format bd17670: Java passes as many arguments as a method takes: `options.formatJavadoc()` is a getter's call (CommandLineOptions', JavaFormatterOptions'), not the Builders' `formatJavadoc(boolean formatJavadoc)`", async () => {
  const names = (await stated("google-java-format-commit-bd17670")).filter((n) => n.includes("formatJavadoc"));
  expect(names.sort()).toEqual([
    "CommandLineOptions.formatJavadoc method",
    "JavaFormatterOptions.formatJavadoc method",
  ]);
});

test("rust-postgres 3185514: `client.query_one(…)` goes through a receiver named for one of the namesakes' types: Client's new `query_one`, not Transaction's", async () => {
  expect(await stated("rust-postgres-commit-3185514")).toEqual(["Client.query_one method"]);
});

test("aho-corasick 8ffc203: a Rust call passes as many arguments as the function takes: `b.kind(Some(AhoCorasickKind::DFA))` and `b.start_kind(StartKind::Both)` (the builder's, one argument) are no calls of the new accessors `AhoCorasick::kind(&self)` and `start_kind(&self)`", async () => {
  expect(await stated("aho-corasick-commit-8ffc203")).toEqual([]);
  const all = await hunkDefinitions("aho-corasick-commit-8ffc203-code.diff");
  expect(all).toContain("AhoCorasick.kind method new");
});

test("pybind11 a28ea8c: a function whose lines are all context is not new for its namespace's new name (`namespace pybindit { namespace memory {` become `PYBIND11_NAMESPACE_BEGIN(memory)`); a test's string naming the new header by its path (`\"include/pybind11/detail/pybind11_namespace_macros.h\"` in the packaging test) uses that file", async () => {
  expect(await stated("pybind11-commit-a28ea8c")).toEqual(["include/pybind11/detail/pybind11_namespace_macros.h file"]);
  const all = await hunkDefinitions("pybind11-commit-a28ea8c-code.diff");
  expect(all.filter((n) => n.startsWith("type_has_shared_from_this"))).toEqual([]);
});

test("tokio 26de318: a Rust hunk under an item macro's header (`cfg_rt! {`) whose lines are items (`pub fn worker_index()`, then `}` and `cfg_taskdump! {`) keeps them items; the integration test's `runtime::worker_index()` is that public function's, not the crate's own `pub(crate) fn worker_index` beside it", async () => {
  expect(await stated("tokio-commit-26de318")).toEqual(["worker_index function"]);
  const result = await commitAnalysis("tokio-commit-26de318");
  expect(result.identifiers.find((i) => i.policies.includes("defuse"))?.path).toBe("tokio/src/runtime/mod.rs");
});

test("parser c0e9e27: a Ruby symbol naming a predicate (`:crossing?`, `%i[disjoint? crossing? contains? contained?]`, handed on to `send`) is a call of that method on some object: the new Range predicates are stated", async () => {
  expect((await stated("parser-commit-c0e9e27")).sort()).toEqual([
    "Range.contained? method",
    "Range.contains? method",
    "Range.crossing? method",
  ]);
});

test("pyflakes dd56797: a keyword argument of a call of the test's own helper (`self.flakes(…, filename=filename)`) is that helper's, not the new `UndefinedExport.__init__`'s `filename` a factory might pass on", async () => {
  expect(await stated("pyflakes-commit-dd56797")).toEqual(["UndefinedExport class"]);
});
