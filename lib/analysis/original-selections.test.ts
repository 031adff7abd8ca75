// Doc2Feat and FEA as their benchmarks' own code selects (NoCode-bench's augment.py, FEA-Bench's
// get_dataset.py), each rule on a small diff; the shared records' figures are in the extended run.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { analyseCase, picked } from "../testing/analysis-helpers";
import { makeTempDir } from "../testing/fixtures";
import { git } from "../testing/git-upstream";
import { makeDiff } from "../testing/make-diff";
import { analyzeInstance } from "./analyze-instance";
import { repoFragments } from "./repo-fragments";

describe("Doc2Feat: names new to their files in both patches, plus new code files, minus what the issue names", () => {
  // `render_row` is new to both files; `format_cell` was in the code file already (the hunk shows it) and
  // `table_width` in the test file already: on added lines of both patches, but not new to their files.
  const code = {
    path: "pkg/table.py",
    before: "def table_width(rows):\n    return len(rows)\n\n\ndef format_cell(value):\n    return str(value)\n",
    after:
      "def table_width(rows):\n    return len(rows)\n\n\ndef format_cell(value):\n    return str(value)\n\n\ndef render_row(cells):\n    return ' | '.join(format_cell(c) for c in cells) + str(table_width(cells))\n",
  };
  const testFile = {
    path: "tests/test_table.py",
    before: "from pkg.table import table_width\n\n\ndef test_width():\n    assert table_width([1]) == 1\n",
    after:
      "from pkg.table import table_width, render_row, format_cell\n\n\ndef test_width():\n    assert table_width([1]) == 1\n\n\ndef test_row():\n    assert render_row([1]) == format_cell(1) + ' | ' + str(table_width([1]))\n",
  };

  test("a name already in its file on either side is not new there", async () => {
    const analysis = await analyseCase({ code: [code], test: [testFile] });
    expect(picked(analysis, "doc2feat")).toEqual(["render_row"]);
  });

  test("a name the issue contains (as text, as augment.py asks) is left out", async () => {
    const analysis = await analyseCase({ code: [code], test: [testFile], issue: "Tables need a render_row helper." });
    expect(picked(analysis, "doc2feat")).toEqual([]);
    // DefUse does not read the issue.
    expect(picked(analysis, "defuse")).toEqual(["render_row"]);
  });

  test("a new code file is Doc2Feat's (its path), unless the issue names it", async () => {
    const newFile = { path: "pkg/csv_out.py", before: null, after: "def write_csv(rows):\n    return rows\n" };
    const analysis = await analyseCase({ code: [code, newFile], test: [testFile] });
    expect(picked(analysis, "doc2feat")).toEqual(["pkg/csv_out.py", "render_row"]);
    const named = await analyseCase({ code: [code, newFile], test: [testFile], issue: "Add pkg/csv_out.py for CSV." });
    expect(picked(named, "doc2feat")).toEqual(["render_row"]);
  });

  test("with the repository, 'new to the file' is the whole file's, not the hunks'", async () => {
    // `format_cell` exists far above the hunk: from the hunks alone it looks new to the file; from the
    // whole file it is not.
    const filler = Array.from({ length: 40 }, (_, i) => `# line ${i}`).join("\n");
    const before = `def format_cell(value):\n    return str(value)\n${filler}\n\ndef other():\n    return 1\n`;
    const after = `${before}\n\ndef render_row(cells):\n    return [format_cell(c) for c in cells]\n`;
    const input = {
      instanceId: "case",
      goldPatch: makeDiff([{ path: "table.py", before, after }]),
      testPatch: makeDiff([
        {
          path: "test_table.py",
          before: null,
          after: "from table import render_row, format_cell\nassert render_row([1]) == [format_cell(1)]\n",
        },
      ]),
    };
    expect(picked(await analyzeInstance(input), "doc2feat")).toEqual(["format_cell", "render_row"]);
    const repo = makeTempDir("hintscope-d2f-");
    try {
      git(repo.dir, "init", "-q");
      writeFileSync(path.join(repo.dir, "table.py"), before);
      git(repo.dir, "add", ".");
      git(repo.dir, "commit", "-qm", "base");
      const exact = await analyzeInstance(input, repoFragments(repo.dir, git(repo.dir, "rev-parse", "HEAD")));
      expect(picked(exact, "doc2feat")).toEqual(["render_row"]);
    } finally {
      repo.cleanup();
    }
  });
});

describe("FEA: every new function and class at any depth, nested ones too", () => {
  const before =
    "class Loader:\n    def load(self, path):\n        def read(p):\n            return open(p).read()\n        return read(path)\n";

  test("nested functions and classes of new code are FEA's (named by what encloses them), not Pro's or DefUse's", async () => {
    const after = `${before}\n\ndef build(spec):\n    def step(x):\n        class Node:\n            pass\n        return Node()\n\n    async def fetch(url):\n        def parse(body):\n            return body\n        return parse(url)\n\n    return step(spec)\n`;
    const analysis = await analyseCase({
      code: [{ path: "loader.py", before, after }],
      test: [{ path: "test_loader.py", before: null, after: "from loader import build\nassert build(1)\n" }],
    });
    expect(picked(analysis, "fea")).toEqual([
      "build",
      "build.fetch",
      "build.fetch.parse",
      "build.step",
      "build.step.Node",
    ]);
    expect(picked(analysis, "pro")).toEqual(["build", "build.spec"]);
    expect(analysis.identifiers.find((i) => i.name === "build.step")).toMatchObject({ local: true, kind: "function" });
  });

  test("a nested function that was there before is not new; one added to an existing method is", async () => {
    const after = before.replace(
      "        return read(path)\n",
      "        def decode(text):\n            return text.strip()\n        return decode(read(path))\n",
    );
    const analysis = await analyseCase({
      code: [{ path: "loader.py", before, after }],
      test: [{ path: "test_loader.py", before: null, after: "from loader import Loader\nLoader().load('x')\n" }],
      codeContext: () => "class Loader:",
    });
    expect(picked(analysis, "fea")).toEqual(["Loader.load.decode"]);
    // A local function is no name a test can call: never DefUse's, even when a test uses the same word.
    expect(picked(analysis, "defuse")).toEqual([]);
  });
});
