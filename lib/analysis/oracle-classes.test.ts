// Hunk-boundary defects the oracle bench (lib/bench/oracle-bench.ts: hunks mode against exact mode) showed,
// each on real hunks git made from real files (provenance in lib/testing/real-data/README.md, "hunks/",
// issue 43's oracle section).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance } from "./analyze-instance";

const hunks = (name: string) => readFileSync(path.join(REAL_DATA, "hunks", name), "utf8");

const analyse = (code: string, test = "") =>
  analyzeInstance({ instanceId: code, goldPatch: hunks(code), testPatch: test ? hunks(test) : "" });

const definitions = (analysis: Awaited<ReturnType<typeof analyse>>) =>
  analysis.identifiers.filter((i) => i.kind !== "name").map((i) => `${i.name} ${i.kind} ${i.status}`);

describe("Python: a hunk under a `def` header that starts inside a call's arguments and goes on past the function", () => {
  test("ansible 4891563: the classes after `def meraki_argument_spec():`'s tail are the module's, each with its own __init__", async () => {
    const found = definitions(await analyse("ansible-4891563-code.diff"));
    expect(found).toEqual(
      expect.arrayContaining([
        "RateLimitException class new",
        "RateLimitException.__init__ method new",
        "RateLimitException.__init__.args parameter new",
        "InternalErrorException.__init__ method new",
        "InternalErrorException.__init__.kwargs parameter new",
        "HTTPError.__init__ method new",
        "_error_report function new",
        "_error_report.inner function new",
      ]),
    );
    // The function git names on the header is changed, and no method lost its class.
    expect(found).toContain("meraki_argument_spec function changed");
    expect(found.filter((f) => /^(__init__|inner)\b/.test(f))).toEqual([]);
  });
});

describe("Java: a hunk under a method's header that shows only statements of its body", () => {
  test("gson 2479: `if (JsonElement.class.isAssignableFrom(baseType)) {` in registerTypeHierarchyAdapter is no constructor, baseType no parameter", async () => {
    const analysis = await analyse("gson-2479-code.diff");
    const found = definitions(analysis);
    expect(found.filter((f) => /constructor|baseType|typeAdapter/.test(f))).toEqual([]);
    expect(found).toContain("GsonBuilder.isTypeObjectOrJsonElement method new");
    expect(found).toContain("GsonBuilder.isTypeObjectOrJsonElement.type parameter new");
  });
});

describe("Python: a hunk under a `def` header that starts inside a triple-quoted string", () => {
  test("sphinx 7738: the test method after the string's end is the class's (unknown here), not nested in the header's function", async () => {
    const analysis = await analyzeInstance({
      instanceId: "sphinx-7738",
      goldPatch: "",
      testPatch: hunks("sphinx-7738-test.diff"),
    });
    const method = analysis.identifiers.find(
      (i) => i.member === "test_underscore_in_attribute_strip_signature_backslash",
    );
    expect(method).toMatchObject({ kind: "method", status: "new", owner: null });
  });
});

describe("an image that starts at the file's first line has nothing above it", () => {
  test("sphinx 8595: a new Python file opening with a docstring keeps its definitions (the quotes open the string, not close one)", async () => {
    const analysis = await analyzeInstance({
      instanceId: "sphinx-8595",
      goldPatch: "",
      testPatch: hunks("sphinx-8595-empty-all-test.diff"),
    });
    expect(definitions(analysis)).toEqual(
      expect.arrayContaining(["__all__ variable new", "foo function new", "bar function new", "baz function new"]),
    );
  });
});

describe("PHP: a hunk under a method's header that runs past the method's end (git's php driver)", () => {
  test("laravel 51195: the new test method after the named one's `}` is the file's class's", async () => {
    const analysis = await analyzeInstance({
      instanceId: "laravel-51195",
      goldPatch: "",
      testPatch: hunks("laravel-51195-test.diff"),
    });
    expect(definitions(analysis)).toContain("BladeVerbatimTest.testNewlinesAreInsertedCorrectlyAfterEcho method new");
  });

  test("laravel 53914: a new static method among changed ones, each of the file's class; a statement-only hunk stays a body", async () => {
    const found = definitions(await analyse("laravel-53914-code.diff"));
    expect(found).toEqual(
      expect.arrayContaining([
        "DatabaseManager.calculateDynamicConnectionName method new",
        "DatabaseManager.calculateDynamicConnectionName.config parameter new",
        "DatabaseManager.dynamicConnectionConfigurations field new",
      ]),
    );
    expect(found.filter((f) => /__hintscope|\$/.test(f))).toEqual([]);
  });
});

describe("Go: a hunk that runs past the end of the top-level declaration its header names", () => {
  test("vuls 4c04acb: the test functions after `func TestDiff`'s closing `}` (a composite literal's tail above it) are new", async () => {
    const analysis = await analyzeInstance({
      instanceId: "vuls-4c04acb",
      goldPatch: "",
      testPatch: hunks("vuls-4c04acb-test.diff"),
    });
    expect(definitions(analysis)).toEqual(
      expect.arrayContaining([
        "TestPlusMinusDiff function new",
        "TestPlusDiff function new",
        "TestPlusDiff.t parameter new",
        "TestMinusDiff function new",
      ]),
    );
    expect(definitions(analysis).filter((d) => /__hintscope/.test(d))).toEqual([]);
  });

  test("vuls 4a72295: a new `var` whose raw string the hunk's end cuts off is still a new variable", async () => {
    const analysis = await analyzeInstance({
      instanceId: "vuls-4a72295",
      goldPatch: "",
      testPatch: hunks("vuls-4a72295-test-first-hunk.diff"),
    });
    expect(definitions(analysis)).toContain("golang112JSON variable new");
  });
});

describe("Go: a hunk that starts inside a raw string", () => {
  test("the line whose backtick closes it is told from one whose backtick opens one (real lines)", async () => {
    const { goRawStringEnd } = await import("./languages/go");
    // caddy 5404 lexer_test.go: the hunk's first line ends a heredoc input.
    const caddy = hunks("caddy-5404-test.diff")
      .split("\n")
      .filter((l) => /^[ +]/.test(l) && !l.startsWith("+++"))
      .map((l) => l.slice(1));
    expect(goRawStringEnd(caddy)).toBe(0);
    // vuls ca3f6b1 scanner/redhatbase_test.go: an rpm list's last line, then the struct's next field.
    expect(goRawStringEnd(["kernel 0 2.6.32 695.20.3.el6 x86_64`,", "\t\t\t\tpacks: models.Packages{"])).toBe(0);
    // navidrome 3982ba7 db/backup_test.go: the backtick opens an SQL text; a lone one (hugo 12579) closes.
    expect(goRawStringEnd(["\t\t\t_, err = Db().ExecContext(ctx, `", "\t\t\tCREATE TABLE x();", "\t\t\t`)"])).toBe(-1);
    expect(goRawStringEnd(["-- content.md --", "Hello", "\t`", "\tb := Test(t, files)"])).toBe(2);
  });
});

describe("Java: a hunk whose end cuts a body off", () => {
  test("lombok 3371: a renamed record's first nine lines, its constructor's body left open, still give the record and its members", async () => {
    const analysis = await analyzeInstance({
      instanceId: "lombok-3371",
      goldPatch: "",
      testPatch: hunks("lombok-3371-test.diff"),
    });
    // (The record is renamed, `NonNullOnRecord` → `NonNullOnRecordSimple`: its fields are the old record's, moved as
    // they were, and its constructor is changed, named anew; see queuelib a0fc366 in fresh-commit-classes-63.)
    expect(definitions(analysis)).toEqual(
      expect.arrayContaining([
        "NonNullOnRecordSimple class new",
        "NonNullOnRecordSimple.constructor constructor changed",
      ]),
    );
    expect(definitions(analysis).filter((d) => d.endsWith(" field new"))).toEqual([]);
  });
});

describe("Java: a hunk under a nested type's header that closes that type", () => {
  test("gson 1555: the members after `BaseIntegerAdapter`'s closing `}` are the file's class's, not the nested one's", async () => {
    const analysis = await analyzeInstance({
      instanceId: "gson-1555",
      goldPatch: "",
      testPatch: hunks("gson-1555-test.diff"),
    });
    const found = definitions(analysis);
    expect(found).toEqual(
      expect.arrayContaining([
        "JsonAdapterSerializerDeserializerTest.testJsonAdapterNullSafe method new",
        "JsonAdapterSerializerDeserializerTest.Computer3 class new",
        "JsonAdapterSerializerDeserializerTest.Computer3.user1 field new",
      ]),
    );
    expect(found.filter((f) => f.startsWith("BaseIntegerAdapter."))).toEqual([]);
  });
});

describe("TypeScript: a hunk under an interface's header", () => {
  test("element-web 4fec436: the interface closed at the top level, a component after it: the new member is the interface's", async () => {
    const found = definitions(await analyse("element-web-4fec436-code.diff"));
    expect(found).toContain("Props.saveDeviceName field new");
    expect(found.filter((f) => /__hintscope/.test(f))).toEqual([]);
  });

  test("element-web 776ffa4: `onFinished();` in an interface is a method's signature, not a statement: the new member is the interface's", async () => {
    const found = definitions(await analyse("element-web-776ffa4-code.diff"));
    expect(found).toContain("IProps.closeOnInteraction field new");
  });
});

describe("Go: the function a hunk header names", () => {
  test("caddy 5626: a hunk that starts after an inner block's `}` still changes the named method (its body ends at column 0)", async () => {
    const found = definitions(await analyse("caddy-5626-code.diff"));
    expect(found).toEqual(
      expect.arrayContaining([
        "Dispenser.nextOnSameLine method changed",
        "Dispenser.NextLine method changed",
        "Dispenser.isNewLine method changed",
        "Dispenser.isNextOnNewLine method changed",
      ]),
    );
  });
});

describe("Go: a struct a hunk header names", () => {
  test("vuls 6eff6a9: a field changed under `type ServerInfo struct {` changes the struct too", async () => {
    const found = definitions(await analyse("vuls-6eff6a9-code.diff"));
    expect(found).toEqual(expect.arrayContaining(["ServerInfo struct changed", "WordPressConf struct changed"]));
  });
});

describe("Go: an interface a hunk header names", () => {
  test("flipt e42da21: method specs changed under `type FliptClient interface {` are the interface's methods, and change it", async () => {
    const found = definitions(await analyse("flipt-e42da21-grpc-code.diff"));
    expect(found).toEqual(
      expect.arrayContaining([
        "FliptClient interface changed",
        "FliptClient.DeleteFlag method changed",
        "FliptClient.DeleteConstraint method changed",
        "FliptServer interface changed",
        "FliptServer.DeleteFlag method changed",
        "FliptServer.mustEmbedUnimplementedFliptServer method new",
      ]),
    );
    // No spec of an interface is read as a statement of a stand-in function or as a module-level function.
    expect(found.filter((f) => /^(DeleteFlag|DeleteConstraint|mustEmbedUnimplementedFliptServer)\b/.test(f))).toEqual(
      [],
    );
  });
});

describe("Java: a hunk under a nested builder's method that runs past the builder's `}`", () => {
  test("jackson-dataformat-xml 531: `public Builder xmlTagProcessor(…)` after `defaultUseWrapper`'s end is the builder's, the members after `}` the file class's", async () => {
    const analysis = await analyse("jackson-dataformat-xml-531-code.diff", "jackson-dataformat-xml-531-test.diff");
    expect(definitions(analysis)).toEqual(
      expect.arrayContaining([
        "XmlMapper.Builder.xmlTagProcessor method new",
        "XmlMapper.setXmlTagProcessor method new",
        "XmlMapper.getXmlTagProcessor method new",
      ]),
    );
    const defuse = analysis.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
    expect(defuse).toContain("XmlMapper.Builder.xmlTagProcessor");
  });
});

describe("a file the patch renames (moves) stands at a new path", () => {
  test("webclients caf10ba: rrule.ts moved to recurrence/rrule.ts is a new file the tests import (by relative path and as `@proton/shared/lib/…`); what it defines moved and is not new", async () => {
    const analysis = await analyse("webclients-caf10ba-code.diff", "webclients-caf10ba-test.diff");
    const defuse = analysis.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
    expect(defuse.sort()).toEqual([
      "packages/shared/lib/calendar/recurrence/rrule.ts",
      "packages/shared/lib/calendar/recurrence/rruleWkst.ts",
    ]);
    const rrule = analysis.identifiers.find((i) => i.name === "packages/shared/lib/calendar/recurrence/rrule.ts");
    expect(rrule?.usedAt?.map((u) => u.path)).toContain("applications/mail/src/app/helpers/calendar/invite.test.ts");
  });
});

describe("Python: a comment at column 0 after a class's last member", () => {
  test("qutebrowser 9902914: `+    qt_67 = enum.auto()` under `class Variant(enum.Enum):`, then `# Mapping …` at column 0, is Variant's new member (a constant, the enum's, as the whole file reads it)", async () => {
    expect(definitions(await analyse("qutebrowser-9902914-code.diff"))).toEqual(
      expect.arrayContaining(["Variant.qt_67 constant new", "Variant class changed"]),
    );
  });

  test("qutebrowser 9902914: `copy_remove_setting` (its class line in no hunk) is _Definition's: the test's fixture parameter `definition: darkmode._Definition` calls it", async () => {
    const analysis = await analyse("qutebrowser-9902914-code.diff", "qutebrowser-9902914-test.diff");
    const defuse = analysis.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
    expect(defuse).toContain("_Definition.copy_remove_setting");
    // The test module's `QWebEngineSettings = pytest.importorskip(…).QWebEngineSettings` is not what the
    // code's `from qutebrowser.qt.webenginecore import QWebEngineSettings` imports.
    expect(defuse).not.toContain("QWebEngineSettings");
  });
});

describe("JavaScript: a field a constructor assigns", () => {
  test("three.js 27395: `this.isSphere = true;` in Sphere's constructor is Sphere's new field, which the test reads off `new Sphere()`", async () => {
    const analysis = await analyse("threejs-27395-code.diff", "threejs-27395-test.diff");
    expect(definitions(analysis)).toContain("Sphere.isSphere field new");
    const defuse = analysis.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
    expect(defuse).toEqual(["Sphere.isSphere"]);
  });
});

describe("Python: a class a hunk header names", () => {
  test("openlibrary 4a5d2a7: a change in `class WikidataEntity:`'s body changes the class", async () => {
    expect(definitions(await analyse("openlibrary-4a5d2a7-code.diff"))).toContain("WikidataEntity class changed");
  });

  test("openlibrary 123e6e5: a class the patch renames (PrioritizedISBN → PrioritizedIdentifier) is new, not changed under its old name", async () => {
    const found = definitions(await analyse("openlibrary-123e6e5-code.diff"));
    expect(found).toContain("PrioritizedIdentifier class new");
    expect(found.filter((f) => f.startsWith("PrioritizedISBN "))).toEqual([]);
  });
});

describe("Ruby: hunks whose blocks run past their end, and members under a method's header", () => {
  test("rubocop 13560: a method whose `do` block the hunk cuts off is its class's; the renamed `valid_string?` under `def on_str`'s header is a method, not a local", async () => {
    const analysis = await analyse("rubocop-13560-code.diff");
    const found = definitions(analysis);
    expect(found).toEqual(
      expect.arrayContaining([
        "FileNull.on_new_investigation method new",
        "FileNull.on_str method changed",
        "valid_string? method new",
      ]),
    );
    expect(analysis.identifiers.filter((i) => /hintscope/i.test(`${i.name} ${i.owner ?? ""}`))).toEqual([]);
  });
});

describe("JavaScript: a hunk under an arrow function's header", () => {
  test("preact 3345: `let hasErrored` under `options.unmount = vnode => {` is the function's local, not a module variable", async () => {
    const found = definitions(await analyse("preact-3345-code.diff"));
    expect(found.filter((f) => f.startsWith("hasErrored"))).toEqual([]);
    expect(found).toContain("invokeCleanup function changed");
  });
});

describe("Python: a hunk that opens on a clause of a statement begun above it", () => {
  test("ansible 984216f: `except KeyError:` under a stand-in function is a clause of a try, not an annotated name KeyError", async () => {
    const found = definitions(await analyse("ansible-984216f-template-code.diff"));
    expect(found.filter((f) => f.startsWith("KeyError"))).toEqual([]);
  });

  test("matplotlib 22711: the pre-image's `else:` (its `if` above the hunk) parses, so set_val's `self.val = val` is no new field", async () => {
    const found = definitions(await analyse("matplotlib-22711-code.diff"));
    expect(found.filter((f) => /^val\b|\.val /.test(f))).toEqual([]);
  });
});

describe("Python: a hunk inside a string of YAML (an Ansible DOCUMENTATION fragment)", () => {
  test("ansible 4891563 meraki.py: `rate_limit_retry_time:` and `default: 165` before the closing ''' are the string's text, not fields", async () => {
    const found = definitions(await analyse("ansible-4891563-meraki-doc-code.diff"));
    expect(found.filter((f) => f.includes(" field "))).toEqual([]);
  });
});

describe("Java: a hunk under a nested type declared whole on its header's line", () => {
  test("mockito 3220: under `static class NotMockable {}` the new classes are DoNotmockEnforcerTest's (the file's class), not NotMockable's", async () => {
    const found = definitions(await analyse("mockito-3220-enforcer-test.diff"));
    expect(found).toEqual(
      expect.arrayContaining([
        "DoNotmockEnforcerTest.StaticallyNotMockable class new",
        "DoNotmockEnforcerTest.StaticallyNotMockableChild class new",
        "DoNotmockEnforcerTest.StaticallyMockable class new",
      ]),
    );
    expect(found.filter((f) => f.startsWith("NotMockable."))).toEqual([]);
  });
});

describe("Java: a hunk under an inner class's header (a type named otherwise than the file is nested)", () => {
  test("mockito 3133: past `class NestedTestWithExtraMock {`'s `}`, the new @Nested class is JunitJupiterTest's, not NestedTestWithExtraMock's", async () => {
    const found = definitions(await analyse("mockito-3133-jupiter-test.diff"));
    expect(found).toEqual(
      expect.arrayContaining([
        "JunitJupiterTest.NestedClassWithExtraCaptor class new",
        "JunitJupiterTest.NestedClassWithExtraCaptor.nestedCaptor field new",
      ]),
    );
    expect(found.filter((f) => f.startsWith("NestedTestWithExtraMock.NestedClassWithExtraCaptor"))).toEqual([]);
  });
});

describe("Rust: a hunk under an `impl` header that closes it at column 0", () => {
  test("bat 1892: after a method's tail, `pub fn insert_ignored_suffix(&mut self, suffix: &'a str)` is SyntaxMapping's new method", async () => {
    const found = definitions(await analyse("bat-1892-code.diff"));
    expect(found).toEqual(
      expect.arrayContaining([
        "SyntaxMapping.insert_ignored_suffix method new",
        "SyntaxMapping.insert_ignored_suffix.suffix parameter new",
      ]),
    );
  });
});
