import { expect, test } from "vitest";
import { parseListState } from "../../review/list-state";
import { jsonl, makeTempDir } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { listIds } from "../list/review-list";
import { analyzePendingInstances } from "./analyze-stored-instances";

const diff = (path: string, lines: string[]) =>
  `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1,${lines.length + 1} @@\n x = 1\n${lines.map((l) => `+${l}`).join("\n")}\n`;

test("an agent's patch is observed after the analysis: the list's facet keeps instances it named differently", async () => {
  const { db, close } = await openTempDatabase();
  const tmp = makeTempDir("hintscope-observe-");
  try {
    const record = (n: number) => ({
      instance_id: `acme__locale-${n}`,
      repo: "acme/locale",
      base_commit: "a".repeat(40),
      patch: diff("lib/locale.py", ["def get_best_parsable_locale(module):", "    return module"]),
      test_patch: diff("tests/test_locale.py", ["def test_it():", "    assert get_best_parsable_locale(None) is None"]),
      problem_statement: "Pick the best parsable locale.",
      FAIL_TO_PASS: "[]",
    });
    await importFiles(db, [tmp.write("swebench-lite-locale.jsonl", jsonl([record(1), record(2)]))]);
    // Run m named it get_locale on 1, and got it right on 2.
    const predictions = (patch1: string[]) =>
      tmp.write(
        "m.jsonl",
        jsonl([
          { instance_id: "acme__locale-1", model_name_or_path: "m", model_patch: diff("lib/locale.py", patch1) },
          {
            instance_id: "acme__locale-2",
            model_name_or_path: "m",
            model_patch: diff("lib/locale.py", ["def get_best_parsable_locale(module):", "    return None"]),
          },
        ]),
      );
    await importFiles(db, [predictions(["def get_locale(module):", "    return module"])], {
      benchmark: "SWE-bench Lite",
    });
    await analyzePendingInstances(db, undefined, { store: null });
    const named = async () =>
      (await listIds(db, parseListState(new URLSearchParams("named=1")))).map((r) => r.externalId);
    expect(await named()).toEqual(["acme__locale-1"]);
    // The agent's patch changed (re-imported, replacing the first import's, as --replace says): observed again.
    await importFiles(db, [predictions(["def get_best_parsable_locale(module):", "    return module"])], {
      benchmark: "SWE-bench Lite",
      replace: true,
    });
    await analyzePendingInstances(db, undefined, { store: null });
    expect(await named()).toEqual([]);
  } finally {
    await close();
    tmp.cleanup();
  }
});
