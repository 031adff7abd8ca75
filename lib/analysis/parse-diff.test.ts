import { describe, expect, test } from "vitest";
import { makeDiff } from "../testing/make-diff";
import { DiffParseError, parseDiff } from "./parse-diff";

describe("parseDiff", () => {
  test("several hunks in a modified file, with line numbers on both sides", () => {
    const before = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n");
    const after = before.replace("line 3", "line three").replace("line 25", "line 25\nline 25b");
    const [file] = parseDiff(makeDiff([{ path: "a.py", before, after }]));
    expect(file).toMatchObject({ path: "a.py", status: "modified", binary: false });
    expect(file?.hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines])).toEqual([
      [1, 6, 1, 6],
      [23, 6, 23, 7],
    ]);
    const added = file?.hunks[1]?.lines.find((l) => l.kind === "+");
    expect(added).toMatchObject({ text: "line 25b", oldLine: null, newLine: 26, diffLine: 16 });
  });

  test("new and deleted files", () => {
    const files = parseDiff(
      makeDiff([
        { path: "new.go", before: null, after: "package x\n" },
        { path: "old.go", before: "package y\n", after: null },
      ]),
    );
    expect(files.map((f) => [f.path, f.status, f.oldPath, f.newPath])).toEqual([
      ["new.go", "added", null, "new.go"],
      ["old.go", "deleted", "old.go", null],
    ]);
  });

  test("a rename with a change, a binary file, and no newline at the end", () => {
    const text = [
      "diff --git a/src/old_name.py b/src/new_name.py",
      "similarity index 90%",
      "rename from src/old_name.py",
      "rename to src/new_name.py",
      "--- a/src/old_name.py",
      "+++ b/src/new_name.py",
      "@@ -1,2 +1,2 @@ class Thing:",
      " x = 1",
      "-y = 2",
      "\\ No newline at end of file",
      "+y = 3",
      "\\ No newline at end of file",
      "diff --git a/logo.png b/logo.png",
      "index 1234567..89abcde 100644",
      "Binary files a/logo.png and b/logo.png differ",
    ].join("\n");
    const [renamed, binary] = parseDiff(text);
    expect(renamed).toMatchObject({
      oldPath: "src/old_name.py",
      newPath: "src/new_name.py",
      path: "src/new_name.py",
      status: "renamed",
    });
    expect(renamed?.hunks[0]?.context).toBe("class Thing:");
    expect(renamed?.hunks[0]?.lines.map((l) => `${l.kind}${l.text}`)).toEqual([" x = 1", "-y = 2", "+y = 3"]);
    expect(binary).toMatchObject({ path: "logo.png", binary: true, hunks: [] });
  });

  test("CRLF line endings", () => {
    const text = makeDiff([{ path: "a.js", before: "a\nb\n", after: "a\nc\n" }]).replace(/\n/g, "\r\n");
    const lines = parseDiff(text)[0]?.hunks[0]?.lines.map((l) => `${l.kind}${l.text}`);
    expect(lines).toEqual([" a", "-b", "+c"]);
  });

  test("a hunk header without counts means one line", () => {
    const [file] = parseDiff("--- a/x.py\n+++ b/x.py\n@@ -3 +3 @@\n-a\n+b\n");
    expect(file?.hunks[0]).toMatchObject({ oldStart: 3, oldLines: 1, newStart: 3, newLines: 1 });
  });

  test.each([
    ["a truncated hunk", "--- a/x.py\n+++ b/x.py\n@@ -1,3 +1,3 @@\n a\n-b\n", 5, /truncated/],
    [
      "a broken hunk header",
      "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1,x +1 @@\n",
      4,
      /not a hunk header/,
    ],
    ["a line that is not part of the hunk", "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n a\n?b\n", 5, /ends early/],
  ])("%s is an error at its line", (_name, text, line, message) => {
    const error = (() => {
      try {
        parseDiff(text);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(DiffParseError);
    expect((error as DiffParseError).line).toBe(line);
    expect((error as DiffParseError).message).toMatch(message);
  });
});

test("a patch of more hunks than the analysis reads is a located error, not an analysis that runs for minutes", async () => {
  const { MAX_HUNKS } = await import("./parse-diff");
  const hunks = (n: number) =>
    Array.from({ length: n }, (_, i) => `@@ -${i * 10 + 1},1 +${i * 11 + 1},2 @@\n x${i} = 1\n+y${i} = 2\n`).join("");
  const patch = (n: number) => `diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n${hunks(n)}`;
  expect(parseDiff(patch(MAX_HUNKS))[0]?.hunks).toHaveLength(MAX_HUNKS);
  let error: unknown;
  try {
    parseDiff(patch(MAX_HUNKS + 1));
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(DiffParseError);
  // The header of hunk 5,001: three file-header lines, then three lines per hunk.
  expect((error as DiffParseError).message).toMatch(/more than 5000 hunks/);
  expect((error as DiffParseError).line).toBe(3 + MAX_HUNKS * 3 + 1);
});
