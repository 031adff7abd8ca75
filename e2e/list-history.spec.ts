import { expect, test } from "./app";

test("facet changes are steps Back returns through; an empty view says so", async ({ page }) => {
  await page.goto("/instances");
  const language = page.getByRole("group", { name: "Language" });
  await language.getByRole("checkbox", { name: "python" }).check();
  await expect(page).toHaveURL(/language=python$/);
  await language.getByRole("checkbox", { name: "go" }).check();
  await expect(page).toHaveURL(/language=python%2Cgo$|language=python,go$/);
  await page.goBack();
  await expect(page).toHaveURL(/language=python$/);
  await expect(language.getByRole("checkbox", { name: "go" })).not.toBeChecked();
  await expect(language.getByRole("checkbox", { name: "python" })).toBeChecked();

  await page.getByLabel("Search instances").fill("no-such-instance-anywhere");
  await expect(
    page.getByRole("status").filter({ hasText: /^No instance matches this view: \d+ are hidden by its filters\.$/ }),
  ).toBeVisible();
});
