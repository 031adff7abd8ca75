// The error classes found by hand-reading real instances, on how uses are matched to definitions; each on a
// small diff (issue: engine accuracy).
import { describe, expect, test } from "vitest";
import { type AnalysisCase, analyseCase, picked } from "../testing/analysis-helpers";

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
