// Classes of error found on real commits labelled blind in the seventeenth session's round 37 (issue 43).
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md (round 37).
import { expect, test } from "vitest";
import { commitAnalysis as analysis, hunkDefinitions, picked } from "../testing/analysis-helpers";
import { goPackageName } from "./languages/go/package-name";

test("golang-jwt 053ba76: the root folder's external test package (`package jwt_test`, its import above the hunks) calls `jwt.ParseRSAPrivateKeyFromPEMWithPassword(…)`: with the repository known (golang-jwt/jwt), `jwt` is the root package's assumed name and the call reaches the new function", async () => {
  expect(picked(await analysis("jwt-commit-053ba76", "golang-jwt/jwt"), "defuse")).toEqual([
    "ParseRSAPrivateKeyFromPEMWithPassword",
  ]);
  // (Without the repository nothing says whose package `jwt.` is: no guess.)
  expect(picked(await analysis("jwt-commit-053ba76"), "defuse")).toEqual([]);
});

test("golang-jwt 1e76606: a composite literal of the root package's types through its name (`jwt.VerificationKeySet{Keys: []jwt.VerificationKey{nil, nil}}`) uses both new types and the field", async () => {
  expect(picked(await analysis("jwt-commit-1e76606", "golang-jwt/jwt"), "defuse").sort()).toEqual([
    "VerificationKey",
    "VerificationKeySet",
    "VerificationKeySet.Keys",
  ]);
});

test("Go's package name where an import writes no alias, as goimports assumes it: a major version's element is skipped, a `go-` prefix dropped, the name cut at a character a name cannot hold", () => {
  expect(goPackageName("github.com/golang-jwt/jwt/v5")).toBe("jwt");
  expect(goPackageName("github.com/redis/go-redis/v9")).toBe("redis");
  expect(goPackageName("gopkg.in/yaml.v3")).toBe("yaml");
  expect(goPackageName("github.com/mattn/go-isatty")).toBe("isatty");
  expect(goPackageName("net/http")).toBe("http");
  expect(goPackageName("golang-jwt/jwt")).toBe("jwt");
  expect(goPackageName("samber/lo")).toBe("lo");
});

test("toml 4741561: a Rust method call (`TomlIntegerFormat::new().as_hex_upper().format(value)`) reaches the method `format`, never TomlInteger's field `format` (a field holding a function is called `(x.format)(…)`)", async () => {
  const result = await analysis("toml-commit-4741561");
  const defuse = picked(result, "defuse");
  expect(defuse).toContain("TomlIntegerFormat.format");
  expect(defuse).not.toContain("TomlInteger.format");
  // (The field is still read, for the selections that state what the code adds.)
  expect(result.identifiers.some((i) => i.name === "TomlInteger.format" && i.kind === "field")).toBe(true);
});

test("csv b4583da: a PHP hunk under `@@ … @@ final class JsonConverter` whose first line is a method body's `    {` (its signature above the hunk, PSR-2) starts inside a method: the new `public function chunkSize(int $chunkSize): self` after it is JsonConverter's method, no free function", async () => {
  const result = await analysis("csv-commit-b4583da");
  expect(picked(result, "defuse")).toEqual(["JsonConverter.chunkSize"]);
  expect(
    result.identifiers.filter((i) => i.side === "code" && /chunkSize/.test(i.name)).map((i) => `${i.name} ${i.kind}`),
  ).toEqual(["JsonConverter.chunkSize method", "JsonConverter.chunkSize.chunkSize parameter"]);
});

test("validator 42927a0 (round 30): a test's own types that implement a new interface's method (`func (t *ValuerTypeWithPointerReceiver[T]) ValidatorValue() any` for `type Valuer interface { ValidatorValue() any }`) must name it as the interface does: a use of Valuer.ValidatorValue", async () => {
  expect(picked(await analysis("validator-commit-42927a0"), "defuse")).toContain("Valuer.ValidatorValue");
});

test("kong b2cab08 (round 32): a concrete type's method (mapperValueAdapter.Decode) is no contract a test's namesake (`func (m *mappedValue) Decode(…)`) implements; the new interface's (MapperValue.Decode) is", async () => {
  const defuse = picked(await analysis("kong-commit-b2cab08"), "defuse");
  expect(defuse).toContain("MapperValue.Decode");
  expect(defuse).not.toContain("mapperValueAdapter.Decode");
});

test("navidrome 5001518 (SWE-bench Pro, round 21's labels): a mock the tests keep (`tests/mock_user_props_repo.go`) mirrors every method of the interface it stands in for; that is no use of UserPropsRepository.Put/Delete/DefaultGet (a guard on the rule above: without the mock's exception all three were picked)", async () => {
  const defuse = picked(await analysis("navidrome-5001518"), "defuse");
  for (const method of ["Put", "Delete", "DefaultGet"]) expect(defuse).not.toContain(`UserPropsRepository.${method}`);
});

test("mail b196215: a class that replaces a module of its name (`-    module UnixToUnix` / `+    class UnixToUnix < TransferEncoding`) is a changed name, no new one", async () => {
  const result = await analysis("mail-commit-b196215");
  expect(picked(result, "defuse")).toEqual([]);
  expect(result.identifiers.filter((i) => i.member === "UnixToUnix").map((i) => `${i.kind} ${i.status}`)).toEqual([
    "class changed",
  ]);
});

test("devise 962cea2 (round 38): test classes that stand in for a Rails application (`class Rails52Credentials; def credentials`) define names the code called before the patch (`app.credentials` on its removed lines) and defines nowhere anew: no test name the code uses; SecretKeyFinder and its find are", async () => {
  expect(picked(await analysis("devise-commit-962cea2"), "defuse").sort()).toEqual([
    "SecretKeyFinder",
    "SecretKeyFinder.find",
  ]);
});

test("kysely 4d4bf93 (round 38): a test that climbs to the package's root (`from '../../../helpers/sqlite'` in test/node/src/json.test.ts) names the package's export path, which its build maps to the new src/helpers/sqlite.ts: a use of that file", async () => {
  expect(picked(await analysis("kysely-commit-4d4bf93"), "defuse")).toContain("src/helpers/sqlite.ts");
});

test("EmailValidator 4a38c49 (round 38): a PHP import under an alias (`use Egulias\\EmailValidator\\Result\\Reason\\UnclosedComment as ReasonUnclosedComment;`) imports UnclosedComment: a use of the new class", async () => {
  expect(picked(await analysis("emailvalidator-commit-4a38c49"), "defuse")).toContain("UnclosedComment");
});

test("dry-types d3bd609 (round 38): a member of a literal (`'foo'.method(:Integer)`) is its builtin type's (Ruby's Object#method), not the new `attr_reader :method` of Constructor::Function::MethodCall", async () => {
  expect(picked(await analysis("dry-types-commit-d3bd609"), "defuse")).not.toContain("MethodCall.method");
  expect(picked(await analysis("dry-types-commit-d3bd609"), "defuse")).not.toContain("Function.method");
});

test("simdjson 703ef54: a specifier macro before a declaration's type (`simdjson_warn_unused simdjson_result<std::string> to_json_string(…)`) is blanked before parsing, so the function is to_json_string (it was read as `simdjson_resultto_json_string`) and the new overload `simdjson_error to_json(const Z &z, std::string &s, …)` is to_json", async () => {
  const names = await hunkDefinitions("simdjson-commit-703ef54-code.diff");
  expect(names).toEqual(expect.arrayContaining(["to_json_string function changed", "to_json function new"]));
  expect(names.filter((n) => n.startsWith("simdjson_result"))).toEqual([]);
});

test("Twig a18da16: a test's anonymous class that implements the new interface (`new class() implements \\Twig\\Sandbox\\SourcePolicyInterface { public function enableSandbox(Source $source): bool … }`) names its method as the interface does: a use of SourcePolicyInterface.enableSandbox; the anonymous class's own method is no name to state", async () => {
  const result = await analysis("twig-commit-a18da16");
  expect(picked(result, "defuse")).toContain("SourcePolicyInterface.enableSandbox");
  expect(result.identifiers.filter((i) => i.side === "test" && i.member === "enableSandbox")).toEqual([]);
});

test("simdjson 703ef54: a name another language dictates (Ruby's `to_json`, Java's `close`, Go's `String`) is C++'s own to choose: the test's `simdjson::to_json(c, s)` uses the new overload", async () => {
  expect(picked(await analysis("simdjson-commit-703ef54"), "defuse")).toContain("to_json");
});

test("nette/utils 23bd1af (round 39): a `.phpt` test (nette/tester's, plain PHP after `<?php`) is PHP: its `Arrays::isList(…)` uses the new static method", async () => {
  expect(picked(await analysis("nette-utils-commit-23bd1af"), "defuse")).toEqual(["Arrays.isList"]);
});

test("is 319982a (round 39): under a namespace's header with a comment after its `{` (`namespace is { // tslint:disable-line:no-namespace`), an exported const is the namespace's: is.boundFunction", async () => {
  expect(picked(await analysis("is-commit-319982a"), "defuse")).toEqual(["is.boundFunction"]);
});
