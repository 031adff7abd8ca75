import { once } from "node:events";
import { createWriteStream } from "node:fs";

/** Writes a synthetic benchmark of small instances (each adds a function its test calls), for load checks. */
export async function writeSyntheticInstances(file: string, count: number, benchmark: string): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    const mod = `pkg/mod${i % 50}.py`;
    const patch = `diff --git a/${mod} b/${mod}\n--- a/${mod}\n+++ b/${mod}\n@@ -1 +1,3 @@\n x = 1\n+def feature_${i}(a, b=None):\n+    return a\n`;
    const test = `diff --git a/tests/test_${i}.py b/tests/test_${i}.py\n--- a/tests/test_${i}.py\n+++ b/tests/test_${i}.py\n@@ -1 +1,3 @@\n import pkg\n+def test_${i}():\n+    assert pkg.feature_${i}(1, b=2) == 1\n`;
    const record = {
      repo: `synthetic/repo-${i % 40}`,
      instance_id: `synthetic__repo-${i}`,
      base_commit: "0".repeat(40),
      patch,
      test_patch: test,
      problem_statement: `Feature ${i}`,
      FAIL_TO_PASS: "[]",
      PASS_TO_PASS: "[]",
      benchmark,
    };
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}
