// The error classes found by hand-reading real instances, each on a small diff (issue: engine accuracy).
import { describe, expect, test } from "vitest";
import { type AnalysisCase, analyseCase, filler, picked } from "../testing/analysis-helpers";
import { loadInstance } from "../testing/hand-checked-cases";
import { analyzeInstance } from "./analyze-instance";
import { renderHint } from "./render-hint";

const names = async (c: AnalysisCase, selection: "defuse" | "pro" = "defuse") =>
  picked(await analyseCase(c), selection);

describe("imports and require bindings are not definitions", () => {
  test.each([
    ["const meta = require('../meta');", "meta"],
    ["const { meta } = require('../meta');", "meta"],
    ["const user = require('./user').default;", "user"],
    ["import meta from '../meta';", "meta"],
  ])("JavaScript: %s defines nothing", async (line, binding) => {
    const c: AnalysisCase = {
      code: [{ path: "src/posts.js", before: "module.exports = {};\n", after: `${line}\nmodule.exports = {};\n` }],
      test: [
        { path: "test/posts.js", before: "", after: `const ${binding} = require('../src/meta');\n${binding}.get();\n` },
      ],
    };
    expect(await names(c, "pro")).not.toContain(binding);
    expect(await names(c)).not.toContain(binding);
  });

  test("Python: from a import b defines nothing", async () => {
    const c: AnalysisCase = {
      code: [{ path: "app/views.py", before: "x = 1\n", after: "from app.models import load_user\nx = 1\n" }],
      test: [{ path: "tests/test_views.py", before: "", after: "from app.models import load_user\nload_user()\n" }],
    };
    expect(await names(c, "pro")).toEqual(["x"].filter(() => false));
  });
});

describe("Go test files are the test side", () => {
  test("a code-side import of package …/audit does not use the test patch's new audit_test.go", async () => {
    const c: AnalysisCase = {
      code: [
        {
          path: "internal/server/server.go",
          before: 'package server\n\nimport "fmt"\n\nfunc Run() { fmt.Println() }\n',
          after:
            'package server\n\nimport (\n\t"fmt"\n\t"example.com/app/internal/audit"\n)\n\nfunc Run() { fmt.Println(); audit.Log() }\n',
        },
        { path: "internal/audit/audit.go", before: null, after: "package audit\n\nfunc Log() {}\n" },
      ],
      test: [
        {
          path: "internal/audit/audit_test.go",
          before: null,
          after: 'package audit\n\nimport "testing"\n\nfunc TestLog(t *testing.T) { Log() }\n',
        },
      ],
    };
    const selected = await names(c);
    expect(selected).toContain("Log");
    expect(selected).not.toContain("internal/audit/audit_test.go");
  });
});

describe("JavaScript member-assignment definitions", () => {
  test("User.getCoverPath = async function … and module.exports.x = … define names a test uses", async () => {
    const c: AnalysisCase = {
      code: [
        {
          path: "src/user/picture.js",
          before: "module.exports = function (User) {\n};\n",
          after: [
            "module.exports = function (User) {",
            "\tUser.getCoverPath = async function (uid) {",
            "\t\treturn '/covers/' + uid;",
            "\t};",
            "};",
          ].join("\n"),
        },
        {
          path: "src/posts/uploads.js",
          before: "module.exports = function (Posts) {\n\tPosts.uploads = {};\n};\n",
          after: [
            "module.exports = function (Posts) {",
            "\tPosts.uploads = {};",
            "\tPosts.uploads.deleteFromDisk = async (paths) => {",
            "\t\treturn paths.length;",
            "\t};",
            "};",
          ].join("\n"),
        },
        {
          path: "src/slugs.js",
          before: "'use strict';\n",
          after: "'use strict';\nmodule.exports.slugify = (s) => s;\nexports.unslug = (s) => s;\n",
        },
      ],
      test: [
        {
          path: "test/user.js",
          before: "",
          after: [
            "const User = require('../src/user');",
            "const posts = require('../src/posts');",
            "const slugs = require('../src/slugs');",
            "it('covers', async () => {",
            "\tawait User.getCoverPath(1);",
            "\tawait posts.uploads.deleteFromDisk(['a']);",
            "\tslugs.slugify('a');",
            "\tslugs.unslug('a');",
            "});",
          ].join("\n"),
        },
      ],
    };
    expect(await names(c)).toEqual(["Posts.uploads.deleteFromDisk", "User.getCoverPath", "slugify", "unslug"]);
  });
});

describe("member names matched only through an owner the qualifier can denote", () => {
  test("Python: a test calling QTable.read does not select a changed RST.read (astropy__astropy-14182's shape)", async () => {
    const c: AnalysisCase = {
      code: [
        {
          path: "astropy/io/ascii/rst.py",
          before: "class RST:\n    def read(self, table):\n        return table\n",
          after:
            "class RST:\n    def read(self, table, header_rows=None):\n        return table\n\n    def write(self, lines):\n        return lines\n",
        },
      ],
      test: [
        {
          path: "astropy/io/ascii/tests/test_rst.py",
          before: "",
          after:
            "def test_read():\n    t = QTable.read(['a'], format='ascii.rst')\n    assert RST.write(None, ['x'])\n",
        },
      ],
    };
    const analysis = await analyseCase(c);
    const used = (name: string) => analysis.identifiers.find((i) => i.name === name)?.usedAt.length ?? 0;
    expect(used("RST.read")).toBe(0);
    expect(picked(analysis, "defuse")).toEqual(["RST.write"]);
  });

  test("Go: flipt.Variant{…} in a test does not use a new Variant constant of another package", async () => {
    const c: AnalysisCase = {
      code: [
        {
          path: "internal/ext/common.go",
          before: 'package ext\n\nconst Flag = "flag"\n',
          after:
            'package ext\n\nconst Flag = "flag"\n\nconst Variant = "variant"\n\nfunc Export() string { return Variant }\n',
        },
      ],
      test: [
        {
          path: "internal/server/server_test.go",
          before: "package server\n",
          after: [
            "package server",
            "",
            'import flipt "go.flipt.io/flipt/rpc/flipt"',
            'import "go.flipt.io/flipt/internal/ext"',
            "",
            "func TestX(t *testing.T) {",
            '\t_ = flipt.Variant{Key: "k"}',
            "\t_ = ext.Export()",
            "}",
          ].join("\n"),
        },
      ],
    };
    expect(await names(c)).toEqual(["Export"]);
  });

  test("Go: an alias of the defining package, and an unqualified use inside the package, both match", async () => {
    const c: AnalysisCase = {
      code: [
        {
          path: "internal/audit/audit.go",
          before: "package audit\n",
          after: "package audit\n\nfunc Log() {}\n\nfunc Flush() {}\n",
        },
      ],
      test: [
        {
          path: "internal/audit/audit_test.go",
          before: "package audit\n",
          after: "package audit\n\nfunc TestLog(t *testing.T) { Log() }\n",
        },
        {
          path: "internal/server/server_test.go",
          before: "package server\n",
          after:
            'package server\n\nimport au "go.example.com/app/internal/audit"\n\nfunc TestFlush(t *testing.T) { au.Flush() }\n',
        },
      ],
    };
    expect(await names(c)).toEqual(["Flush", "Log"]);
  });
});

describe("a match the hunks cannot settle is recorded as uncertain, and new definitions win over namesakes", () => {
  const readers: AnalysisCase = {
    code: [
      {
        path: "pkg/io/readers.py",
        before: "class CsvReader:\n    def read(self, path):\n        return path\n",
        after: [
          "class CsvReader:",
          "    def read(self, path, strict=False):",
          "        return path",
          "",
          "class JsonReader:",
          "    def read(self, path):",
          "        return path",
          "",
          "    def validate(self, data):",
          "        return data",
        ].join("\n"),
      },
    ],
    test: [
      {
        path: "tests/test_readers.py",
        before: "",
        after: [
          "def test_read(reader):",
          "    data = reader.read('x.json')",
          "    assert JsonReader.validate(None, data)",
        ].join("\n"),
      },
    ],
  };

  test("Python: obj.read() is an uncertain use; JsonReader.validate(…) a certain one", async () => {
    const analysis = await analyseCase(readers);
    const find = (name: string) => analysis.identifiers.find((i) => i.name === name);
    expect(find("JsonReader.read")?.usedAt.map((u) => u.uncertain ?? false)).toEqual([true]);
    expect(find("JsonReader.validate")?.usedAt.map((u) => u.uncertain ?? false)).toEqual([false]);
    // DefUse still picks both: an uncertain match is a match, shown as such to the curator.
    expect(picked(analysis, "defuse")).toEqual(["JsonReader.read", "JsonReader.validate"]);
  });

  test("Python: the uncertain reader.read() goes to the new JsonReader.read, not the changed CsvReader.read", async () => {
    const analysis = await analyseCase(readers);
    expect(analysis.identifiers.find((i) => i.name === "CsvReader.read")?.usedAt).toEqual([]);
    expect(analysis.identifiers.find((i) => i.name === "JsonReader.read")?.usedAt).toHaveLength(1);
  });
});

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

test("`_` is no identifier: Go's blank identifier, Python's throwaway variable and parameter", async () => {
  const analysis = await analyseCase({
    code: [
      {
        path: "a/x.go",
        before: "package a\n\nfunc Old() {}\n",
        after: "package a\n\nvar _ = Helper\n\nfunc Old() {}\n\nfunc Helper() int { return 1 }\n",
      },
      {
        path: "app/m.py",
        before: "x = 1\n",
        after: "x = 1\n_ = os.path\nfor _ in range(3):\n    pass\n\n\ndef helper(_, b):\n    return b\n",
      },
    ],
    test: [
      {
        path: "a/x_test.go",
        before: null,
        after: 'package a\n\nimport "testing"\n\nfunc TestH(t *testing.T) { _ = Helper() }\n',
      },
    ],
  });
  const names = analysis.identifiers.map((i) => i.name);
  expect(names.filter((n) => n === "_" || n.endsWith("._"))).toEqual([]);
  expect(picked(analysis, "defuse")).toEqual(["Helper"]);
  expect(names).toContain("helper.b");
});

test("Ruby: class-body macros that declare accessors by symbol define them (config_param's first symbol only)", async () => {
  const before = "module Fluent\n  class BufferOutput\n    attr_reader :queue\n  end\nend\n";
  const after =
    "module Fluent\n  class BufferOutput\n    attr_reader :queue\n    config_param :flush_interval, :time, default: 60\n    delegate :size, to: :queue\n  end\nend\n";
  const analysis = await analyseCase({
    code: [{ path: "lib/fluent/buffer_output.rb", before, after }],
    test: [
      {
        path: "test/test_buffer_output.rb",
        before: null,
        after:
          "class BufferOutputTest\n  def test_interval\n    d.instance.flush_interval\n    d.instance.size\n  end\nend\n",
      },
    ],
  });
  const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => i.name);
  expect(code).toEqual(expect.arrayContaining(["Fluent.BufferOutput.flush_interval", "Fluent.BufferOutput.size"]));
  // `:time` is the accessor's type, not another accessor.
  expect(code).not.toContain("Fluent.BufferOutput.time");
  expect(picked(analysis, "defuse")).toEqual(["Fluent.BufferOutput.flush_interval", "Fluent.BufferOutput.size"]);
});

describe("members of a nested anonymous type belong to the member that holds it", () => {
  test("TypeScript: `Labels: { status: string }` in interface Schema is Schema.Labels.status, not Schema.status", async () => {
    const analysis = await analyseCase({
      code: [
        {
          path: "src/schema.ts",
          before: "export interface Schema {\n  id: string;\n}\n",
          after:
            "export interface Schema {\n  id: string;\n  Labels: {\n    status: string;\n    color?: number;\n  };\n}\nexport type Opts = { inner: { deep: boolean } };\n",
        },
      ],
      test: [
        {
          path: "test/schema.test.ts",
          before: null,
          after: "import { Schema } from '../src/schema';\nconst s: Schema = load();\ns.Labels.status;\n",
        },
      ],
    });
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => i.name);
    expect(code).toEqual(
      expect.arrayContaining(["Schema.Labels", "Schema.Labels.status", "Schema.Labels.color", "Opts.inner.deep"]),
    );
    expect(code.filter((name) => ["Schema.status", "Schema.color", "Opts.deep"].includes(name))).toEqual([]);
    expect(picked(analysis, "defuse")).toEqual(["Schema.Labels", "Schema.Labels.status"]);
  });

  test("Go: `Server struct { Port int }` in struct Config is Config.Server.Port, at every depth", async () => {
    const analysis = await analyseCase({
      code: [
        {
          path: "a/cfg.go",
          before: "package a\n\ntype Config struct {\n\tName string\n}\n",
          after:
            "package a\n\ntype Config struct {\n\tName string\n\tServer struct {\n\t\tPort int\n\t\tTLS  *struct {\n\t\t\tCert string\n\t\t}\n\t}\n\tPeers []struct{ Addr string }\n}\n",
        },
      ],
      test: [
        {
          path: "a/cfg_test.go",
          before: null,
          after: 'package a\n\nimport "testing"\n\nfunc TestC(t *testing.T) { c := Config{}; _ = c.Server.Port }\n',
        },
      ],
    });
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => i.name);
    expect(code).toEqual(expect.arrayContaining(["Config.Server.Port", "Config.Server.TLS.Cert", "Config.Peers.Addr"]));
    expect(code.filter((name) => /^Config\.(Port|TLS|Cert|Addr)$/.test(name))).toEqual([]);
    expect(picked(analysis, "defuse")).toEqual(["Config.Server", "Config.Server.Port"]);
  });
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
      // The class line is shown by no hunk: the method's class is unknown, its parameter and field are still read.
      const analysis = await analyseCase({
        code: [{ path: "m/reader.py", before, after }],
        test: testSide,
        codeContext: () => header,
      });
      const code = analysis.identifiers.filter((i) => i.side === "code");
      expect(code.map((i) => i.name)).toEqual(expect.arrayContaining(["__init__.encoding", "encoding"]));
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
    expect(code).toContain("register_hook");
    expect(code).not.toContain("path_url");
  });
});

describe("a signature spread over lines reads without its parameter list's trailing comma", () => {
  test.each([
    [
      "Python",
      "m/a.py",
      "x = 1\n",
      "x = 1\n\n\ndef make(\n    a: int,\n    b=(1,),\n) -> int:\n    return a\n",
      "make(a: int, b=(1,)) -> int",
    ],
    [
      "TypeScript",
      "src/a.ts",
      "export const x = 1;\n",
      "export const x = 1;\nexport function make(\n  a: number,\n  b: [number,],\n): number {\n  return a;\n}\n",
      "make(a: number, b: [number,]): number",
    ],
    [
      "Go",
      "a/a.go",
      "package a\n",
      "package a\n\nfunc Make(\n\ta int,\n\tb string,\n) (int, error) {\n\treturn a, nil\n}\n",
      "func Make(a int, b string) (int, error)",
    ],
    [
      "Rust",
      "src/a.rs",
      "fn x() {}\n",
      "fn x() {}\npub fn make(\n    a: (i32,),\n    b: &str,\n) -> i32 {\n    1\n}\n",
      "pub fn make(a: (i32,), b: &str) -> i32",
    ],
    [
      "PHP",
      "src/a.php",
      "<?php\n",
      "<?php\nfunction make(\n    int $a,\n    string $b,\n): int {\n    return 1;\n}\n",
      "function make(int $a, string $b): int",
    ],
  ])("%s (a one-element tuple keeps its comma)", async (_language, path, before, after, signature) => {
    const analysis = await analyseCase({ code: [{ path, before, after }], test: [] });
    expect(analysis.identifiers.find((i) => i.member.toLowerCase() === "make")?.signature).toBe(signature);
  });
});

describe("overloads: every one is kept, the hint states those the tests call", () => {
  const code = {
    path: "src/main/java/p/Proc.java",
    before: "package p;\n\npublic class Proc {\n}\n",
    after:
      "package p;\n\npublic class Proc {\n  public static Proc newBase64Processor(String prefix) { return null; }\n  public static Proc newBase64Processor() { return null; }\n  public static Proc newBase64Processor(String prefix, int n) { return null; }\n}\n",
  };
  const calling = (calls: string) => ({
    path: "src/test/java/p/ProcTest.java",
    before: null,
    after: `package p;\n\nclass ProcTest {\n  void t() { ${calls} }\n}\n`,
  });
  const stated = async (calls: string | null) => {
    const analysis = await analyseCase({ code: [code], test: calls === null ? [] : [calling(calls)] });
    const method = analysis.identifiers.find((i) => i.name === "Proc.newBase64Processor");
    return method ? renderHint([{ identifier: method, description: null, behaviour: null }], "declaration") : null;
  };

  test("the tests call newBase64Processor(): the hint states that overload, not the first declared", async () => {
    const hint = await stated("Proc.newBase64Processor();");
    expect(hint).toContain("Signature: `public static Proc newBase64Processor()`");
    expect(hint).not.toContain("String prefix");
  });

  test("the tests call two of the three: both are stated, one line each", async () => {
    const hint = await stated('Proc.newBase64Processor(); Proc.newBase64Processor("x", 2);');
    expect(hint?.split("\n").filter((line) => line.startsWith("Signature:"))).toEqual([
      "Signature: `public static Proc newBase64Processor()`",
      "Signature: `public static Proc newBase64Processor(String prefix, int n)`",
    ]);
  });

  test("TypeScript: overload signatures are declarations; a call with one argument states the one-parameter overload", async () => {
    const analysis = await analyseCase({
      code: [
        {
          path: "src/p.ts",
          before: "export const x = 1;\n",
          after:
            "export const x = 1;\nexport function parse(text: string, radix: number): number;\nexport function parse(text: string): number;\nexport function parse(text: string, radix?: number): number {\n  return 1;\n}\n",
        },
      ],
      test: [{ path: "test/p.test.ts", before: null, after: "import { parse } from '../src/p';\nparse('1');\n" }],
    });
    expect(analysis.identifiers.find((i) => i.name === "parse")?.signature).toBe("parse(text: string): number");
  });

  test("no test calls it: every overload is stated", async () => {
    const hint = await stated(null);
    expect(hint?.split("\n").filter((line) => line.startsWith("Signature:"))).toHaveLength(3);
  });
});
