import type { Location } from "./locations";
import { literalNamesFile } from "./match-uses";
import type { PatchDefinition, PatchFacts, PatchUse } from "./patch-types";

const baseOf = (path: string) => path.split("/").pop() ?? path;

/**
 * Files the code patch adds in no language the analysis parses (a fixture, `internal/cue/fixtures/valid.yaml`)
 * that a test names by its path (`os.ReadFile("fixtures/valid.yaml")`), with where the tests name them: the
 * tests fail without such a file, under that name (see literalNamesFile for how a path names a file).
 */
export function dataFilesNamedByTests(code: PatchFacts, test: PatchFacts): Array<{ file: Location; uses: Location[] }> {
  const files = code.addedDataFiles ?? [];
  const basenames = new Map<string, number>();
  for (const file of files) basenames.set(baseOf(file.path), (basenames.get(baseOf(file.path)) ?? 0) + 1);
  return files.flatMap((file) => {
    const namesakes = basenames.get(baseOf(file.path)) ?? 1;
    const uses = literalsNaming(file.path, test, namesakes).map((literal) => literal.location);
    return uses.length > 0 ? [{ file, uses }] : [];
  });
}

/**
 * File names every package has many of (`__init__.py`, `index.ts`, `main.go`, `mod.rs`, `setup.py`): a bare one names
 * no file in particular.
 */
const CONVENTIONAL_NAME =
  /^(__init__|__main__|index|main|mod|lib|setup|conftest|utils?|helpers?|config|settings|app|server|client|types|constants|test|tests|spec)\.\w+$/i;

/**
 * A test's strings that name a new code file by its path with a folder (pybind11's packaging test listing
 * `"include/pybind11/detail/pybind11_namespace_macros.h"`), or by a bare name of its own, one no other file either
 * patch touches has nor one of CONVENTIONAL_NAME (bandit's `check_example('no_host_key_verification.py', …)` for the
 * new `examples/no_host_key_verification.py`): uses of the file, as an import would be.
 */
export function pathLiteralsNaming(
  file: PatchDefinition,
  side: "code" | "test",
  test: PatchFacts,
  paths: readonly string[],
): PatchUse[] {
  if (side !== "code" || file.status !== "new") return [];
  const base = baseOf(file.path);
  const namesakes = CONVENTIONAL_NAME.test(base)
    ? 2
    : [...paths, ...test.paths].filter((path) => baseOf(path) === base).length;
  return literalsNaming(file.path, test, namesakes).map((literal) => ({
    name: file.path,
    qualifier: null,
    kind: "name",
    location: literal.location,
  }));
}

/** The test's strings that name a file by its path (see literalNamesFile). */
const literalsNaming = (path: string, test: PatchFacts, namesakes = 1) =>
  test.literals.filter((literal) => literalNamesFile(literal.text, literal.location.path, path, namesakes));

/**
 * A test's strings that hold source defining a new code function by its name (pytest-html's
 * `pytester.makeconftest("""def pytest_html_duration_format(duration): …""")` for the new hook spec): the test
 * implements that name, as a subclass's override would; the name is the contract.
 */
export function sourceLiteralsDefining(def: PatchDefinition, side: "code" | "test", test: PatchFacts): PatchUse[] {
  if (side !== "code" || def.status !== "new" || (def.kind !== "function" && def.kind !== "method")) return [];
  // (A name only: `[]`, `+`, `empty?` are operators' or predicates' no source string defines by `def name(`.)
  if (!/^[A-Za-z_$][\w$]*$/.test(def.member)) return [];
  const defines = new RegExp(
    `(^|\\n)\\s*(async\\s+)?(def|function|func|fn)\\s+${def.member.replace(/\$/g, "\\$")}\\s*\\(`,
  );
  return test.literals
    .filter((literal) => defines.test(literal.text))
    .map((literal) => ({ name: def.member, qualifier: null, kind: "name", location: literal.location }));
}
