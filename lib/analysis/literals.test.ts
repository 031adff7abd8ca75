// Test-facing literals, table-driven per language: the message the tests check, the gold patch's literal or
// template that writes it, and whether the issue states it (small diffs through makeDiff).
import { describe, expect, test } from "vitest";
import { literalEvidence } from "../evidence/evidence";
import { openImportFile } from "../ingest/read-import-file";
import { analyseCase } from "../testing/analysis-helpers";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance } from "./analyze-instance";

const evidenceOf = async (c: Parameters<typeof analyseCase>[0]) => {
  const analysis = await analyseCase(c);
  return literalEvidence(
    {
      externalId: "case",
      baseCommit: "",
      problemStatement: c.issue ?? "",
      hintsText: null,
      goldPatch: "",
      testPatch: "",
      requirements: null,
      interfaceText: null,
    },
    analysis.literals,
  );
};

describe("a message the tests check, written by the gold patch", () => {
  test.each([
    [
      "Python f-string, pytest.raises(match=)",
      "units.py",
      "def parse(unit):\n    return unit\n",
      'def parse(unit):\n    if unit not in UNITS:\n        raise ValueError(f"Invalid unit: {unit}")\n    return unit\n',
      "test_units.py",
      'import pytest\nfrom units import parse\n\ndef test_bad():\n    with pytest.raises(ValueError, match="Invalid unit: parsec"):\n        parse("parsec")\n',
      "Invalid unit: parsec",
    ],
    [
      "Python %-format, assertEqual",
      "greet.py",
      "def greet(name):\n    return name\n",
      'def greet(name):\n    return "Hello there, %s!" % name\n',
      "test_greet.py",
      'class T(unittest.TestCase):\n    def test_it(self):\n        self.assertEqual(greet("Ada"), "Hello there, Ada!")\n',
      "Hello there, Ada!",
    ],
    [
      "JavaScript template string, toThrow",
      "src/format.js",
      "export function format(name) {\n  return name;\n}\n",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a JavaScript template string
      "export function format(name) {\n  throw new Error(`Unknown format ${name}`);\n}\n",
      "test/format.test.js",
      'import { format } from "../src/format";\ntest("x", () => {\n  expect(() => format("xml")).toThrow("Unknown format xml");\n});\n',
      "Unknown format xml",
    ],
    [
      "TypeScript, toEqual",
      "src/label.ts",
      "export const label = (n: number): string => String(n);\n",
      'export const label = (n: number): string => (n === 1 ? "one item left" : String(n));\n',
      "test/label.test.ts",
      'import { label } from "../src/label";\nexpect(label(1)).toEqual("one item left");\n',
      "one item left",
    ],
    [
      "Java, assertEquals on getMessage()",
      "src/main/java/a/Prefix.java",
      "package a;\n\npublic class Prefix {\n    public Prefix(String p) {\n    }\n}\n",
      'package a;\n\npublic class Prefix {\n    public Prefix(String p) {\n        if (p.isEmpty()) throw new IllegalArgumentException("Prefix must not be empty");\n    }\n}\n',
      "src/test/java/a/PrefixTest.java",
      'class PrefixTest {\n    void t() {\n        Exception e = assertThrows(IllegalArgumentException.class, () -> new Prefix(""));\n        assertEquals("Prefix must not be empty", e.getMessage());\n    }\n}\n',
      "Prefix must not be empty",
    ],
    [
      "Go, fmt.Errorf template, compared",
      "dur/dur.go",
      "package dur\n\nfunc Parse(s string) error {\n\treturn nil\n}\n",
      'package dur\n\nimport "fmt"\n\nfunc Parse(s string) error {\n\treturn fmt.Errorf("invalid duration %q", s)\n}\n',
      "dur/dur_test.go",
      'package dur\n\nfunc TestParse(t *testing.T) {\n\tif err := Parse("x"); err.Error() != "invalid duration \\"x\\"" {\n\t\tt.Fatal(err)\n\t}\n}\n',
      'invalid duration \\"x\\"',
    ],
    [
      "Rust, format! and assert_eq!",
      "src/fields.rs",
      "pub fn check(name: &str) -> String {\n    String::new()\n}\n",
      'pub fn check(name: &str) -> String {\n    format!("missing field {}", name)\n}\n',
      "tests/fields.rs",
      '#[test]\nfn missing() {\n    assert_eq!(check("port"), "missing field port");\n}\n',
      "missing field port",
    ],
    [
      "Ruby, interpolation and raise_error",
      "lib/color.rb",
      "class Color\n  def self.parse(name)\n    name\n  end\nend\n",
      'class Color\n  def self.parse(name)\n    raise ArgumentError, "unknown color #{name}"\n  end\nend\n',
      "spec/color_spec.rb",
      'RSpec.describe Color do\n  it "refuses" do\n    expect { Color.parse("teal") }.to raise_error(ArgumentError, "unknown color teal")\n  end\nend\n',
      "unknown color teal",
    ],
    [
      "PHP, expectExceptionMessage",
      "src/Options.php",
      "<?php\nclass Options {\n    public function get($name) {\n        return null;\n    }\n}\n",
      '<?php\nclass Options {\n    public function get($name) {\n        throw new InvalidArgumentException("Unknown option: $name");\n    }\n}\n',
      "tests/OptionsTest.php",
      "<?php\nclass OptionsTest extends TestCase {\n    public function testUnknown() {\n        $this->expectExceptionMessage('Unknown option: color');\n        (new Options())->get('color');\n    }\n}\n",
      "Unknown option: color",
    ],
    [
      "Java, a message built with + (no piece ten characters long)",
      "src/main/java/a/Users.java",
      "package a;\n\npublic class Users {\n    public void remove(String name) {\n    }\n}\n",
      'package a;\n\npublic class Users {\n    public void remove(String name) {\n        throw new IllegalStateException("User " + name + " is gone");\n    }\n}\n',
      "src/test/java/a/UsersTest.java",
      'class UsersTest {\n    void t() {\n        Exception e = assertThrows(IllegalStateException.class, () -> new Users().remove("ada"));\n        assertEquals("User ada is gone", e.getMessage());\n    }\n}\n',
      "User ada is gone",
    ],
    [
      "PHP, a message built with . (no piece ten characters long)",
      "src/Options.php",
      "<?php\nclass Options {\n    public function get($name) {\n        return null;\n    }\n}\n",
      "<?php\nclass Options {\n    public function get($name) {\n        throw new InvalidArgumentException('Setting ' . $name . ' unset');\n    }\n}\n",
      "tests/OptionsTest.php",
      "<?php\nclass OptionsTest extends TestCase {\n    public function testUnknown() {\n        $this->expectExceptionMessage('Setting color unset');\n        (new Options())->get('color');\n    }\n}\n",
      "Setting color unset",
    ],
  ])("%s", async (_label, codePath, before, after, testPath, testText, expected) => {
    const found = await evidenceOf({
      code: [{ path: codePath, before, after }],
      test: [{ path: testPath, before: null, after: testText }],
    });
    expect(found).toEqual([
      expect.objectContaining({
        text: expected,
        test_path: testPath,
        gold_path: codePath,
        introduced_by_gold: true,
        stated_in_issue: false,
        stated_in_benchmark_hint: false,
      }),
    ]);
  });
});

test("stated in the issue, already in the file, not checked, too short: told apart or left out", async () => {
  const before =
    'def parse(unit):\n    if not unit:\n        raise ValueError("Unit must not be empty")\n    return unit\n';
  // The old message moves to another exception (its line is changed); a new one is added.
  const after = before
    .replace('ValueError("Unit must not be empty")', 'TypeError("Unit must not be empty")')
    .replace(
      "    return unit\n",
      '    if unit == "?":\n        raise ValueError("Unknown unit marker")\n    return unit\n',
    );
  const found = await evidenceOf({
    code: [{ path: "units.py", before, after }],
    test: [
      {
        path: "test_units.py",
        before: null,
        after:
          'def test_bad():\n    with pytest.raises(ValueError, match="Unknown unit marker"):\n        parse("?")\n    with pytest.raises(ValueError, match="Unit must not be empty"):\n        parse("")\n    note = "Unknown unit marker, as logged"\n    assert parse("ok") == "ok"\n',
      },
    ],
    issue: "Parsing '?' should fail with an Unknown unit marker error.",
  });
  // The new message is checked and stated by the issue; the old one is on a changed line but was in the file
  // already: matched, not introduced. `note` is assigned, not checked; "ok" is too short to say anything.
  expect(found.map((l) => [l.text, l.introduced_by_gold, l.stated_in_issue])).toEqual([
    ["Unknown unit marker", true, true],
    ["Unit must not be empty", false, false],
  ]);
});

test("real SWE-bench Lite records: the message a test checks that the fix writes (and the issue does not say)", async () => {
  // django__django-13321: the fix adds `logger.warning('Session data corrupted')` to
  // django/contrib/sessions/backends/base.py; the test asserts `self.assertIn('Session data corrupted',
  // cm.output[0])`. The issue ("Decoding an invalid session data crashes") never words the log message.
  const path = `${REAL_DATA}/literals/swebench-lite-literals.jsonl`;
  const byId = new Map<string, Awaited<ReturnType<typeof analyzeInstance>> & { issue: string }>();
  for await (const { item } of (await openImportFile(path)).items) {
    if (item.kind !== "instance") continue;
    const { externalId, goldPatch, testPatch, problemStatement } = item.data;
    byId.set(externalId, {
      ...(await analyzeInstance({ instanceId: externalId, goldPatch, testPatch, problemStatement })),
      issue: problemStatement,
    });
  }
  const django = byId.get("django__django-13321");
  expect(django?.literals.map((l) => [l.text, l.test.path, l.gold.path, l.introduced])).toEqual([
    ["Session data corrupted", "tests/sessions_tests/tests.py", "django/contrib/sessions/backends/base.py", true],
  ]);
  expect(django?.issue).not.toMatch(/session data corrupted/i);
  // pylint-dev__pylint-6506: the fix's f"Unrecognized option found: {msg}" is what the test checks, in part.
  expect(byId.get("pylint-dev__pylint-6506")?.literals.map((l) => [l.text, l.introduced])).toEqual([
    ["Unrecognized option", true],
  ]);
});

describe("messages the analysis missed on real SWE-bench Lite records (issue 43)", () => {
  const analyseReal = async () => {
    const path = `${REAL_DATA}/literals/swebench-lite-message-shapes.jsonl`;
    const byId = new Map<string, Awaited<ReturnType<typeof analyzeInstance>>>();
    for await (const { item } of (await openImportFile(path)).items) {
      if (item.kind !== "instance") continue;
      const { externalId, goldPatch, testPatch, problemStatement } = item.data;
      byId.set(externalId, await analyzeInstance({ instanceId: externalId, goldPatch, testPatch, problemStatement }));
    }
    return byId;
  };

  test("a message held in a variable, then passed to assertWarnsMessage (django__django-11905)", async () => {
    // The test sets `msg = ('Using a non-boolean value … ' 'use True or False instead.')` and calls
    // `self.assertWarnsMessage(RemovedInDjango40Warning, msg)`; the fix's warnings.warn() writes the same text.
    const django = (await analyseReal()).get("django__django-11905");
    expect(django?.literals.map((l) => [l.text, l.test.path, l.gold.path, l.introduced])).toEqual([
      [
        "Using a non-boolean value for an isnull lookup is deprecated, use True or False instead.",
        "tests/lookup/tests.py",
        "django/db/models/lookups.py",
        true,
      ],
    ]);
  });

  test("a template found inside a longer tested string (sphinx-doc__sphinx-8474)", async () => {
    // The fix writes __("Failed to create a cross reference. Any number is not " "assigned: %s"); the test
    // asserts 'index.rst:55: WARNING: Failed to create … assigned: index' in warnings (four times, one text).
    const sphinx = (await analyseReal()).get("sphinx-doc__sphinx-8474");
    expect(sphinx?.literals.map((l) => [l.text, l.test.path, l.gold.path, l.introduced])).toEqual([
      [
        "index.rst:55: WARNING: Failed to create a cross reference. Any number is not assigned: index",
        "tests/test_build_html.py",
        "sphinx/domains/std.py",
        true,
      ],
    ]);
  });

  test("a glob pattern a test matches output against (pytest-dev__pytest-8906: fnmatch_lines)", async () => {
    // The test checks `result.stdout.fnmatch_lines(["*Using pytest.skip outside of a test will skip the entire
    // module*"])`; the fix's message (four implicitly joined strings) starts with that text. `*` is a wildcard.
    const pytest = (await analyseReal()).get("pytest-dev__pytest-8906");
    expect(pytest?.literals.map((l) => [l.text, l.test.path, l.gold.path, l.introduced])).toEqual([
      [
        "*Using pytest.skip outside of a test will skip the entire module*",
        "testing/test_skipping.py",
        "src/_pytest/python.py",
        true,
      ],
    ]);
  });

  test("a tested string of several lines the patch changes below its unchanged first line (django__django-14155)", async () => {
    // The test's expected repr is three implicitly joined strings; the patch changes the last two (`url_name='no-kwargs'`
    // quoted now), the first (`"ResolverMatch(func=urlpatterns_reverse.views.empty_view, "`) is context. The fix's
    // template `'ResolverMatch(func=%s, args=%r, kwargs=%r, url_name=%r, ' 'app_names=%r, …'` produces it.
    const django = (await analyseReal()).get("django__django-14155");
    expect(django?.literals.map((l) => [l.text.slice(0, 56), l.test.path, l.gold.path, l.introduced])).toEqual([
      [
        "ResolverMatch(func=urlpatterns_reverse.views.empty_view,",
        "tests/urlpatterns_reverse/tests.py",
        "django/urls/resolvers.py",
        true,
      ],
    ]);
  });

  test("a variable counts only when the test hands it to a check: a plain use or a reassigned name does not", async () => {
    const found = await evidenceOf({
      code: [
        {
          path: "units.py",
          before: "def parse(unit):\n    return unit\n",
          after:
            'def parse(unit):\n    if unit == "?":\n        raise ValueError("Unknown unit marker found")\n    log("Parsing the unit now")\n    return unit\n',
        },
      ],
      test: [
        {
          path: "test_units.py",
          before: null,
          after:
            'def test_bad():\n    msg = "Unknown unit marker found"\n    with pytest.raises(ValueError, match=msg):\n        parse("?")\n    note = "Parsing the unit now"\n    print_it(note)\n    other = "Parsing the unit now"\n    x = other\n',
        },
      ],
    });
    // `msg` goes to match=; `note` only to an ordinary call, `other` only to another name: neither checks.
    expect(found.map((l) => l.text)).toEqual(["Unknown unit marker found"]);
  });

  test("JavaScript: a message in a const, handed to toThrow", async () => {
    const found = await evidenceOf({
      code: [
        {
          path: "src/format.js",
          before: "export function format(name) {\n  return name;\n}\n",
          after: 'export function format(name) {\n  throw new Error("No such output format");\n}\n',
        },
      ],
      test: [
        {
          path: "test/format.test.js",
          before: null,
          after:
            'test("x", () => {\n  const message = "No such output format";\n  expect(() => format("xml")).toThrow(message);\n});\n',
        },
      ],
    });
    expect(found.map((l) => [l.text, l.test_path])).toEqual([["No such output format", "test/format.test.js"]]);
  });

  test("a template inside a tested string needs ten fixed characters", async () => {
    const found = await evidenceOf({
      code: [
        {
          path: "report.py",
          before: "def report(n):\n    return n\n",
          after:
            'def report(n):\n    log("no rows: %s" % n)\n    log("Could not reach the mirror at %s" % n)\n    return n\n',
        },
      ],
      test: [
        {
          path: "test_report.py",
          before: null,
          after:
            "def test_it():\n    out = run()\n    assert 'WARNING: no rows: 7 (ignored)' in out\n    assert 'app.py:3: Could not reach the mirror at example.org, retrying' in out\n",
        },
      ],
    });
    expect(found.map((l) => l.text)).toEqual(["app.py:3: Could not reach the mirror at example.org, retrying"]);
  });
});
