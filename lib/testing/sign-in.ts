import type { Page } from "@playwright/test";

/** Signs a browser page in through the sign-in form, as a person would, and waits until it has left the form. */
export async function signIn(page: Page, base: string, name: string, password: string): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/sign-in");
}
