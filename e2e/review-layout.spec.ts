import { expect, type Locator, test } from "./app";
import { highlights, openInstance, reviewReady } from "./review-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

/** WCAG contrast ratio of an element's text colour on its background colour. */
async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
    };
    const style = getComputedStyle(element);
    const [a, b] = [luminance(rgb(style.color)), luminance(rgb(style.backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

test("at 1280×800 the issue, both patches and the hint panel are all in view without scrolling the page", async ({
  page,
}) => {
  await openInstance(page, "demo__py-retry-1");
  for (const name of ["Issue", "Gold patch", "Test patch", "Hint"]) {
    const box = await page.getByRole("region", { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), `${name} right edge`).toBeLessThanOrEqual(1280);
    expect((box?.y ?? 0) + (box?.height ?? 0), `${name} bottom edge`).toBeLessThanOrEqual(800);
  }
});

test("after a click in a patch pane the shortcuts still work, and Esc gives the keys back", async ({ page }) => {
  await openInstance(page, "demo__py-retry-1");
  await highlights(page, "Gold patch", "def").first().waitFor();
  await page.getByTestId("Gold patch editor").click({ position: { x: 200, y: 40 } });
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
  await page.getByTestId("Test patch editor").click({ position: { x: 200, y: 40 } });
  await page.keyboard.press("t");
  await expect(page.getByRole("button", { name: "Accept trimmed" })).toBeVisible();
});

test("highlights keep a contrast of at least 4.5:1 in the dark theme, for definitions and uses", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await openInstance(page, "demo__py-retry-1");
  await reviewReady(page, "demo__py-retry-1");
  for (const role of ["def", "use"] as const) {
    const pane = role === "def" ? "Gold patch" : "Test patch";
    const mark = highlights(page, pane, role).first();
    await mark.waitFor();
    expect(await contrastOf(mark), `${role} mark`).toBeGreaterThanOrEqual(4.5);
  }
});
