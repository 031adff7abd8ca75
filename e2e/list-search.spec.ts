import { expect, test } from "./app";

// The demo data: `get_best_parsable_locale` is a name demo__py-locale-1's gold patch defines (its issue does
// not say it); "token-bucket" is in demo__java-limiter-1's issue text only. The search is scoped to the demo
// benchmark, as a curator's would be.
test("the list's search finds an identifier by any part of its name and the issue by its words", async ({ page }) => {
  await page.goto("/instances?benchmark=Demo%3A+Hintscope+sample");
  const search = page.getByLabel("Search instances");
  const shown = (externalId: string) => page.getByRole("link", { name: externalId, exact: true });
  await search.fill("parsable");
  await expect(page).toHaveURL(/q=parsable/);
  await expect(page).toHaveURL(/benchmark=Demo/);
  await expect(page.getByText(/^1 of \d+ instances/)).toBeVisible();
  await expect(shown("demo__py-locale-1")).toBeVisible();
  // A phrase whose last word is unfinished, the hyphen read as a space.
  await search.fill("Token buck");
  await expect(page).toHaveURL(/q=Token/);
  await expect(page.getByText(/^1 of \d+ instances/)).toBeVisible();
  await expect(shown("demo__java-limiter-1")).toBeVisible();
  await search.fill("bucket token");
  await expect(page.getByRole("status").filter({ hasText: /^No instance matches this view/ })).toBeVisible();
});
