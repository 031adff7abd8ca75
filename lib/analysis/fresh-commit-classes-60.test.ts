// Classes of error found in the twenty-seventh session (issue 43): round 60, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { statedKinds as stated } from "../testing/analysis-helpers";

test("ruby/fileutils 55e6cf9: a module's new method (`module FileUtils` … `def cp_lr(src, dest, …)`) is what a test class that includes the module calls bare (`cp_lr 'data', 'tmp'`); its helper the tests never call is not", async () => {
  expect(await stated("fileutils-commit-55e6cf9")).toEqual(["FileUtils.cp_lr method"]);
});

test("beast 2e6d9bb: a hunk under an access label (`private:` as git's header) that declares the class's destructor (`~basic_fields();`) names the class its new members are of: `basic_fields::max_name_size`, which the tests read as `fields::max_name_size`", async () => {
  const names = (await stated("beast-commit-2e6d9bb")).filter((n) => n.includes("max_"));
  expect(names.sort()).toEqual(["basic_fields.max_name_size field", "basic_fields.max_value_size field"]);
});

test("beast 2e6d9bb: an enum whose brace stands on the line after its header (`enum class error` / `{`) is the enum git's header names, its new values the tests' `error::header_field_name_too_large`", async () => {
  const names = (await stated("beast-commit-2e6d9bb")).filter((n) => n.startsWith("error."));
  expect(names.sort()).toEqual([
    "error.header_field_name_too_large constant",
    "error.header_field_value_too_large constant",
  ]);
});

test("django-simple-history 78b0ab3: a hunk that starts on the `)` closing an import git's header opened (`from simple_history.utils import (`) closes that statement there, whatever brackets the new class's docstrings hold after it: the class's new methods are read", async () => {
  const names = (await stated("django-simple-history-commit-78b0ab3")).filter((n) =>
    n.startsWith("HistoricalQuerySet."),
  );
  expect(names).toEqual(
    expect.arrayContaining(["HistoricalQuerySet.as_instances method", "HistoricalQuerySet.latest_of_each method"]),
  );
});

test("mdast-util-to-markdown b14ec32: a JSDoc `@typedef Options` declares fields with its `@property` lines, even in a hunk that starts inside the comment: the new `[bulletOrdered]` and `[bulletOrderedOther]` are what the tests' options `{bulletOrdered: '.', bulletOrderedOther: ')'}` name", async () => {
  const names = (await stated("mdast-util-to-markdown-commit-b14ec32")).filter((n) => n.startsWith("Options."));
  expect(names.sort()).toEqual(["Options.bulletOrdered field", "Options.bulletOrderedOther field"]);
});

test("avvio 12cf911 (round 56): a JSDoc `@typedef PromiseObject` over the object a helper now returns documents keys the code wrote before (`obj.promise = …` in the helper moved out of plugin.js): none is a new name the tests' `obj.promise` needs", async () => {
  expect((await stated("avvio-commit-12cf911")).sort()).toEqual([
    "createPromise function",
    "lib/create-promise.js file",
  ]);
});

test("TanStack/router 2fbc99f: a destructuring declaration reads the keys it names off its value (`const { chunks: jsonChunks } = createFrameDecoder(input)`, `{ getStream: getOrCreateStream, … }`): the result type's new fields", async () => {
  const names = (await stated("tanstack-router-commit-2fbc99f")).filter((n) => n.startsWith("FrameDecoderResult."));
  expect(names.sort()).toEqual(["FrameDecoderResult.chunks field", "FrameDecoderResult.getStream field"]);
});

test("fzf 3f94bcb: a call through a receiver named for one implementation's type (`light_renderer.CancelGetChar()`) is that type's method, though the patch adds the interface's (`Renderer`'s) too", async () => {
  const names = (await stated("fzf-commit-3f94bcb")).filter((n) => n.includes("CancelGetChar"));
  expect(names).toEqual(["LightRenderer.CancelGetChar method"]);
});

test("HikariCP 4d484ea: under a class's header (`public class HouseKeeperCleanupTest`, its `{` on the next line), a hunk all of one method's body (`config.copyStateTo(config2);`, `try (`) is read as under a method: the call reaches the new `copyStateTo`", async () => {
  expect(await stated("hikaricp-commit-4d484ea")).toEqual(["HikariConfig.copyStateTo method"]);
});

test("symfony/expression-language 00a5ad3: a test's implementation of a method a new interface of the code declares (`TestProvider::getFunctions` of `ExpressionFunctionProviderInterface`) takes its name from it: the interface's is stated, the test's is not", async () => {
  const names = (await stated("expression-language-commit-00a5ad3")).filter((n) => n.includes("getFunctions"));
  expect(names).toEqual(["ExpressionFunctionProviderInterface.getFunctions method"]);
});

test("axum 73db163 (round 26): a Rust builder method whose `impl` line no hunk shows (`pub fn method_not_allowed_fallback<H, T>(self, handler: H) -> Self` under `where`) is the type whose constructor starts the tests' call chains (`Router::new().route(…).method_not_allowed_fallback(…)`)", async () => {
  const names = (await stated("axum-commit-73db163")).filter((n) => n.includes("method_not_allowed_fallback"));
  expect(names).toEqual(["Router.method_not_allowed_fallback method"]);
});

test("apscheduler a72f2e7: a call through an instance of a class (`serializer.serialize(…)`, `serializer` made by a `Serializer` fixture) reaches no module's new function `serialize`: only the new `Event` methods are stated", async () => {
  expect((await stated("apscheduler-commit-a72f2e7")).sort()).toEqual([
    "Event.marshal method",
    "Event.unmarshal method",
  ]);
});
