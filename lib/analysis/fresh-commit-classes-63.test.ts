// Round 63's classes (and the classes left from round 62), each on a real commit cut into real-data/hunks.
import { expect, test } from "vitest";
import { addedFile, changedHunk, madeHunks, statedKinds as stated } from "../testing/analysis-helpers";

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
