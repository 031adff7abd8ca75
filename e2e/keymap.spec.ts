import { storageStateOf } from "./accounts";
import { expect, test } from "./app";
import { openInstance, reviewReady } from "./review-helpers";

// Cora's own keys: the other specs' account (ada) keeps the defaults whatever happens here.
test.use({ storageState: storageStateOf("cora") });

test("a curator moves accept to y: y accepts, a no longer does, the ? list shows y; then back to the defaults", async ({
  page,
}) => {
  await page.goto("/account/keys");
  await page.getByLabel("Key for: accept (trim mode: save the trim)").fill("y");
  await page.getByRole("button", { name: "Save my keys" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved your keys: a → y.");
  await expect(page.getByTestId("keymap json")).toHaveText('{"a":"y"}');

  await openInstance(page, "demo__ts-bytes-1");
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("y");
  await page.keyboard.press("Escape");
  // Under a policy no other spec decides: Name only.
  await page.keyboard.press("1");
  await page.keyboard.press("a");
  await expect(page.getByRole("status")).toHaveCount(0);
  await page.keyboard.press("y");
  // Saved, and the next open instance shown with the confirmation (and its Undo).
  await expect(page.getByRole("status").filter({ hasText: "Saved: accepted (demo__ts-bytes-1)." })).toBeVisible();
  await page.keyboard.press("u");
  await expect(page.getByRole("status").filter({ hasText: "Undone: the hint is pending again." })).toBeVisible();
  await reviewReady(page, "demo__ts-bytes-1");

  // A key that would do two things is refused.
  await page.goto("/account/keys");
  await page.getByLabel("Key for: trim mode").fill("y");
  await page.getByRole("button", { name: "Save my keys" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "two things" })).toHaveText('"y" would do two things');
  await page.getByLabel("Keymap to import").fill("{}");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved: the default keys.");
});
