import { expect, test } from "./app";
import { reviewReady } from "./review-helpers";

/** Instances walked with `j`: the first, then 20 more, each with a patch and a test patch of its own. */
const WALK = 21;
const idOf = (n: number) => `e2e__walk-${String(n).padStart(2, "0")}`;
const record = (n: number) => ({
  instance_id: idOf(n),
  repo: "e2e/walk",
  base_commit: "b".repeat(40),
  patch: `diff --git a/walk/step.py b/walk/step.py\n--- a/walk/step.py\n+++ b/walk/step.py\n@@ -1 +1,3 @@\n x = 1\n+def step_${n}():\n+    return ${n}\n`,
  test_patch: `diff --git a/tests/test_step.py b/tests/test_step.py\n--- a/tests/test_step.py\n+++ b/tests/test_step.py\n@@ -1 +1,3 @@\n from walk.step import *\n+def test_step_${n}():\n+    assert step_${n}() == ${n}\n`,
  problem_statement: `Step ${n} is missing.`,
  FAIL_TO_PASS: `["tests/test_step.py::test_step_${n}"]`,
});

test("j swaps the patches' models, not their editors: the same Monaco editors show 21 instances in turn", async ({
  page,
}) => {
  const upload = await page.request.post("/api/import?name=walk-instances.jsonl&benchmark=E2E%20Walk", {
    headers: { "x-hintscope-upload": "1" },
    data: Array.from({ length: WALK }, (_, n) => `${JSON.stringify(record(n))}\n`).join(""),
  });
  expect(upload.ok()).toBe(true);

  await page.goto("/instances?benchmark=E2E%20Walk");
  await page.getByRole("link", { name: idOf(0), exact: true }).click();
  await reviewReady(page, idOf(0));
  const gold = page.getByTestId("Gold patch editor");
  const tests = page.getByTestId("Test patch editor");
  await expect(gold).toContainText("def step_0():");
  await expect(tests).toContainText("def test_step_0():");
  // The editors' own elements (each the element its Monaco editor was created in), marked: the page keeps these
  // very nodes from instance to instance. (Monaco draws each model in a view of its own inside it.)
  await gold.locator(".pooled-editor").evaluate((node) => {
    (node as unknown as { kept: string }).kept = "gold";
  });
  await tests.locator(".pooled-editor").evaluate((node) => {
    (node as unknown as { kept: string }).kept = "test";
  });
  const editorsInPage = await page.locator(".monaco-editor").count();
  const root = page.locator("html");

  for (let n = 1; n < WALK; n++) {
    await page.keyboard.press("j");
    await reviewReady(page, idOf(n));
    await expect(gold).toContainText(`def step_${n}():`);
    await expect(tests).toContainText(`def test_step_${n}():`);
    // The next instance's patches in the same editor nodes.
    expect(await gold.locator(".pooled-editor").evaluate((node) => (node as unknown as { kept?: string }).kept)).toBe(
      "gold",
    );
    expect(await tests.locator(".pooled-editor").evaluate((node) => (node as unknown as { kept?: string }).kept)).toBe(
      "test",
    );
    // No editor created, none left behind in the page, and only the shown instance's two models alive.
    await expect(root).toHaveAttribute("data-monaco-editors", "2");
    await expect(root).toHaveAttribute("data-monaco-models", "2");
    await expect(page.locator(".monaco-editor")).toHaveCount(editorsInPage);
    await expect(page.locator(".pooled-editor")).toHaveCount(2);
  }

  // And back with k: the editors are the same, the models the previous instance's.
  await page.keyboard.press("k");
  await reviewReady(page, idOf(WALK - 2));
  await expect(gold).toContainText(`def step_${WALK - 2}():`);
  expect(await gold.locator(".pooled-editor").evaluate((node) => (node as unknown as { kept?: string }).kept)).toBe(
    "gold",
  );
  await expect(root).toHaveAttribute("data-monaco-editors", "2");
});
