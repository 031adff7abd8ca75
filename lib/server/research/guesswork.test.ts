/**
 * Observed guesswork on a real database, on the turn's synthetic run (issue 44, item 8): 40 failed
 * instances with a predictions row each, 15 of them named differently, 15 with an empty or null
 * `model_patch`. The share is over the failed instances with a non-empty patch (15 of 25); the empty ones
 * are counted apart, in the rows the page, its CSV and `hints report guesswork` all print.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runReportCommand } from "../../cli/report-command";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { guessworkRows } from "./guesswork";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const write = (relative: string, text: string) => {
  const file = path.join(env.tmp.dir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};
const jsonl = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n");
const gold = (name: string) =>
  `diff --git a/lib/locale.py b/lib/locale.py\n--- a/lib/locale.py\n+++ b/lib/locale.py\n@@ -1 +1,3 @@\n x = 1\n+def ${name}(module):\n+    return module\n`;
const tests = `diff --git a/tests/test_locale.py b/tests/test_locale.py\n--- a/tests/test_locale.py\n+++ b/tests/test_locale.py\n@@ -1 +1,3 @@\n from lib.locale import *\n+def test_it():\n+    assert get_best_parsable_locale(None) is None\n`;
const ids = Array.from({ length: 45 }, (_, i) => `guess__work-${i + 1}`);

beforeAll(async () => {
  env = await openTempDatabase();
  const instances = ids.map((id) => ({
    instance_id: id,
    repo: "guess/work",
    base_commit: "a".repeat(40),
    patch: gold("get_best_parsable_locale"),
    test_patch: tests,
    problem_statement: "Pick the best parsable locale.",
    FAIL_TO_PASS: "[]",
  }));
  await importFiles(env.db, [write("guess.jsonl", jsonl(instances))], { benchmark: "Guess" });
  await analyzePendingInstances(env.db);
  // 1–15: named differently; 16–22: empty text; 23–30: null; 31–40: the tests' own name; 41–45: resolved.
  const patchOf = (n: number) =>
    n <= 15 ? gold("get_locale") : n <= 22 ? "" : n <= 30 ? null : gold("get_best_parsable_locale");
  const preds = ids.map((id, i) => ({ instance_id: id, model_name_or_path: "guesser", model_patch: patchOf(i + 1) }));
  await importFiles(env.db, [write("guesser.jsonl", jsonl(preds))], { benchmark: "Guess" });
  const results = ids.map((id, i) => ({
    instance_id: id,
    model: "guesser",
    selection: "official",
    projection: "official",
    resolved: i + 1 > 40,
  }));
  await importFiles(env.db, [write("guesser-results.jsonl", jsonl(results))], { benchmark: "Guess" });
});
afterAll(() => env.close());

test("guesswork is a share of the failed instances with a non-empty patch: 15 of 25, empty ones apart", async () => {
  const [row] = await guessworkRows(env.db, "Guess");
  expect(row).toMatchObject({
    model: "guesser",
    failed_with_patch: 25,
    failed_empty_patch: 15,
    named_differently: 15,
    share: 0.6,
  });
  // Wilson's interval by its published formula (z = 1.959964): [0.407395, 0.765967].
  expect(row?.low).toBeCloseTo(0.407395, 6);
  expect(row?.high).toBeCloseTo(0.765967, 6);
});

test("`hints report guesswork` prints the same: 25 with a patch, 15 empty, share 0.6", async () => {
  const written: string[] = [];
  const stdout = process.stdout.write;
  process.stdout.write = ((chunk: string) => written.push(chunk) > 0) as typeof process.stdout.write;
  try {
    expect(await runReportCommand(env.db, "guesswork", { benchmark: "Guess", json: true })).toBe(0);
  } finally {
    process.stdout.write = stdout;
  }
  const [row] = JSON.parse(written.join("")) as Array<Record<string, unknown>>;
  expect(row).toMatchObject({ failed_with_patch: 25, failed_empty_patch: 15, named_differently: 15, share: 0.6 });
});
