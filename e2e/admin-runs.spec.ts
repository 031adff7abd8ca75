import { expect, test } from "@playwright/test";

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
  const recorded = page.getByRole("list", { name: "Run changes" });
  await expect(recorded).toContainText(`ada · run.delete · ${moved}`);
  await expect(recorded).toContainText(`ada · run.move · ${label}`);
});
