import { expect, type Page } from "@playwright/test";

/** Opens an instance from the list by its id, as a curator would (signed in as the spec's account). */
export async function openInstance(page: Page, externalId: string) {
  await page.goto("/instances");
  await page.getByRole("link", { name: externalId, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: externalId })).toBeVisible();
  await reviewReady(page, externalId);
}

/** The highlighted identifier names Monaco shows in a patch pane. */
export function highlights(page: Page, pane: "Gold patch" | "Test patch", role: "def" | "use") {
  return page.getByTestId(`${pane} editor`).locator(`.ident-${role}`);
}

/** Waits until the review page of an instance handles keys (hydrated, shortcuts bound). */
export async function reviewReady(page: Page, externalId: string) {
  await page.locator(`[data-ready-for="${externalId}"]`).waitFor();
}

/** Waits until the review page that followed a decision on `externalId` handles keys. */
export async function movedOnFrom(page: Page, externalId: string) {
  await page.locator(`[data-ready-for]:not([data-ready-for="${externalId}"])`).waitFor();
}
