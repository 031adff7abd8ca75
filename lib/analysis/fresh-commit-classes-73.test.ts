// The thirty-fourth session's classes from round 73, each on a real commit cut into real-data/hunks (provenance in
// real-data/README.md), with made hunks for the guards.
import { expect, test } from "vitest";
import { addedFile, commitAnalysis, madeHunks, statedKinds } from "../testing/analysis-helpers";
import { cFamilyClosers } from "./languages/c/hunks";

test("json-serializer 0d1f977: a test file's own namespace (`namespace Zumba\\JsonSerializer\\Test\\ClosureSerializer;`) uses no class `ClosureSerializer`", async () => {
  const stated = await statedKinds("json-serializer-commit-0d1f977");
  expect(stated).toContain("ClosureSerializerManager class");
  expect(stated).not.toContain("ClosureSerializer interface");
});

test("json-serializer 0d1f977 (guard): a braced namespace's body is read, and an imported or typed class is still a use", async () => {
  const code = addedFile("src/Cache.php", ["<?php", "namespace App;", "interface Cache {}", "class Store {}"]);
  const tests = addedFile("tests/Cache/StoreTest.php", [
    "<?php",
    "namespace App\\Tests\\Cache {",
    "  use App\\Cache;",
    "  function check(Cache $c) { return new \\App\\Store(); }",
    "}",
  ]);
  expect((await madeHunks(code, tests)).defuse.sort()).toEqual(["Cache", "Store"]);
});

test("returns 8317f59: a keyword of a module's private dataclass's call (`_Settings(…, container_strategy=None)`) is its new field", async () => {
  expect(await statedKinds("returns-commit-8317f59")).toContain("_Settings.container_strategy field");
});

test("returns 8317f59 (guard): the same keyword given to a lower-case function is no field of the private class", async () => {
  const code = addedFile("pkg/options.py", [
    "import dataclasses",
    "@dataclasses.dataclass(frozen=True)",
    "class _Options:",
    "    strict: bool",
    "def _options(**kwargs):",
    "    return kwargs",
  ]);
  const tests = addedFile("tests/test_options.py", ["from pkg.options import _options", "_options(strict=True)"]);
  expect((await madeHunks(code, tests)).defuse).not.toContain("_Options.strict");
});

test("aws-checksums 32e69ae: a function a hunk removes above a preprocessor conditional (`#if defined(AWS_USE_CPU_EXTENSIONS)`) and adds again lower in the file is no new function", async () => {
  expect(await statedKinds("aws-checksums-commit-32e69ae")).toEqual([]);
});

test("aws-checksums 32e69ae (guard): what a hunk leaves open closes innermost first, a conditional's blocks before its `#endif`", () => {
  const lines = ["int f(void) {", "    if (x) {", "#if defined(A)", "#  ifdef B", "        if (y) {", "#  endif"];
  expect(cFamilyClosers(lines)).toEqual(["}", "#endif", "}", "}"]);
  expect(cFamilyClosers(["#if A", "}", "int g(void) {"])).toEqual(["}", "#endif"]);
});

test("otp c95b697 (round 74): a call through a root package's value (`w.Encoder()`, `w` from `otp.NewKeyFromURL`) reaches the root file's new method, though the test's own folder has a field of that name", async () => {
  const defuse = (await commitAnalysis("otp-commit-c95b697", "pquerna/otp")).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => i.name);
  expect(defuse).toEqual(expect.arrayContaining(["Key.Encoder", "ValidateOpts.Encoder", "EncoderSteam"]));
});

test("otp c95b697 (guard): in another repository, whose root package `otp` is not, `otp.` names an import's package and the root's method is not reached", async () => {
  const other = (await commitAnalysis("otp-commit-c95b697", "pquerna/twofactor")).identifiers;
  expect(other.filter((i) => i.policies.includes("defuse")).map((i) => i.name)).not.toContain("Key.Encoder");
});
