// The error classes found by hand-reading real instances, each on a small diff (issue: engine accuracy).
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
            "\t\treturn `/covers/${uid}`;",
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
