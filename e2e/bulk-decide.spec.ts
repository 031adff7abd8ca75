import { expect, test } from "./app";

test("a curator flags every open hint of a filtered view at once, after confirming how many and which policy", async ({
  page,
}) => {
  // Two demo instances, under a policy no other spec decides (Doc2Feat × Name only).
  await page.goto("/instances?ids=demo__go-render-1,demo__ts-bytes-1&selection=doc2feat&projection=name");
  await expect(page.getByText("2 of")).toBeVisible();
  await page.getByText("Saved views · decide the whole view").click();
  const whole = page.getByRole("group", { name: "Decide the whole view" });
  await whole.getByLabel("Flag reason for the whole view").selectOption("tests_too_narrow");
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(
      "Flag (Tests too narrow) the Doc2Feat × Name only hint of the 2 open instance(s) in this view? (0 already decided are left as they are.)",
    );
    void dialog.accept();
  });
  await whole.getByRole("button", { name: "Flag all open…" }).click();
  await expect(whole.getByRole("status")).toHaveText(
    "Flagged 2 hint(s) (doc2feat × name); 0 already decided, left as they were.",
  );
  // Each is its own decision, seen on the instance page under that policy.
  await page.goto("/instances?ids=demo__go-render-1&selection=doc2feat&projection=name&review=flagged");
  await expect(page.getByRole("row").filter({ hasText: "demo__go-render-1" })).toBeVisible();
  // Nothing left open: said, nothing decided twice.
  await page.goto("/instances?ids=demo__go-render-1,demo__ts-bytes-1&selection=doc2feat&projection=name");
  await page.getByText("Saved views · decide the whole view").click();
  await whole.getByRole("button", { name: "Accept all open…" }).click();
  await expect(whole.getByRole("status")).toHaveText("No open hint in this view: nothing to decide.");
});

test("a view saved under a name comes back from the list, for its owner", async ({ page }) => {
  await page.goto("/instances?language=go&review=pending");
  await page.getByText("Saved views · decide the whole view").click();
  const views = page.getByRole("group", { name: "Saved views" });
  await views.getByLabel("Name of this view").fill("go to review");
  await views.getByRole("button", { name: "Save" }).click();
  await expect(views.getByRole("status")).toHaveText('Saved the view "go to review".');
  await page.goto("/instances");
  await page.getByText("Saved views · decide the whole view").click();
  await page.getByRole("group", { name: "Saved views" }).getByRole("link", { name: "go to review" }).click();
  await expect(page).toHaveURL(/language=go&review=pending$/);
  await expect(page.getByRole("group", { name: "Language" }).getByRole("checkbox", { name: "go" })).toBeChecked();
});
