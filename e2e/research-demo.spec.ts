import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

test("the research views on the demo data: rates, design constraints, judge scores, and CSV downloads", async ({
  page,
}) => {
  await page.goto("/research");
  const rates = page.getByRole("table", { name: "Resolve rates" });
  const demoRow = rates
    .getByRole("row")
    .filter({ hasText: "demo-model-a" })
    .filter({ hasText: "defuse" })
    .filter({ hasText: "declaration" });
  await expect(demoRow).toContainText(/\d\/9/);
  await demoRow.getByRole("button").click();
  await expect(page.getByRole("region", { name: "Instances of the configuration" }).getByRole("listitem")).toHaveCount(
    9,
  );

  const design = page.getByRole("table", { name: "Design constraints" });
  await expect(design.getByRole("row").filter({ hasText: "demo-model-b" })).toContainText("9");
  await expect(page.getByRole("table", { name: "Judge scores per attribute" })).toContainText("signature");
  await expect(page.getByRole("figure", { name: "Judge scores per attribute" })).toBeVisible();
  const agreement = page.getByRole("table", { name: "Rater agreement" });
  await expect(agreement).toContainText("demo-curator-1 × demo-curator-2");
  await expect(agreement).toContainText("demo-curator-1 × judge: demo-judge");
  // The evidence checked against the demo judge: both checks, one row each.
  const checks = page.getByRole("table", { name: "Evidence against the judge" });
  await expect(checks.getByRole("row").filter({ hasText: "demo-judge" })).toHaveCount(2);
  await expect(checks).toContainText("N: stated in the issue vs not");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download resolve-rates.csv" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("resolve-rates.csv");
  const csv = readFileSync(await file.path(), "utf8").split("\r\n");
  expect(csv[0]).toBe(
    "benchmark,model,selection,projection,resolved,n,rate,ci95_low,ci95_high,unmatched_ids,stated_rate,mismatch",
  );
  expect(csv.some((line) => line.startsWith("Demo: Hintscope sample,demo-model-a,defuse,declaration,"))).toBe(true);
});
