// Classes of error found in the twenty-eighth session (issue 43): round 62, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis } from "../testing/analysis-helpers";

const stated = async (name: string) =>
  (await commitAnalysis(name)).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind}`);

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
