// Round 63's classes (and the classes left from round 62), each on a real commit cut into real-data/hunks.
import { expect, test } from "vitest";
import { addedFile, changedHunk, commitAnalysis, madeHunks, statedKinds as stated } from "../testing/analysis-helpers";

test("pathspec d180237: a hunk under `class HyperscanGiBackend(…)` that starts in a parameter list and closes it with `) -> None:`, then a docstring and `super().__init__(…)`, resumes the constructor: its new `_test_sort` is `__init__`'s, which `partial(HyperscanGiBackend, _test_sort=…)` passes", async () => {
  expect(await stated("pathspec-commit-d180237")).toEqual(["HyperscanGiBackend.__init__._test_sort parameter"]);
});

test("pathspec d180237 (guard): a resumed parameter list whose docstring starts otherwise (`Return the …`) and whose body neither sets `self`'s attributes nor calls the base's constructor is no constructor's", async () => {
  const code = (docstring: string) =>
    changedHunk("pkg/backend.py", "class Backend(Base):", [
      "        patterns: Sequence[str],",
      "        *,",
      "        debug: bool = False,",
      "+       test_sort: Callable | None = None,",
      "    ) -> None:",
      '        """',
      `        ${docstring}`,
    ]);
  const test = addedFile("tests/test_backend.py", [
    "from pkg.backend import Backend",
    "",
    "",
    "def test_sort():",
    "    Backend(['a'], test_sort=sorted)",
    "",
  ]);
  expect((await madeHunks(code("Initialize the backend."), test)).defuse).toEqual(["Backend.__init__.test_sort"]);
  expect((await madeHunks(code("Return the patterns matched."), test)).defuse).toEqual([]);
});

test("pathspec d180237: in a file indented with tabs, a hunk under `class HyperscanGiBackend(…)` two tabs in (`ids = list(range(len(exprs)))`) is a method's body: its assignments are locals, no fields of the class", async () => {
  const names = (await commitAnalysis("pathspec-commit-d180237")).identifiers.map((i) => `${i.name} ${i.kind}`);
  expect(names.filter((n) => n.endsWith(" field"))).toEqual([]);
});
