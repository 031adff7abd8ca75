// Classes of error found on real commits labelled blind in the seventeenth session's round 37 (issue 43).
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md (round 37).
import { expect, test } from "vitest";
import { commitAnalysis as analysis, picked } from "../testing/analysis-helpers";
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
