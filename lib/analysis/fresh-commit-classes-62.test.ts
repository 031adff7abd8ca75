// Classes of error found in the twenty-eighth session (issue 43): round 62, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis, statedKinds as stated } from "../testing/analysis-helpers";

test("tty-table 2d72616: RSpec's `allow(columns).to receive(:expand_column_widths)` names a method of the object the expectation is set on, the class's new one", async () => {
  expect(await stated("tty-table-commit-2d72616")).toEqual(["ColumnConstraint.expand_column_widths method"]);
});

test("spatie/url 554bfd9: Pest's `expect($schemeValidator)->validate()` calls the value's method, through a receiver named for its class: SchemeValidator's new `validate`, not the new `Validator` interface's", async () => {
  const names = (await stated("spatie-url-commit-554bfd9")).filter((n) => n.includes("validate"));
  expect(names).toEqual(["SchemeValidator.validate method"]);
});

test("junit-pioneer c7bb969: a test module's `provides …ObjectMapperProvider with …DefaultObjectMapperProvider;` names both classes (a module declaration's directives, no class's field)", async () => {
  const names = await stated("junit-pioneer-commit-c7bb969");
  expect(names).toEqual(
    expect.arrayContaining(["DefaultObjectMapperProvider class", "ObjectMapperProvider interface"]),
  );
  expect(names.filter((n) => n.endsWith(" field"))).toEqual([]);
});

test("django-filter 376d443: a class's new method of a name nobody else would choose (three words), called through a subclass (`self.FilterSet.handle_unrecognized_field(…)`), is that method", async () => {
  expect(await stated("django-filter-commit-376d443")).toContain("BaseFilterSet.handle_unrecognized_field method");
});

test("optional 6a7d7f4: a hunk under `public:` whose class's `};` is followed by its deduction guide (`optional(T) -> optional<T>;`) is that class's: `optional.map`, `optional.bind`; the guide declares no function", async () => {
  const names = await stated("optional-commit-6a7d7f4");
  expect(names.sort()).toEqual(["monostate class", "optional.bind method", "optional.map method"]);
});

test("ordered-map 0557eb5: a friend function defined in a class's body (`friend size_type erase_if(ordered_map &map, Predicate pred)`) is the namespace's, called bare (`erase_if(map, …)`), no member of the class", async () => {
  expect(await stated("ordered-map-commit-0557eb5")).toEqual(["erase_if function"]);
});

test("python-diskcache 6dff15b: in the tests of a code file (`tests/test_fanout.py` for `diskcache/fanout.py`), a receiver named for another class (`cache.decr(…)`, Cache's word) still reaches the file's class's method: FanoutCache.decr", async () => {
  const names = (await stated("python-diskcache-commit-6dff15b")).filter((n) => n.includes(".decr "));
  expect(names.sort()).toEqual(["Cache.decr method", "FanoutCache.decr method"]);
});

test("quicktest 33f87f8: the alias an external test package's import gives the package under test (`qt \"github.com/frankban/quicktest\"`, above checker_test.go's hunk) is that package in every file of the folder: quicktest_test.go's `qt.ErrSilent` is the new variable", async () => {
  expect(await stated("quicktest-commit-33f87f8")).toEqual(["ErrSilent variable"]);
});

test("commons-dbcp 25aa107: an anonymous class's override in a test (`new DataSourceMXBean() { @Override public String[] getDisconnectionIgnoreSqlCodesAsArray() … }`) names the interface's new default method", async () => {
  expect(await stated("commons-dbcp-commit-25aa107")).toContain(
    "DataSourceMXBean.getDisconnectionIgnoreSqlCodesAsArray method",
  );
});

test("whatwg-url e8b2dbe: `Object.defineProperties(URLUtils, { protocol: { get() {…}, set(v) {…} }, … })` gives the object each key as a property: the tests' newly asserted `url.protocol` and `url.hash`", async () => {
  const names = (await stated("whatwg-url-commit-e8b2dbe")).filter((n) => n.startsWith("URLUtils."));
  expect(names.sort()).toEqual(["URLUtils.hash property", "URLUtils.protocol property"]);
});

test("cpp-peglib cef913a: a path through a class (`GrammarBlob::serialize(*orig, start)`) names the class as Java's `GrammarBlob.serialize(…)` does: the new struct with its static methods", async () => {
  const names = (await stated("cpp-peglib-commit-cef913a")).filter((n) => n.startsWith("GrammarBlob"));
  expect(names.sort()).toEqual([
    "GrammarBlob struct",
    "GrammarBlob.deserialize method",
    "GrammarBlob.serialize method",
  ]);
});

test("ordered-map 0557eb5: a templated friend's signature keeps its head and its `friend`", async () => {
  const erase = (await commitAnalysis("ordered-map-commit-0557eb5")).identifiers.find((i) => i.name === "erase_if");
  expect(erase?.signature).toBe(
    "template <class Predicate> friend size_type erase_if(ordered_map &map, Predicate pred)",
  );
});
