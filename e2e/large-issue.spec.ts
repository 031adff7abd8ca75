import { expect, test } from "./app";
import { reviewReady } from "./review-helpers";

test("a 5 MB issue renders its first part, and the server keeps answering other pages meanwhile", async ({ page }) => {
  const line = "ERROR 2024-01-01 12:00:00 worker[42]: connection reset by peer while reading the **log** `tail`\n";
  const statement = `# Huge log\n\nThe service fails; here is the whole log:\n\n${line.repeat(Math.ceil((5 * 1024 * 1024) / line.length))}`;
  const record = {
    instance_id: "e2e__huge-issue-1",
    repo: "e2e/huge",
    base_commit: "a".repeat(40),
    patch: "diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1 +1,2 @@\n x = 1\n+def fix(): return 1\n",
    test_patch: "diff --git a/t.py b/t.py\n--- a/t.py\n+++ b/t.py\n@@ -1 +1,2 @@\n x = 1\n+assert fix() == 1\n",
    problem_statement: statement,
    FAIL_TO_PASS: "[]",
  };
  const imported = await page.request.post("/api/import?name=huge.jsonl&benchmark=E2E%20Huge", {
    headers: { "x-hintscope-upload": "1" },
    data: `${JSON.stringify(record)}\n`,
  });
  expect(imported.ok()).toBe(true);

  await page.goto("/instances?q=huge-issue");
  const link = page.getByRole("link", { name: "e2e__huge-issue-1" });
  const href = (await link.getAttribute("href")) as string;
  // Open the page and, while it renders, ask for the home page: it must not wait behind the big issue.
  // (How long it waits is measured by `npm run bench:ui`, not asserted here.)
  const opening = page.goto(href);
  const home = await page.request.get("/");
  expect(home.ok()).toBe(true);
  await opening;
  await reviewReady(page, "e2e__huge-issue-1");
  const issue = page.getByRole("region", { name: "Issue" });
  await expect(issue).toContainText("The service fails");
  await expect(issue.getByRole("note")).toContainText("Showing the first 64 KB of 5.0 MB");
  await issue.getByRole("button", { name: "Show all (as plain text)" }).click();
  await expect(issue.locator("pre.issue-raw")).toContainText("connection reset by peer");
});
