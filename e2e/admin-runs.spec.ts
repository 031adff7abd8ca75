import { expect, test } from "./app";

test("an admin takes back a run imported by mistake: moved to its benchmark, then deleted, both recorded", async ({
  page,
}) => {
  const rows = [1, 2].map((n) => ({
    instance_id: `demo__nothing-${n}`,
    model: "e2e-mistake",
    selection: "official",
    projection: "official",
    resolved: n === 1,
  }));
  const imported = await page.request.post("/api/import?name=mistake.jsonl&benchmark=E2E%20Wrong%20Place", {
    headers: { "x-hintscope-upload": "1" },
    data: rows.map((r) => `${JSON.stringify(r)}\n`).join(""),
  });
  expect(imported.ok()).toBe(true);

  await page.goto("/admin/runs");
  const label = "E2E Wrong Place · e2e-mistake · official × official";
  const row = page.getByRole("row").filter({ hasText: label });
  await expect(row).toContainText("2");
  await page.getByLabel(`Move ${label} to`).selectOption("Demo: Hintscope sample");
  await expect(page.getByRole("status")).toHaveText(`Moved ${label} to Demo: Hintscope sample.`);
  await page.reload();
  const moved = "Demo: Hintscope sample · e2e-mistake · official × official";
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(`Delete ${moved} with its 2 results`);
    void dialog.accept();
  });
  await page.getByRole("button", { name: `Delete ${moved}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Deleted ${moved}: 2 results, 0 agent patches, 0 verdicts.`);
  await page.reload();
  await expect(page.getByRole("table", { name: "Runs" })).not.toContainText("e2e-mistake");
  const recorded = page.getByRole("list", { name: "Recorded changes" });
  await expect(recorded).toContainText(`ada · run.delete · ${moved}`);
  await expect(recorded).toContainText(`ada · run.move · ${label}`);
});

test("an admin takes back a whole import: what it added leaves the list, the import says who took it back", async ({
  page,
}) => {
  const record = {
    repo: "e2e/take-back",
    instance_id: "e2e__take-back-1",
    base_commit: "a".repeat(40),
    patch: "diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1 +1,2 @@\n x = 1\n+def taken_back(): pass\n",
    test_patch: "diff --git a/t.py b/t.py\n--- a/t.py\n+++ b/t.py\n@@ -1 +1,2 @@\n x = 1\n+taken_back()\n",
    problem_statement: "Something to take back",
    FAIL_TO_PASS: "[]",
    PASS_TO_PASS: "[]",
  };
  const imported = await page.request.post("/api/import?name=take-back-e2e.jsonl&benchmark=E2E%20Take%20Back", {
    headers: { "x-hintscope-upload": "1" },
    data: `${JSON.stringify(record)}\n`,
  });
  expect(imported.ok()).toBe(true);
  await page.goto("/instances?benchmark=E2E+Take+Back");
  await expect(page.getByRole("link", { name: "e2e__take-back-1", exact: true })).toBeVisible();

  await page.goto("/admin/runs");
  const row = page.getByRole("table", { name: "Imports" }).getByRole("row").filter({ hasText: "take-back-e2e.jsonl" });
  await expect(row).toHaveCount(1);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Take back take-back-e2e.jsonl: delete the 1 rows it added?");
    void dialog.accept();
  });
  await row.getByRole("button", { name: /^Take back import \d+ \(take-back-e2e\.jsonl\)$/ }).click();
  await expect(page.getByRole("status")).toContainText("Took back take-back-e2e.jsonl: deleted 1 instances");
  await expect(page.getByRole("status")).toContainText("1 benchmarks");
  await page.reload();
  await expect(row).toContainText(/taken back .* by ada/);
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Recorded changes" })).toContainText(
    "ada · import.take-back · take-back-e2e.jsonl",
  );
  await page.goto("/");
  await expect(page.getByText("E2E Take Back")).toHaveCount(0);
});
