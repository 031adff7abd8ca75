// Classes of error found on real commits labelled blind in the fifteenth session's round 30 (issue 43).
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md (round 30).
import { expect, test } from "vitest";
import { commitAnalysis as analysis, picked } from "../testing/analysis-helpers";

const owners = async (name: string, member: string) =>
  (await analysis(name)).identifiers.filter((i) => i.side === "code" && i.member === member).map((i) => i.name);

test("thor babd84f: under `@@ … @@ class Thor`, a `def` four spaces in (lib/thor/actions/file_manipulation.rb) is a member of the module the path names between: Actions.link_file, not Thor's", async () => {
  expect(picked(await analysis("thor-commit-babd84f"), "defuse")).toContain("Actions.link_file");
  expect(await owners("thor-commit-babd84f", "link_file")).toEqual(["Actions.link_file"]);
});

test("faraday 5d28006: under `@@ … @@ module Faraday`, a `def` six spaces in whose hunk closes three scopes (lib/faraday/response/logger.rb) is Logger's", async () => {
  expect(await owners("faraday-commit-5d28006", "on_error")).toEqual(["Logger.on_error"]);
  expect(picked(await analysis("faraday-commit-5d28006"), "defuse")).toContain("Logger.on_error");
});

test("thor de6b9a4: a `def` six spaces under `class Thor` in lib/thor/base.rb stands one level past the file's own constant (Thor::Base): `class << self` of Base, not Thor's", async () => {
  expect(await owners("thor-commit-de6b9a4", "strict_args_position!")).toEqual(["Base.strict_args_position!"]);
});

test("commons-text f78a3a0 (round 31): under `@@ … @@ public final class RandomStringGenerator {`, a method two levels in that returns `this` as `Builder` (`public Builder usingRandom(…) { … return this; }`) is the nested Builder's", async () => {
  expect(await owners("commons-text-commit-f78a3a0", "usingRandom")).toEqual([
    "RandomStringGenerator.Builder.usingRandom",
  ]);
});

test('spdlog 3cab260 (round 31): a Catch2 `TEST_CASE("…", "[tag]") {` body (a call then a block at file scope) is a function\'s: its `std::make_shared<spdlog::sinks::callback_sink_st>(…)` uses the new alias through a template argument, its `#include "spdlog/sinks/callback_sink.h"` the new header under include/, and its locals define nothing', async () => {
  const result = await analysis("spdlog-commit-3cab260");
  expect(picked(result, "defuse")).toEqual(
    expect.arrayContaining(["callback_sink_st", "include/spdlog/sinks/callback_sink.h"]),
  );
  expect(result.identifiers.filter((i) => i.side === "test" && i.kind === "variable")).toEqual([]);
});

test("spdlog 071206e (round 31): a declaration's type at file scope names the new struct through a template argument (`using sink_type = spdlog::sinks::rotating_file_sink<std::mutex, spdlog::sinks::rotating_filename_calculator>`)", async () => {
  expect(picked(await analysis("spdlog-commit-071206e"), "defuse")).toContain("rotating_filename_calculator");
});

test("rayon 203a7e5: `mod positions;` beside the new trait method `fn positions<P>(self, …)` is no name a test's `.positions(…)` call uses", async () => {
  expect(picked(await analysis("rayon-commit-203a7e5"), "defuse")).toEqual(["IndexedParallelIterator.positions"]);
});

test("urfave/cli 289eeb9: under `@@ … @@ type FlagBase[T any, C any, VC ValueCreator[T, C]] struct {` (type parameters with brackets inside), a field line is FlagBase's", async () => {
  const result = await analysis("cli-commit-289eeb9");
  expect(result.identifiers.filter((i) => i.member === "OnlyOnce").map((i) => [i.name, i.kind, i.status])).toEqual([
    ["FlagBase.OnlyOnce", "field", "new"],
  ]);
});

test("pydantic-settings 4f24fad (round 32): `SettingsConfigDict(env_ignore_empty=True)` keys the TypedDict's new field, not a settings source's constructor parameter of that name", async () => {
  expect(picked(await analysis("pydantic-settings-commit-4f24fad"), "defuse")).toEqual([
    "SettingsConfigDict.env_ignore_empty",
  ]);
});

test("kong 1300b2a (round 32): `kong.ShortHelp(…)` in help_test.go's `package kong_test` (the hunk header's clause) names the package at the repository's root, the test's own folder", async () => {
  expect(picked(await analysis("kong-commit-1300b2a"), "defuse")).toEqual(["ShortHelp", "ShortUsageOnError"]);
});

test("commons-io a07170b (round 33, after its first measure): a builder method that opens after the tail of another (`return this;` / `}`) and before the builder's own `}` is the nested Builder's", async () => {
  expect(picked(await analysis("commons-io-commit-a07170b"), "defuse")).toContain(
    "ValidatingObjectInputStream.Builder.setStrict",
  );
});
