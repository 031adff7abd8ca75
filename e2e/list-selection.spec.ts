import { expect, test } from "./app";

test("rows picked by tick boxes become the view, a hint set is made of it, and a round opens on that set", async ({
  page,
}) => {
  await page.goto("/instances?benchmark=Demo%3A+Hintscope+sample");
  await expect(page.getByText(/^9 of \d+ instances/)).toBeVisible();
  await page.getByRole("checkbox", { name: "Select demo__py-config-1" }).check();
  await page.getByRole("checkbox", { name: "Select demo__java-slug-1" }).check();
  const picked = page.getByRole("group", { name: "Selected rows" });
  await expect(picked).toContainText("2 selected");
  await picked.getByRole("button", { name: "Keep only the selected" }).click();
  await expect(page).toHaveURL(/ids=demo__java-slug-1%2Cdemo__py-config-1|ids=demo__java-slug-1,demo__py-config-1/);
  await expect(page.getByText(/^2 of \d+ instances/)).toBeVisible();
  await expect(page.getByRole("link", { name: "demo__java-slug-1", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "demo__py-retry-1", exact: true })).toHaveCount(0);

  // The narrowed view is a view like any other: a hint set of it, and a review round on that set.
  await page.getByRole("link", { name: "Make a hint set of this view" }).click();
  const form = page.getByRole("form", { name: "New hint set" });
  await form.getByLabel("Name", { exact: true }).fill("e2e picked rows");
  await form.getByRole("button", { name: "Create hint set" }).click();
  await expect(page.getByRole("status").filter({ hasText: 'Created "e2e picked rows"' })).toBeVisible();
  const set = page.getByRole("region", { name: "Hint set e2e picked rows" });
  await expect(set).toContainText("ids=demo__java-slug-1");
  await set.getByRole("link", { name: "Start a review round on it" }).click();
  await expect(page.getByRole("form", { name: "Start a round" }).getByLabel("Hint set")).toHaveValue("e2e picked rows");

  // Back on the list, the whole corpus again in one click.
  await page.goto("/instances?ids=demo__java-slug-1");
  await page.getByRole("button", { name: "Show them all again" }).click();
  await expect(page).not.toHaveURL(/ids=/);
});

test("a link whose filter cannot be read shows no instance and says which filter, until it is dropped", async ({
  page,
}) => {
  // A paired cell of no known kind: read as no filter, the view used to hold every instance.
  await page.goto("/instances?benchmark=Demo%3A+Hintscope+sample&paired=1,2,constructor");
  const note = page.getByTestId("unread filter");
  await expect(note).toContainText("paired filter could not be read");
  await expect(note).toContainText("1,2,constructor");
  await expect(page.getByText(/^0 of \d+ instances/)).toBeVisible();
  // Another filter changed keeps the unread one (and the empty view) in the link.
  await page.goto("/instances?benchmark=Demo%3A+Hintscope+sample&paired=1,2,constructor&sort=repo");
  await expect(page.getByText(/^0 of \d+ instances/)).toBeVisible();
  await note.getByRole("button", { name: "Drop the filter" }).click();
  await expect(page).not.toHaveURL(/paired=/);
  await expect(page.getByText(/^9 of \d+ instances/)).toBeVisible();
  await expect(page.getByTestId("unread filter")).toHaveCount(0);
});
