import { expect, type Page, test } from "./app";
import { movedOnFrom, openInstance, reviewReady } from "./review-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

/** Whether an element's box lies inside the 1280×800 window. */
async function inView(page: Page, name: string, role: "group" | "checkbox") {
  const box = await page.getByRole(role, { name }).first().boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= 800;
}

test("flag in three keys (f, a reason's digit, Enter), then undo with u: the toast says so where the eye is", async ({
  page,
}) => {
  await openInstance(page, "demo__go-render-1");
  await page.keyboard.press("f");
  const form = page.getByRole("group", { name: "Flag this hint" });
  await expect(form).toBeFocused();
  expect(await inView(page, "Flag this hint", "group")).toBe(true);
  await page.keyboard.press("2");
  await expect(form.getByRole("combobox")).toHaveValue("guesswork");
  await page.keyboard.press("Enter");
  // Saved, and the next pending instance opened; the toast says what was saved, with Undo.
  const toast = page.getByRole("status").filter({ hasText: "Saved: flagged (demo__go-render-1)." });
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect((box?.y ?? 9999) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
  await movedOnFrom(page, "demo__go-render-1");
  await page.keyboard.press("u");
  await expect(page.getByRole("heading", { level: 1, name: "demo__go-render-1" })).toBeVisible();
  await reviewReady(page, "demo__go-render-1");
  await expect(page.getByRole("status").filter({ hasText: "Undone: the hint is pending again." })).toBeVisible();
  // Both stay in the audit trail.
  const trail = page.getByRole("region", { name: "Audit trail" });
  await expect(trail).toContainText("undo");
  await expect(trail).toContainText("flag");
});

test("trim by keys: t opens the tick boxes with the first focused, j moves, Space unticks, a saves", async ({
  page,
}) => {
  await openInstance(page, "demo__ts-bytes-1");
  await page.keyboard.press("t");
  const boxes = page.locator("ul.identifiers input[type=checkbox]");
  await expect(boxes.first()).toBeFocused();
  await page.keyboard.press("j");
  await expect(boxes.nth(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(boxes.first()).toBeFocused();
  await page.keyboard.press("Space");
  await expect(boxes.first()).not.toBeChecked();
  await page.keyboard.press("a");
  await expect(page.getByRole("status").filter({ hasText: "Saved: trimmed (demo__ts-bytes-1)." })).toBeVisible();
  // Undone, so the later tests of this file see the demo data as it was.
  await movedOnFrom(page, "demo__ts-bytes-1");
  await page.keyboard.press("Control+z");
  await expect(page.getByRole("status").filter({ hasText: "Undone: the hint is pending again." })).toBeVisible();
});
