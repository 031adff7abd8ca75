import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./app";

const fixture = (name: string) => readFileSync(path.join("lib/testing/real-data/labels", name), "utf8");

test("published labels import, show on the instance page, and the evidence is checked against them", async ({
  page,
}) => {
  // Real records and real labels (lib/testing/real-data/labels), uploaded as a curator would.
  for (const name of [
    "swebench-lite-labelled.jsonl",
    "openai-verified-annotations.csv",
    "agentless-lite-classifications.csv",
  ]) {
    const response = await page.request.post(`/api/import?name=${name}&benchmark=E2E%20Lite%20labelled`, {
      headers: { "x-hintscope-upload": "1" },
      data: fixture(name),
    });
    expect(response.ok(), await response.text()).toBe(true);
  }

  await page.goto("/research#evidence-labels");
  const table = page.getByRole("table", { name: "Evidence against published labels" });
  const row = table
    .getByRole("row")
    .filter({ hasText: "solution in the problem statement (the gold patch's new lines" })
    .filter({ hasText: '("Exact patch")' });
  await expect(row).toContainText("E2E Lite labelled");
  // Like with like: the problem statement's channel against a classification of problem statements.
  // django__django-16041's fix is in its discussion (hints_text), which the label's authors did not read:
  // none of the six is flagged from its problem statement, and the label calls none an exact patch.
  await expect(row).toContainText("problem_statement");
  // The cell of the six (neither) opens as a list: Benchmark, Check, Text read, Label, n, Both, Check only,
  // Label only, Neither.
  await row.getByRole("cell").nth(8).getByRole("link", { name: "6" }).click();
  // Named by the check, the label test and the cell, not by its ids.
  await expect(page).toHaveURL(/evidence=solution_in_issue(,|%2C)exact_patch(,|%2C)neither/);
  await expect(page.getByTestId("evidence cell")).toContainText("neither says yes");
  await expect(page.getByRole("row").filter({ hasText: "django__django-16041" })).toBeVisible();
  await page.getByRole("link", { name: "django__django-16041" }).click();
  const labels = page.getByRole("region", { name: "Published labels" });
  await expect(labels).toContainText("solution in description: No solution");
  await expect(labels).toContainText("agentless-lite-classification");
});
