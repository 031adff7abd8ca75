// Classes of error found in the twenty-third session (issue 43): round 49, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis, hunkDefinitions, statedKinds as stated } from "../testing/analysis-helpers";

test("joda-time f871b0a: a Java hunk under git's `public final class Instant` header whose first lines go on with that declaration (`extends AbstractInstant` / `implements ReadableInstant, Serializable {`) is the class's body: its new `public static final Instant EPOCH` is Instant's, which the test reads", async () => {
  expect(await stated("joda-time-commit-f871b0a")).toEqual(["Instant.EPOCH constant"]);
});

test("resilience4j 2e59b91: a static import (`import static …utils.CircuitBreakerUtil.isCallPermitted;`) names the new class as well as its method: both are stated", async () => {
  expect((await stated("resilience4j-commit-2e59b91")).sort()).toEqual([
    "CircuitBreakerUtil class",
    "CircuitBreakerUtil.isCallPermitted method",
  ]);
});

test("csv 5d2dfcf: PHP 8's named arguments in an attribute (`#[Cell(column:'temperature')]`) are uses of the attribute class's constructor parameters: the renamed promoted parameter `column` is stated", async () => {
  expect(await stated("csv-commit-5d2dfcf")).toEqual(["Cell.column parameter"]);
});

test("image 708e59d: Rust hunks under git's `impl<T: ?Sized + ImageDecoder> ImageDecoder for Box<T> {` (and JpegDecoder's, PngDecoder's) are a trait's implementations, as the whole file reads them: their `fn iptc_metadata` is named by the trait, whose new method alone is stated", async () => {
  expect(await stated("image-commit-708e59d")).toEqual(["ImageDecoder.iptc_metadata method"]);
});

test("drizzle-orm fb3b39a: a TypeScript path alias (`import { toSnakeCase } from '~/casing'` in `drizzle-orm/tests/`, tsconfig mapping `~/*` to `src/*`) loads the package's new `drizzle-orm/src/casing.ts`: the file is stated with the functions", async () => {
  expect((await stated("drizzle-orm-commit-fb3b39a")).sort()).toEqual([
    "drizzle-orm/src/casing.ts file",
    "toCamelCase function",
    "toSnakeCase function",
  ]);
});

test("httpcore 2a1c6ef: the code's `import curio` (the library) does not load the tests' new helper `tests/marks/curio.py`: a code file imports no test folder's module by a bare name, and the helper's `import curio` no package's `httpcore/_backends/curio.py`", async () => {
  expect(await stated("httpcore-commit-2a1c6ef")).toEqual([]);
});

test("prophecy 030281e: a PHP string naming a class by its namespace (`new \\ReflectionClass('Fixtures\\Prophecy\\IntersectionReturnType')`) uses that class: the new fixtures the test reflects are stated", async () => {
  expect((await stated("prophecy-commit-030281e")).sort()).toEqual([
    "IntersectionArgumentType class",
    "IntersectionReturnType class",
  ]);
});

test("coreutils 6377: a Rust hunk under git's `pub fn uu_app() -> Command {` changes that function (its header read past the `-> Command` return type), as the whole file says", async () => {
  const result = await hunkDefinitions("coreutils-6377-env-whole-code.diff");
  expect(result).toContain("uu_app function changed");
});

test("tortoise-orm e3449d0: the code's `cls._meta.manager.get_queryset()` calls its own new `Manager.get_queryset`, not the tests' override in `class StatusManager(Manager)`: only the code's method is stated", async () => {
  const names = (await stated("tortoise-orm-commit-e3449d0")).filter((n) => n.includes("get_queryset"));
  expect(names).toEqual(["Manager.get_queryset method"]);
});

test("cachecontrol fac1247: `-class CacheControl(object):` / `+class CacheController(object):` in one hunk, and `+class CacheControl(object):` again further down, is no rename: a later hunk under git's `class CacheControl(object):` header is CacheController's in the post-image and CacheControl's before, so its `def cache_response` is new for CacheController, and stated", async () => {
  const names = await stated("cachecontrol-commit-fac1247");
  expect(names).toContain("CacheController.cache_response method");
  expect(names).toContain("CacheController class");
});

test("go-kit efd10d8: a Go test's `httptransport.ClientFinalizer(…)`, its import alias above the hunks, names the package `transport/http` (an alias joining the package's name to its parent folder's, as Go code tells packages named `http` apart): the new function is stated", async () => {
  expect(await stated("kit-commit-efd10d8")).toContain("ClientFinalizer function");
});

test("node-lru-cache 13bff2a: under git's `class LRUCache {`, a hunk that starts among a destructured options parameter's keys (`fetchContext = this.fetchContext,` … `} = {}` then `) {`) is in a method's parameter list: `forceRefresh = false,` is no class field; the option the tests pass is the declared `FetchOptions.forceRefresh`", async () => {
  const names = (await stated("node-lru-cache-commit-13bff2a")).filter((n) => n.includes("forceRefresh"));
  expect(names).toEqual(["LRUCache.FetchOptions.forceRefresh field"]);
});

test("ts-reset 5b41583: a `.d.ts` declaring `interface Promise<T> { then…; catch…; }` at its top merges into the built-in Promise: the interface is no new name (its new signatures of then and catch are the ones stated)", async () => {
  expect((await stated("ts-reset-commit-5b41583")).sort()).toEqual(["Promise.catch method", "Promise.then method"]);
});

test("litestar 7194dcf: a class-level assignment in `class ExperimentalFeatures(str, Enum):` is the enum's member, a constant, not a field", async () => {
  expect(await stated("litestar-commit-7194dcf")).toEqual(["ExperimentalFeatures.FUTURE constant"]);
});

test("blinker d24501d: a method decorated `@lazy_property` (as `@cached_property`) is read as an attribute: a property", async () => {
  const result = await commitAnalysis("blinker-commit-d24501d");
  const kinds = result.identifiers
    .filter((i) => i.name.startsWith("Signal.receiver_"))
    .map((i) => `${i.name} ${i.kind}`);
  expect(kinds).toEqual(["Signal.receiver_connected property", "Signal.receiver_disconnected property"]);
});

test("review, drizzle-orm 167496a: a hunk under `class MySqlSelectQueryBuilderBase` that starts in a constructor parameter's type literal (`useIndex?: string[];` … `},` then `) {`) is no destructured parameter: its properties are no class fields", async () => {
  const names = await hunkDefinitions("drizzle-orm-commit-167496a-select-code.diff");
  expect(names.filter((n) => n.startsWith("MySqlSelectQueryBuilderBase.") && /Index/.test(n))).toEqual([]);
  expect(names).toContain("IndexConfig.useIndex field new");
});

test("review, image 6d5918f: a Rust hunk that starts after the function git's header names has closed (`/// Open the image…` at column 0, then `pub fn open`) does not change that function", async () => {
  const names = await hunkDefinitions("image-commit-6d5918f-dynimage-code.diff");
  expect(names).not.toContain("decoder_to_image function changed");
  expect(names).not.toContain("write_buffer_with_format function changed");
  expect(names).toContain("open function changed");
});

test("review, laravel 010ffcb: PHP's hooks are called on any listener (`$listener->debounceId(…)` where `method_exists`): the test listener's `debounceId` stays stated though the code's CallQueuedListener defines one too", async () => {
  const names = await stated("laravel-commit-010ffcb");
  expect(names).toContain("TestDispatcherDebouncedHandler.debounceId method");
  expect(names).toContain("DebouncedTestListener.debounceId method");
});

test('review, prophecy aba3a3a: a PHP string with interpolations (`"…$class:$hash Object…"`) is read on inside for their names', async () => {
  const result = await commitAnalysis("prophecy-commit-aba3a3a");
  expect(result.identifiers.map((i) => `${i.name} ${i.status}`)).toContain("hash existing");
});
