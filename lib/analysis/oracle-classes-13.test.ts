// The oracle bench's (hunks mode against exact mode) classes of the thirteenth session, each on a real hunk as
// git made it (fixtures: one file's section of a shared record's patch, provenance in
// lib/testing/real-data/README.md, "hunks/").
import { describe, expect, test } from "vitest";
import { hunkDefinitions, realHunk } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

const hunks = realHunk;

const definitions = async (code: string, test = "") =>
  (await hunkDefinitions(code, test)).filter((d) => !/ parameter /.test(d));

describe("a type whose body holds a member the hunks change is changed (exact mode: any line of its body)", () => {
  test("Java, mockito 3424: `public class DefaultMockitoFrameworkTest extends TestBase {` on a context line, a test method renamed in a later hunk", async () => {
    const found = await definitions("", "mockito-3424-framework-test.diff");
    expect(found).toContain("DefaultMockitoFrameworkTest class changed");
    expect(found).toContain("DefaultMockitoFrameworkTest.behavior_after_clear_inline_mocks method new");
    // The two classes the hunk adds above it are new, not changed.
    expect(found).toEqual(expect.arrayContaining(["PersonWithName class new", "HasStatic class new"]));
  });

  test("Java, gson 1703: a member the hunks place in `CurrentWrite` only is AppendableWriter.CurrentWrite's: no second, shorter CurrentWrite", async () => {
    const found = await definitions("gson-1703-streams-code.diff");
    expect(found.filter((f) => / class /.test(f))).toEqual(
      expect.arrayContaining(["AppendableWriter.CurrentWrite class changed"]),
    );
    expect(found.filter((f) => f.startsWith("CurrentWrite "))).toEqual([]);
  });
});

describe("a class a hunk renames keeps its new name on later hunks' headers (git prints the old one)", () => {
  test("PHP, laravel 53696: `-class EloquentModelUuidStub` / `+class EloquentModelUsingUuid`, then `@@ … @@ class EloquentModelUuidStub extends Model` over a new getForeignKey", async () => {
    const found = await definitions("", "laravel-53696-renamed-test.diff");
    expect(found).toContain("EloquentModelUsingUuid.getForeignKey method new");
    expect(found.filter((f) => f.includes("EloquentModelUuidStub"))).toEqual([]);
  });
});

describe("a method is not the module's function of its name", () => {
  test("Python, qutebrowser f7753550: top-level `def is_special(key, modifiers)` removed, `def is_special(self)` added to KeyInfo (whose line no hunk shows): a new method the tests call", async () => {
    const result = await analyzeInstance({
      instanceId: "qutebrowser-f7753550",
      goldPatch: hunks("qutebrowser-f7753550-code.diff"),
      testPatch: hunks("qutebrowser-f7753550-test.diff"),
    });
    const method = result.identifiers.find((i) => i.name === "KeyInfo.is_special");
    expect(method).toMatchObject({ kind: "method", status: "new" });
    expect(method?.policies).toContain("defuse");
  });
});

describe("a definition made inside a function body stands in the pre-image too", () => {
  test("NodeBB 84e06575: `Topics.validateTags = async function (tags, cid, uid) {` becomes `(tags, cid, uid, tid = null)` inside the module function: changed, only tid new", async () => {
    const found = await definitions("nodebb-84e06575-tags-code.diff");
    expect(found).toContain("Topics.validateTags method changed");
    expect(found.filter((f) => f.startsWith("Topics.validateTags") && f.endsWith("new"))).toEqual([]);
    const params = (
      await analyzeInstance({ instanceId: "n", goldPatch: hunks("nodebb-84e06575-tags-code.diff"), testPatch: "" })
    ).identifiers
      .filter((i) => i.kind === "parameter")
      .map((i) => i.name);
    expect(params).toEqual(["Topics.validateTags.tid"]);
  });

  test("preact 3689: `currentComponent.componentDidCatch = err => {` becomes `(err, errorInfo) => {` inside useErrorBoundary: changed, errorInfo its new parameter, and useErrorBoundary changed", async () => {
    const result = await analyzeInstance({ instanceId: "p", goldPatch: hunks("preact-3689-code.diff"), testPatch: "" });
    const names = result.identifiers.map((i) => `${i.name} ${i.kind} ${i.status}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "currentComponent.componentDidCatch method changed",
        "currentComponent.componentDidCatch.errorInfo parameter new",
        "useErrorBoundary function changed",
      ]),
    );
    expect(names).not.toContain("currentComponent.componentDidCatch.err parameter new");
  });
});

describe("a definition the hunk shows deeper than the header is inside the named function (which changes too)", () => {
  test("docusaurus 10309: `const sortedVersions = …` in getActiveVersion's body (its signature's `): GlobalVersion | undefined {` at column 0 is the header's own)", async () => {
    expect(await definitions("docusaurus-10309-code.diff")).toContain("getActiveVersion function changed");
  });

  test("gin 3227: under `func countSections(path string) uint16 {`, a `const (` group at column 0 is past that function: its constants change, not countSections", async () => {
    const found = await definitions("gin-3227-code.diff");
    expect(found.filter((f) => f.startsWith("countSections"))).toEqual([]);
    expect(found).toContain("static constant new");
  });
});
