import { expect, test } from "./app";
import { reviewReady } from "./review-helpers";

test("an instance with 600 test-facing identifiers lists them a page at a time", async ({ page }) => {
  const count = 600;
  const defs = Array.from({ length: count }, (_, i) => `+def helper_${i}(): return ${i}`);
  const uses = Array.from({ length: count }, (_, i) => `+assert helper_${i}() == ${i}`);
  const record = {
    instance_id: "e2e__many-ids-1",
    repo: "e2e/many",
    base_commit: "a".repeat(40),
    patch: `diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1 +1,${count + 1} @@\n x = 1\n${defs.join("\n")}\n`,
    test_patch: `diff --git a/t.py b/t.py\n--- a/t.py\n+++ b/t.py\n@@ -1 +1,${count + 1} @@\n x = 1\n${uses.join("\n")}\n`,
    problem_statement: "Many helpers.",
    FAIL_TO_PASS: "[]",
  };
  const imported = await page.request.post("/api/import?name=many.jsonl&benchmark=E2E%20Many", {
    headers: { "x-hintscope-upload": "1" },
    data: `${JSON.stringify(record)}\n`,
  });
  expect(imported.ok()).toBe(true);
  await page.goto("/instances?q=many-ids");
  await page.getByRole("link", { name: "e2e__many-ids-1" }).click();
  await reviewReady(page, "e2e__many-ids-1");
  const panel = page.getByRole("region", { name: "Hint", exact: true });
  await expect(panel.getByRole("heading", { name: "Identifiers (600)" })).toBeVisible();
  await expect(panel.locator("ul.identifiers > li")).toHaveCount(200);
  await panel.getByRole("button", { name: "Show 200 more of 400" }).click();
  await expect(panel.locator("ul.identifiers > li")).toHaveCount(400);
});
