// The error classes found by hand-reading real instances, at hunk boundaries: what a hunk cut from a
// block says when the analysis sees only the hunk and git's header; each on a small diff (issue: engine accuracy).
import { describe, expect, test } from "vitest";
import { analyseCase, filler, picked } from "../testing/analysis-helpers";
import { loadInstance } from "../testing/hand-checked-cases";
import { analyzeInstance } from "./analyze-instance";

describe("a hunk whose header names a method, running past that method's end", () => {
  const javaBefore = `package a;\n\npublic class Store {\n${filler(20, "    ", "//")}\n    public void foo() {\n        int x = 1;\n        if (x > 0) {\n            x++;\n        }\n    }\n}\n`;
  const javaAfter = javaBefore.replace(
    "    }\n}\n",
    "    }\n\n    /** Saves the name. */\n    public void saveName(String name) {\n        this.name = name;\n    }\n}\n",
  );
  const tsBefore = `export class Store {\n${filler(20, "  ", "//")}\n  foo(): number {\n    const x = 1;\n    if (x > 0) {\n      return x;\n    }\n    return 0;\n  }\n}\n`;
  const tsAfter = tsBefore.replace(
    "    return 0;\n  }\n}\n",
    "    return 0;\n  }\n\n  /** Saves the name. */\n  saveName(name: string): void {\n    this.name = name;\n  }\n}\n",
  );
  test.each([
    [
      "Java",
      "src/a/Store.java",
      javaBefore,
      javaAfter,
      "    public void foo() {",
      "src/test/StoreTest.java",
      'class StoreTest {\n  void t() { new Store().saveName("x"); }\n}\n',
    ],
    [
      "TypeScript",
      "src/store.ts",
      tsBefore,
      tsAfter,
      "  foo(): number {",
      "test/store.test.ts",
      'import { Store } from "../src/store";\nnew Store().saveName("x");\n',
    ],
  ])(
    "%s: the method added after it is found, and the named method is not changed",
    async (_l, path, before, after, header, testPath, testText) => {
      const analysis = await analyseCase({
        code: [{ path, before, after }],
        test: [{ path: testPath, before: null, after: testText }],
        codeContext: () => header,
      });
      expect(picked(analysis, "defuse")).toContain(analysis.identifiers.find((i) => i.member === "saveName")?.name);
      expect(analysis.identifiers.find((i) => i.member === "saveName")).toMatchObject({
        status: "new",
        kind: "method",
      });
      // foo's body is untouched: the changes are after its end.
      expect(analysis.identifiers.some((i) => i.member === "foo")).toBe(false);
    },
  );

  test("Java: a change inside the named method is still its change", async () => {
    const after = javaBefore.replace("            x++;", "            x += 2;");
    const analysis = await analyseCase({
      code: [{ path: "src/a/Store.java", before: javaBefore, after }],
      test: [{ path: "src/test/StoreTest.java", before: null, after: "class StoreTest {}\n" }],
      codeContext: () => "    public void foo() {",
    });
    expect(analysis.identifiers.find((i) => i.member === "foo")).toMatchObject({ status: "changed" });
  });
});

describe("Go hunks that start inside `type X struct {` or `var (`", () => {
  const testFile = (use: string) => ({
    path: "a/store_test.go",
    before: null,
    after: `package a\n\nimport "testing"\n\nfunc TestSave(t *testing.T) {\n\t${use}\n}\n`,
  });
  const structBefore = `package a\n\ntype Store struct {\n${filler(20, "\t", "//")}\n\tName string\n\tAge  int\n}\n\nfunc (s *Store) Load() error {\n\treturn nil\n}\n`;
  test("a field added at the struct's end, and a method after it: both found", async () => {
    const after = structBefore.replace(
      "\tAge  int\n}\n\nfunc (s *Store) Load() error {",
      "\tAge  int\n\tNick string\n}\n\n// SaveName saves it.\nfunc (s *Store) SaveName(name string) {\n\ts.Name = name\n}\n\nfunc (s *Store) Load() error {",
    );
    const analysis = await analyseCase({
      code: [{ path: "a/store.go", before: structBefore, after }],
      test: [testFile('s := &Store{Nick: "n"}\n\ts.SaveName("x")')],
      codeContext: () => "type Store struct {",
    });
    expect(picked(analysis, "defuse")).toEqual(["Store.Nick", "Store.SaveName"]);
    expect(analysis.identifiers.find((i) => i.name === "Store.Nick")).toMatchObject({ kind: "field", status: "new" });
  });

  const varsBefore = `package a\n\nvar (\n${filler(20, "\t", "//")}\n\tDefaultName = "x"\n\tDefaultAge = 1\n)\n\nfunc Load() error {\n\treturn nil\n}\n`;
  test.each([
    ["inside the group", varsBefore.replace("\tDefaultAge = 1\n", '\tDefaultAge = 1\n\tDefaultNick = "n"\n')],
    [
      "running past its )",
      varsBefore.replace(
        "\tDefaultAge = 1\n)\n\nfunc Load",
        '\tDefaultAge = 1\n\tDefaultNick = "n"\n)\n\nfunc Helper() {}\n\nfunc Load',
      ),
    ],
  ])("a package variable added %s is a package name, not a local", async (_where, after) => {
    const analysis = await analyseCase({
      code: [{ path: "a/vars.go", before: varsBefore, after }],
      test: [testFile("_ = DefaultNick")],
      codeContext: () => "var (",
    });
    expect(picked(analysis, "defuse")).toEqual(["DefaultNick"]);
    expect(analysis.identifiers.find((i) => i.name === "DefaultNick")).toMatchObject({
      kind: "variable",
      status: "new",
    });
  });
});

test("Go: keys of nested literals whose type is elided are uses of the element type's fields", async () => {
  const before = "package models\n\ntype VulnInfo struct {\n\tCveID string\n}\n\ntype VulnInfos map[string]VulnInfo\n";
  const after = before.replace("\tCveID string\n", "\tCveID string\n\tDiffStatus string\n");
  const analysis = await analyseCase({
    code: [{ path: "models/vulninfos.go", before, after }],
    test: [
      {
        path: "models/vulninfos_test.go",
        before: null,
        after:
          'package models\n\nimport "testing"\n\nfunc TestDiff(t *testing.T) {\n\tin := VulnInfos{\n\t\t"CVE-1": {CveID: "CVE-1", DiffStatus: "+"},\n\t}\n\t_ = []VulnInfo{{DiffStatus: "-"}}\n\t_ = in\n}\n',
      },
    ],
  });
  expect(picked(analysis, "defuse")).toEqual(["VulnInfo.DiffStatus"]);
  expect(analysis.identifiers.find((i) => i.name === "VulnInfo.DiffStatus")?.usedAt).toHaveLength(2);
});

describe("Python: a later hunk under a method's header", () => {
  const before = `import os\n\n\nclass Store:\n    kind = "a"\n\n    def first(self):\n        return 1\n${filler(30)}\n\n    def existing(self):\n        return 2\n`;
  const after = before
    .replace('    kind = "a"\n', '    kind = "b"\n')
    .replace(
      "    def existing(self):\n        return 2\n",
      "    def existing(self):\n        return 2\n\n    def save_name(self, name):\n        self.name = name\n",
    );
  // git's python driver prints the header without its indentation; other tools keep it.
  test.each([
    ["as git prints it", "def existing(self):"],
    ["indented", "    def existing(self):"],
  ])(
    "a method added beside the named one is the class's an earlier hunk showed (owner carried; header %s)",
    async (_form, header) => {
      const analysis = await analyseCase({
        code: [{ path: "app/store.py", before, after }],
        test: [
          {
            path: "tests/test_store.py",
            before: null,
            after: "from app.store import Store\n\n\ndef test_save():\n    Store().save_name('x')\n",
          },
        ],
        codeContext: (hunk) => (hunk === 0 ? "class Store:" : header),
      });
      expect(picked(analysis, "defuse")).toEqual(["Store.save_name"]);
      expect(analysis.identifiers.find((i) => i.name === "Store.save_name")).toMatchObject({
        kind: "method",
        status: "new",
      });
      // The named method is not changed: its body is untouched.
      expect(analysis.identifiers.some((i) => i.member === "existing")).toBe(false);
    },
  );
});

test("TypeScript: statements of a method body under the class's header are no fields of the class", async () => {
  const before = `export class Store {\n  load(): number {\n    const items = [];\n${filler(20, "    ", "//")}\n    let total = 0;\n    total += 1;\n    return total;\n  }\n}\n`;
  const after = before.replace(
    "    total += 1;\n",
    "    total += 1;\n    const extra = computeExtra(total);\n    this.last = extra;\n    total += extra;\n",
  );
  const analysis = await analyseCase({
    code: [{ path: "src/store.ts", before, after }],
    test: [
      {
        path: "test/store.test.ts",
        before: null,
        after: "import { Store } from '../src/store';\nnew Store().load();\n",
      },
    ],
    codeContext: () => "export class Store {",
  });
  const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => i.name);
  // Was: Store.const, Store.total (changed), Store.return.
  expect(code.filter((name) => /^Store\.(const|total|return|extra)$/.test(name))).toEqual([]);
});

describe("Python: a hunk under a method's header", () => {
  const params = Array.from({ length: 8 }, (_, i) => `                 p${i},`).join("\n");
  const before = `class Reader:\n    kind = "plain"\n${filler(10)}\n\n    def __init__(self,\n${params}\n                 mode="r"):\n${filler(12, "        ")}\n        self.mode = mode\n`;
  const after = before
    .replace('                 mode="r"):', '                 mode="r",\n                 encoding="utf-8"):')
    .replace("        self.mode = mode\n", "        self.mode = mode\n        self.encoding = encoding\n");
  const testSide = [
    {
      path: "tests/test_reader.py",
      before: null,
      after: "from m.reader import Reader\nr = Reader('p', encoding='x')\nr.encoding\n",
    },
  ];

  const headers = [
    ["as git prints it", "def __init__(self,"],
    ["indented", "    def __init__(self,"],
  ];

  test.each(headers)(
    "that starts mid-signature keeps the parameters the method gains; `self.x = …` below is its class's field (header %s)",
    async (_form, header) => {
      // The class line is shown by no hunk: the method's class is unknown, its parameter and field are still read
      // (the field's class is what the test reads it through: `r = Reader(…)`, `r.encoding`).
      const analysis = await analyseCase({
        code: [{ path: "m/reader.py", before, after }],
        test: testSide,
        codeContext: () => header,
      });
      const code = analysis.identifiers.filter((i) => i.side === "code");
      expect(code.map((i) => i.name)).toEqual(expect.arrayContaining(["__init__.encoding", "Reader.encoding"]));
      expect(code.find((i) => i.name === "__init__")).toMatchObject({ kind: "method", status: "changed" });
    },
  );

  test.each(headers)(
    "the class an earlier hunk showed owns the gained parameter and the `self.` field (header %s)",
    async (_form, header) => {
      const changedClass = after.replace('    kind = "plain"', '    kind = "text"');
      const analysis = await analyseCase({
        code: [{ path: "m/reader.py", before, after: changedClass }],
        test: testSide,
        codeContext: (hunk) => (hunk === 0 ? "" : header),
      });
      const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => i.name);
      expect(code).toEqual(expect.arrayContaining(["Reader.__init__.encoding", "Reader.encoding"]));
      expect(code.filter((name) => name === "encoding" || name === "__init__.encoding")).toEqual([]);
      expect(picked(analysis, "defuse")).toEqual(expect.arrayContaining(["Reader.encoding"]));
    },
  );
});

describe("Python headers as git prints them, on real records (from their hunks alone)", () => {
  test("pallets__flask-4992: `@@ … @@ def from_file(` starts mid-signature; the gained `text` is found", async () => {
    const analysis = await analyzeInstance(loadInstance("swebench-lite.jsonl", "pallets__flask-4992"));
    const byName = new Map(analysis.identifiers.map((i) => [i.name, i]));
    // The hunk does not show `class Config`: the method's class is unknown, its parameter is still read.
    // Its `self,` line is above the hunk: the signature the hunk shows is partial, so none is stated.
    expect(byName.get("from_file")).toMatchObject({ kind: "method", status: "changed", signature: null });
    expect(byName.get("from_file.text")).toMatchObject({ kind: "parameter", status: "new" });
    expect(picked(analysis, "defuse")).toEqual(["from_file.text"]);
  });

  test("psf__requests-863: a hunk under `def path_url(self):` whose change is inside register_hook changes that", async () => {
    const analysis = await analyzeInstance(loadInstance("swebench-lite.jsonl", "psf__requests-863"));
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => i.name);
    // Its class from the test's `r = requests.models.Request()` then `r.register_hook(…)` (requests' models.py has it so).
    expect(code).toContain("Request.register_hook");
    expect(code).not.toContain("path_url");
  });
});
