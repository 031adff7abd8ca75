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
