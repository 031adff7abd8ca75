import path from "node:path";
import { expect, test } from "@playwright/test";

const fixture = (name: string) => path.join(import.meta.dirname, "fixtures", name);

test("an uploaded instance file lands and its instances are listed", async ({ page }) => {
  await page.goto("/import");
  await page.getByLabel("Benchmark name for files that do not say it (optional)").fill("E2E Widgets");
  await page.getByLabel("Choose files to import").setInputFiles(fixture("widgets-instances.jsonl"));
  const results = page.getByRole("table", { name: "Import results" });
  await expect(results).toContainText("widgets-instances.jsonl");
  await expect(results).toContainText("swebench → E2E Widgets: 3 added, 0 updated, 0 unchanged");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Benchmarks" }).click();
  const benchmarks = page.getByRole("table", { name: "Benchmarks" });
  const row = benchmarks.getByRole("row", { name: /E2E Widgets/ });
  await expect(row.getByRole("cell").nth(1)).toHaveText("3");
  await row.getByRole("link", { name: "E2E Widgets" }).click();

  const instances = page.getByRole("table", { name: "Instances" });
  for (const n of [1, 2, 3]) await expect(instances.getByRole("link", { name: `e2e__widgets-${n}` })).toBeVisible();

  await instances.getByRole("link", { name: "e2e__widgets-2" }).click();
  await expect(page.getByRole("heading", { name: "e2e__widgets-2" })).toBeVisible();
  await expect(page.getByTestId("Gold patch editor")).toContainText("+def widget_2():");
  // The analysis ran on upload: the new function the test calls is DefUse's pick.
  await expect(page.getByTestId("rendered hint")).toContainText("### `widget_2` (function) -- `widgets/core.py`");
  // The issue's <script> is shown as text and never runs.
  await expect(page.getByRole("region", { name: "Issue" })).toContainText("<script>window.__pwned = true</script>");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
});

test("uploading the same file again changes nothing and says so", async ({ page }) => {
  await page.goto("/import");
  await page.getByLabel("Benchmark name for files that do not say it (optional)").fill("E2E Repeat");
  const results = page.getByRole("table", { name: "Import results" });
  await page.getByLabel("Choose files to import").setInputFiles(fixture("widgets-instances.jsonl"));
  await expect(results).toContainText("3 added, 0 updated, 0 unchanged");
  await page.getByLabel("Choose files to import").setInputFiles(fixture("widgets-instances.jsonl"));
  await expect(results).toContainText("0 added, 0 updated, 3 unchanged (nothing changed)");
});

test("a file with a broken last line is refused whole, naming the line", async ({ page }) => {
  await page.goto("/import");
  await page.getByLabel("Benchmark name for files that do not say it (optional)").fill("E2E Broken");
  await page.getByLabel("Choose files to import").setInputFiles(fixture("broken-last-line.jsonl"));
  await expect(page.getByRole("alert").filter({ hasText: "Not imported" })).toContainText(
    "broken-last-line.jsonl:2: not valid JSON",
  );
  await page.goto("/");
  await expect(page.getByRole("link", { name: "E2E Broken" })).toHaveCount(0);
});
