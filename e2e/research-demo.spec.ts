import { readFileSync } from "node:fs";
import { expect, hints, test } from "./app";
import { openInstance } from "./review-helpers";

test("the research views on the demo data: rates, design constraints, judge scores, and CSV downloads", async ({
  page,
}) => {
  // A published hint set joins the frontier beside the policies: one hint decided on Pro × Pro, then the set
  // published.
  await openInstance(page, "demo__py-config-1");
  await page.getByRole("combobox", { name: "Selection" }).selectOption("pro");
  await page.getByRole("radio", { name: "4 Pro" }).check();
  await page.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved: accepted" })).toBeVisible();
  hints(
    "sets",
    "create",
    "frontier demo",
    "--benchmark",
    "Demo: Hintscope sample",
    "--selection",
    "pro",
    "--projection",
    "pro",
  );
  hints("sets", "publish", "frontier demo");
  await page.goto("/research");
  await expect(
    page
      .getByRole("table", { name: "Spoiler–guesswork frontier" })
      .getByRole("row")
      .filter({ hasText: "hint set frontier demo v1 × pro" }),
  ).toHaveCount(1);
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
  const judgeChart = page.getByRole("figure", { name: "Judge scores per attribute" });
  await expect(judgeChart).toBeVisible();
  // The attribute names under the judge chart do not run into each other (once drawn: the chart measures
  // its container first, so its axis comes a moment after the figure).
  const tick = judgeChart.locator(".recharts-xAxis .recharts-cartesian-axis-tick");
  await expect.poll(() => tick.count()).toBeGreaterThan(1);
  const ticks = await tick.evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }),
  );
  expect(ticks.length).toBeGreaterThan(1);
  for (let i = 1; i < ticks.length; i++) {
    const [a, b] = [ticks[i - 1], ticks[i]] as [(typeof ticks)[number], (typeof ticks)[number]];
    const overlap =
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    expect(overlap, `ticks ${i - 1} and ${i} overlap`).toBe(false);
  }
  // The frontier chart has a title and names its points.
  const frontierChart = page.getByRole("figure", { name: "Spoiler–guesswork frontier, Demo: Hintscope sample" });
  await expect(frontierChart).toContainText("down and left is better");
  await expect(frontierChart).toContainText("defuse × declaration");
  const agreement = page.getByRole("table", { name: "Rater agreement" });
  await expect(agreement).toContainText("demo-curator-1 × demo-curator-2");
  // A judge is a rater per selection: its samples under two selections are never pooled into one rating.
  await expect(agreement).toContainText("demo-curator-1 × judge: demo-judge (defuse)");
  // Per attribute, with clustered intervals; a row opens on its confusion matrices.
  const perAttribute = page.getByRole("table", { name: "Agreement per attribute" });
  const allRow = perAttribute
    .getByRole("row")
    .filter({ hasText: "demo-curator-1 × judge: demo-judge (defuse)" })
    .filter({ has: page.getByRole("cell", { name: "all", exact: true }) });
  await expect(allRow).toHaveCount(1);
  await allRow.locator("summary").click();
  await expect(
    allRow.getByRole("table", { name: /^Confusion, N: demo-curator-1 × judge: demo-judge \(defuse\), all$/ }),
  ).toBeVisible();
  // The evidence checked against the demo judge: both checks, one row each.
  const checks = page.getByRole("table", { name: "Evidence against the judge" });
  await expect(checks.getByRole("row").filter({ hasText: "demo-judge" })).toHaveCount(2);
  await expect(checks).toContainText("N: stated in the issue vs not");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the resolve rates (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("research-resolve-rates.csv");
  const csv = readFileSync(await file.path(), "utf8").split("\r\n");
  expect(csv[0]).toBe(
    // The columns of `hints report resolve-rates`: one row builder for both (lib/server/research/research-report.ts).
    "benchmark,model,selection,projection,resolved,n,unresolved,empty_patch,error,not_run,rate,low,high,instances,rate_over_instances,rate_over_instances_low,rate_over_instances_high,partial,unmatched,stated_rate,stated_resolved,stated_total,mismatch",
  );
  expect(csv.some((line) => line.startsWith("Demo: Hintscope sample,demo-model-a,defuse,declaration,"))).toBe(true);
});
