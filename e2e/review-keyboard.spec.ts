import { expect, test } from "./app";
import { openInstance, reviewReady } from "./review-helpers";

test("review with the keyboard only", async ({ page }) => {
  await openInstance(page, "demo__java-limiter-1");
  await page.locator("body").click({ position: { x: 5, y: 5 } });

  await page.keyboard.press("?");
  const overlay = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(overlay).toContainText("next / previous instance in the current list");
  await page.keyboard.press("Escape");
  await expect(overlay).toHaveCount(0);

  await page.keyboard.press("3");
  await expect(page.getByRole("radio", { name: "3 Declaration + Doc" })).toBeChecked();
  await expect(page.getByTestId("rendered hint")).toContainText("Description: A token bucket.");

  // The default list is sorted by id: the instance before demo__java-limiter-1 is demo__go-render-1.
  await page.keyboard.press("k");
  await expect(page.getByRole("heading", { level: 1, name: "demo__go-render-1" })).toBeVisible();
  await reviewReady(page, "demo__go-render-1");
  await page.keyboard.press("j");
  await expect(page.getByRole("heading", { level: 1, name: "demo__java-limiter-1" })).toBeVisible();
  await reviewReady(page, "demo__java-limiter-1");
  // The projection chosen with 3 carries over from instance to instance.
  await expect(page.getByRole("radio", { name: "3 Declaration + Doc" })).toBeChecked();

  // a accepts and moves on to the next pending instance.
  await page.keyboard.press("a");
  await expect(page.getByRole("heading", { level: 1, name: "demo__java-limiter-1" })).toHaveCount(0);
  // The next instance's page takes keys once it is ready (a loading state shows meanwhile).
  await page.locator('[data-ready-for]:not([data-ready-for="demo__java-limiter-1"])').waitFor();
  await page.keyboard.press("/");
  await expect(page.getByLabel("Search instances")).toBeFocused();
  await page.keyboard.type("limiter");
  await expect(page).toHaveURL(/q=limiter/);
  // The demo's own limiter is found, the demo's others are not.
  await expect(page.getByRole("link", { name: "demo__java-limiter-1", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "demo__go-render-1", exact: true })).toHaveCount(0);
});
