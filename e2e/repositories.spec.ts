import { expect, test } from "./app";

test("the repository store: which repositories the analysis can read whole, and why an instance is approximate", async ({
  page,
}) => {
  await page.goto("/admin/repositories");
  await expect(page.getByRole("heading", { name: "Repositories" })).toBeVisible();
  await expect(page.getByText(/Store: .*e2e-repos/)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "demo/ansible-lite" });
  await expect(row).toContainText("missing");
  await expect(row).toContainText("Demo: Hintscope sample");
  await expect(
    page.getByText(/git clone --mirror https:\/\/github.com\/demo\/ansible-lite.git .*demo\/ansible-lite.git/),
  ).toBeVisible();

  // The instance says why its analysis is approximate, on its page and in the list.
  await page.goto("/instances?q=demo__py-locale-1");
  await expect(page.getByRole("row").filter({ hasText: "demo__py-locale-1" })).toContainText(
    "analysis approximate (hunks only: the repository is not in the store)",
  );
  await page
    .getByRole("link", { name: /demo__py-locale-1/ })
    .first()
    .click();
  // In the header, short (the page must fit 1280×800), the whole reason on hover and in the identifier list.
  const header = page.getByText("approximate analysis (no repository)");
  await expect(header).toBeVisible();
  await expect(header).toHaveAttribute(
    "title",
    "analysis approximate (hunks only: the repository is not in the store)",
  );
});
