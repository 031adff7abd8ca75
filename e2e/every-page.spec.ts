import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { shortId } from "../lib/review/list-state";
import { storageStateOf } from "./accounts";
import { expect, hints, type Page, test } from "./app";
import { reviewReady } from "./review-helpers";

// Every page of the app with SWE-bench Pro-shaped data (long ids, long issues, requirements and interfaces),
// at a laptop's 1280 × 800 and at 1920 × 1080: axe's WCAG 2.1 A/AA rules find nothing, and the page does not
// scroll sideways. A page that lists or shows Pro data is visited with it (a Pro instance, a Pro hint set,
// a round over it, the Pro benchmark).
const REAL = path.resolve(import.meta.dirname, "..", "lib", "testing", "real-data");
const PRO = "SWE-bench Pro";
const SET = "pro every page";
const INSTANCE =
  "instance_qutebrowser__qutebrowser-6dd402c0d0f7665d32a74c43c5b4cf5dc8aff28d-v5fc38aaf22415ab0b70567368332beee7955b367";

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
}

/** How far the page scrolls sideways (0: it does not). */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    return root.scrollWidth - root.clientWidth;
  });

let prepared = false;
/** The Pro instances imported and analysed, a Pro hint set published, and a round over it started. */
async function preparePro(page: Page): Promise<string> {
  if (!prepared) {
    hints("import", path.join(REAL, "swebench-pro-sample.jsonl"), path.join(REAL, "swebench-pro-empty-defuse.jsonl"));
    hints("sets", "create", SET, "--benchmark", PRO, "--selection", "defuse", "--projection", "pro");
    hints("sets", "publish", SET);
    prepared = true;
  }
  await page.goto("/rounds");
  const existing = page.getByRole("link", { name: "pro pages", exact: true });
  if ((await existing.count()) > 0) {
    await existing.first().click();
  } else {
    const form = page.getByRole("form", { name: "Start a round" });
    await form.getByLabel("Name").fill("pro pages");
    await form.getByLabel("Hint set").selectOption(SET);
    await form.getByLabel("grace").check();
    await form.getByLabel("Curators per hint").selectOption("1");
    await form.getByRole("button", { name: "Start round" }).click();
  }
  await expect(page.getByRole("heading", { name: "Round pro pages" })).toBeVisible();
  return page.url();
}

async function benchmarkUrl(page: Page): Promise<string> {
  await page.goto("/");
  const href = await page.getByRole("link", { name: PRO, exact: true }).first().getAttribute("href");
  expect(href).toMatch(/^\/benchmarks\/\d+/);
  return href as string;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test("every page with Pro data: no axe violation, no sideways scroll", async ({ page }) => {
      const round = await preparePro(page);
      const pages: Array<{ url: string; ready: (page: Page) => Promise<void> }> = [
        { url: "/", ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
        {
          url: `/instances?benchmark=${encodeURIComponent(PRO)}`,
          ready: async (p) => expect(p.getByRole("table", { name: "Instances" })).toBeVisible(),
        },
        {
          url: `/instances?benchmark=${encodeURIComponent(PRO)}&q=${encodeURIComponent(shortId(INSTANCE))}`,
          ready: async (p) => expect(p.getByRole("link", { name: INSTANCE })).toBeVisible(),
        },
        {
          url: await benchmarkUrl(page),
          ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible(),
        },
        {
          url: "/research",
          ready: async (p) => expect(p.getByRole("heading", { name: "Judge scores" })).toBeVisible(),
        },
        { url: "/hint-sets", ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
        {
          url: `/hint-sets/${encodeURIComponent(SET)}/compare`,
          ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible(),
        },
        { url: "/rounds", ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
        { url: round, ready: async (p) => expect(p.getByRole("heading", { name: "Round pro pages" })).toBeVisible() },
        { url: "/import", ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
        { url: "/admin/runs", ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
        { url: "/admin/users", ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
        { url: "/admin/judge", ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
        { url: "/admin/repositories", ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
        { url: "/account/keys", ready: async (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
      ];
      const found: string[] = [];
      for (const { url, ready } of pages) {
        await page.goto(url);
        await ready(page);
        for (const v of await violations(page)) found.push(`${url}: ${v}`);
        const overflow = await sideways(page);
        if (overflow > 0) found.push(`${url}: scrolls ${overflow} px sideways`);
      }

      // A Pro instance, opened from the list as a curator does (its panes drawn).
      await page.goto(`/instances?benchmark=${encodeURIComponent(PRO)}&q=${encodeURIComponent(shortId(INSTANCE))}`);
      await page.getByRole("link", { name: INSTANCE }).click();
      await reviewReady(page, INSTANCE);
      for (const v of await violations(page)) found.push(`instance: ${v}`);
      const overflow = await sideways(page);
      if (overflow > 0) found.push(`instance: scrolls ${overflow} px sideways`);
      expect(found).toEqual([]);
    });

    test("the sign-in page, signed out: no axe violation, no sideways scroll", async ({ browser }) => {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport });
      const page = await context.newPage();
      await page.goto("/sign-in");
      await expect(page.getByRole("button", { name: /sign in/i })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      expect(await sideways(page)).toBe(0);
      await context.close();
    });
  });
}

// A curator's home and queue with the round waiting for them.
test("a curator's home with a round waiting: no axe violation, no sideways scroll at 1280", async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await preparePro(page);
  const context = await browser.newContext({
    storageState: storageStateOf("grace"),
    viewport: { width: 1280, height: 800 },
  });
  const grace = await context.newPage();
  await grace.goto("/");
  await expect(grace.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations(grace)).toEqual([]);
  expect(await sideways(grace)).toBe(0);
  await context.close();
});
