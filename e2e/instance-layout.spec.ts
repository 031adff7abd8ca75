import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { shortId } from "../lib/review/list-state";
import { storageStateOf } from "./accounts";
import { expect, hints, type Page, test } from "./app";
import { reviewReady } from "./review-helpers";

// SWE-bench Pro-shaped data (long ids, issues of 1–2k characters, Go, Python and TypeScript patches): the 8
// instances of the committed sample (lib/testing/real-data/README.md says where they come from).
const REAL = path.resolve(import.meta.dirname, "..", "lib", "testing", "real-data");
const NAVIDROME = "instance_navidrome__navidrome-8383527aaba1ae8fa9765e995a71a86c129ef626";
const PRO_LIST = "/instances?benchmark=SWE-bench%20Pro";

let imported = false;
function importPro() {
  if (imported) return;
  hints("import", path.join(REAL, "swebench-pro-sample.jsonl"));
  imported = true;
}

async function openPro(page: Page, externalId: string) {
  await page.goto(`${PRO_LIST}&q=${encodeURIComponent(shortId(externalId))}`);
  await page.getByRole("link", { name: externalId }).click();
  await reviewReady(page, externalId);
  // The user's kept layout is read (after hydration): the panes are where they stay.
  await page.locator(".workspace[data-layout-ready]").waitFor();
}

/** The page scrolls sideways: the document is wider than the window. */
async function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
}

/** How many characters of a line the gold pane shows without scrolling sideways (its font, its text area). */
async function columnsOf(page: Page) {
  const pane = page.getByTestId("Gold patch editor");
  await pane.locator(".view-line").first().waitFor();
  return pane.evaluate((element) => {
    const line = element.querySelector(".view-line") as HTMLElement;
    const area = element.querySelector(".editor-scrollable") as HTMLElement;
    const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    context.font = getComputedStyle(line).font;
    const scrollbar = 14;
    return Math.floor((area.getBoundingClientRect().width - scrollbar) / context.measureText("0").width);
  });
}

async function widthOf(page: Page, pane: string) {
  const box = await page.getByRole("region", { name: pane, exact: true }).boundingBox();
  return box?.width ?? 0;
}

/** axe's WCAG 2.1 A/AA rules on the page as it stands: every violation named, with where. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
}

test("at 1280×800 on Pro data: no sideways scroll, the code gets the width, panes resize by keys and by drag, fold, and stay so", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  importPro();
  await openPro(page, NAVIDROME);
  const scroll = await sidewaysScroll(page);
  expect(scroll.scrollWidth, "the page's width at 1280").toBeLessThanOrEqual(scroll.clientWidth);

  // The patches are the widest panes (last turn each had about 35 columns of code: 316 px).
  const widths = {
    issue: await widthOf(page, "Issue"),
    gold: await widthOf(page, "Gold patch"),
    test: await widthOf(page, "Test patch"),
    hint: await widthOf(page, "Hint"),
  };
  console.log(`panes at 1280: ${JSON.stringify(widths)}; columns of code per patch: ${await columnsOf(page)}`);
  expect(widths.gold).toBeGreaterThan(widths.issue);
  expect(widths.gold).toBeGreaterThan(widths.hint);
  expect(widths.gold).toBeGreaterThanOrEqual(360);

  // By keys: the separator between the issue and the gold patch, two steps left.
  const issueGold = page.getByRole("separator", { name: "Resize Issue and Gold patch" });
  const before = Number(await issueGold.getAttribute("aria-valuenow"));
  await issueGold.focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => widthOf(page, "Gold patch")).toBeGreaterThan(widths.gold + 20);
  await expect.poll(async () => Number(await issueGold.getAttribute("aria-valuenow"))).toBeLessThan(before);
  expect(await widthOf(page, "Issue")).toBeLessThan(widths.issue - 20);
  // The arrows were the separator's: no shortcut ran, the focus stayed.
  await expect(issueGold).toBeFocused();
  const goldByKeys = await widthOf(page, "Gold patch");

  // By drag: the separator between the patches, 80 px right.
  const goldTest = page.getByRole("separator", { name: "Resize Gold patch and Test patch" });
  const box = await goldTest.boundingBox();
  if (!box) throw new Error("the separator between the patches is not drawn");
  const testBefore = await widthOf(page, "Test patch");
  await page.mouse.move(box.x + box.width / 2, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + 100, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + 100, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => widthOf(page, "Gold patch")).toBeGreaterThan(goldByKeys + 70);
  expect(await widthOf(page, "Test patch")).toBeLessThan(testBefore - 70);
  const goldByDrag = await widthOf(page, "Gold patch");
  expect((await sidewaysScroll(page)).scrollWidth).toBeLessThanOrEqual(1280);

  // Kept for this user: a reload opens on the same widths.
  await page.reload();
  await reviewReady(page, NAVIDROME);
  await page.locator(".workspace[data-layout-ready]").waitFor();
  await expect.poll(() => widthOf(page, "Gold patch")).toBeCloseTo(goldByDrag, -1);

  // Folded, the issue is a strip and the patches take its width; opened, it is back.
  const issueWidth = await widthOf(page, "Issue");
  const code = async () => (await widthOf(page, "Gold patch")) + (await widthOf(page, "Test patch"));
  const codeOpen = await code();
  await page.getByRole("button", { name: "Fold Issue" }).click();
  await expect.poll(() => widthOf(page, "Issue")).toBeLessThan(50);
  // Most of what the issue gave goes to the patches (the rest to the hint panel).
  expect(await code()).toBeGreaterThan(codeOpen + (issueWidth - 50) / 2);
  await expect(page.getByRole("region", { name: "Issue" }).locator(".markdown")).toBeHidden();
  await page.getByRole("button", { name: "Open Issue" }).click();
  await expect.poll(() => widthOf(page, "Issue")).toBeCloseTo(issueWidth, -1);
});

test("at 1280×800 a pick keeps the lines' first column in view; the flag form opens whole and in view; axe finds nothing", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  importPro();
  await openPro(page, NAVIDROME);
  const testPane = page.getByTestId("Test patch editor");
  await expect(testPane.locator(".view-line").first()).toBeVisible();
  // Each identifier of the hint picked in turn: the pane scrolls sideways only for a name that does not fit
  // (then just far enough to show it whole); where the name fits, the lines start at their first column.
  const names = page.getByRole("region", { name: "Hint" }).locator(".ident-button");
  const count = Math.min(await names.count(), 4);
  expect(count).toBeGreaterThan(0);
  let unshifted = 0;
  for (let i = 0; i < count; i++) {
    await names.nth(i).click();
    await expect(testPane.locator(".selected-text").first()).toBeAttached();
    const shift = await testPane.evaluate((pane) => {
      const content = pane.querySelector<HTMLElement>(".lines-content");
      const guard = pane.querySelector<HTMLElement>(".overflow-guard");
      const area = pane.querySelector(".editor-scrollable")?.getBoundingClientRect();
      const picked = pane.querySelector(".selected-text")?.getBoundingClientRect();
      return {
        left: content ? Number.parseFloat(content.style.left || "0") : 0,
        guard: guard?.scrollLeft ?? 0,
        room: area && picked ? area.right - picked.right : null,
      };
    });
    console.log(`pick ${i}: test pane ${JSON.stringify(shift)}`);
    expect(shift.guard).toBe(0);
    if (shift.left === 0) unshifted++;
    // Shifted: the name is whole, at the right, shifted no further than it needs (24 px of room and a scrollbar).
    else expect(shift.room ?? -1).toBeGreaterThanOrEqual(0);
    if (shift.left !== 0) expect(shift.room ?? 99).toBeLessThanOrEqual(48);
  }
  expect(unshifted, "picks whose name fits leave the pane at column 1").toBeGreaterThan(0);

  // The flag form: in view, nothing cut on the right (the legend says its keys whole).
  await page
    .getByRole("region", { name: "Hint" })
    .locator(".body")
    .click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("f");
  const form = page.getByRole("group", { name: "Flag this hint" });
  await expect(form).toBeFocused();
  const hint = await page.getByRole("region", { name: "Hint" }).boundingBox();
  const formBox = await form.boundingBox();
  expect(formBox && hint).toBeTruthy();
  expect((formBox?.x ?? 0) + (formBox?.width ?? 0)).toBeLessThanOrEqual((hint?.x ?? 0) + (hint?.width ?? 0));
  expect((formBox?.y ?? 0) + (formBox?.height ?? 0), "the form's bottom").toBeLessThanOrEqual(800);
  expect(formBox?.y ?? -1, "the form's top").toBeGreaterThanOrEqual(0);
  const legend = form.locator("legend");
  await expect(legend).toContainText("save: Enter or Ctrl+Enter");
  const cut = await legend.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(cut).toBeLessThanOrEqual(0);
  expect((await sidewaysScroll(page)).scrollWidth).toBeLessThanOrEqual(1280);
  await page.keyboard.press("Escape");

  await expect(page.getByTestId("Gold patch editor").locator(".line-numbers").first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("at 1920×1080 the panes take the window's width, the patches most of it", async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  importPro();
  await openPro(page, NAVIDROME);
  const workspace = await page.locator(".workspace").boundingBox();
  console.log(`workspace at 1920: ${workspace?.width} px; columns of code per patch: ${await columnsOf(page)}`);
  expect(workspace?.width ?? 0).toBeGreaterThan(1800);
  const gold = await widthOf(page, "Gold patch");
  expect(gold).toBeGreaterThan(500);
  expect(await widthOf(page, "Test patch")).toBeCloseTo(gold, -1);
  expect(gold).toBeGreaterThan(await widthOf(page, "Issue"));
  const scroll = await sidewaysScroll(page);
  expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
});

test("a round on Pro data at 1280×800: its notice is in view on the instance, the round page does not scroll sideways, axe finds nothing", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  importPro();
  hints(
    "sets",
    "create",
    "pro layout round",
    "--benchmark",
    "SWE-bench Pro",
    "--selection",
    "defuse",
    "--projection",
    "declaration",
    "--filter",
    "language=go",
  );
  await page.goto("/rounds");
  const form = page.getByRole("form", { name: "Start a round" });
  await form.getByLabel("Name").fill("pro layout round");
  await form.getByLabel("Hint set").selectOption("pro layout round");
  await form.getByLabel("grace").check();
  await form.getByLabel("Curators per hint").selectOption("1");
  await form.getByRole("button", { name: "Start round" }).click();
  await expect(page.getByRole("heading", { name: "Round pro layout round" })).toBeVisible();
  const roundUrl = page.url();
  let scroll = await sidewaysScroll(page);
  expect(scroll.scrollWidth, "the round page's width at 1280").toBeLessThanOrEqual(scroll.clientWidth);
  expect(await violations(page)).toEqual([]);

  const grace = await (await browser.newContext({ storageState: storageStateOf("grace") })).newPage();
  await grace.setViewportSize({ width: 1280, height: 800 });
  await grace.goto(roundUrl);
  await grace.getByRole("link", { name: "Next for me" }).click();
  await grace.waitForURL(/round=/);
  await grace.locator("[data-ready-for]").waitFor();
  const notice = grace.getByRole("region", { name: "Review round" });
  await expect(notice).toBeInViewport({ ratio: 1 });
  await expect(notice).toContainText("Your decision: not decided yet");
  scroll = await sidewaysScroll(grace);
  expect(scroll.scrollWidth, "the round's instance page at 1280").toBeLessThanOrEqual(scroll.clientWidth);
  await expect(grace.getByTestId("Gold patch editor").locator(".line-numbers").first()).toBeVisible();
  expect(await violations(grace)).toEqual([]);
  await grace.context().close();
});
