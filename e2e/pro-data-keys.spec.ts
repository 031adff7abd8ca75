import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { shortId } from "../lib/review/list-state";
import { expect, hints, type Page, test } from "./app";
import { reviewReady } from "./review-helpers";

// SWE-bench Pro-shaped data: long ids (instance_<repo>-<40 hex>-v<hex>), long issues, requirements and
// interfaces. The 8 instances of the committed sample, and 12 of the shared sample of 100 on which DefUse
// picks nothing (an empty hint; lib/testing/real-data/README.md says where they come from).
const REAL = path.resolve(import.meta.dirname, "..", "lib", "testing", "real-data");
// (flipt a0cbc0cb was one until DefUse took the fixture its test reads by path: internal/config/testdata/envsubst.yml.)
const EMPTY_DEFUSE = "instance_gravitational__teleport-b4e7cd3a5e246736d3fe8d6886af55030b232277";
const SECOND_EMPTY =
  "instance_qutebrowser__qutebrowser-6dd402c0d0f7665d32a74c43c5b4cf5dc8aff28d-v5fc38aaf22415ab0b70567368332beee7955b367";
const PRO_LIST = "/instances?benchmark=SWE-bench%20Pro";

test.use({ viewport: { width: 1280, height: 800 } });

let imported = false;
/** The Pro instances in this spec file's database, imported (and analysed) once. */
function importPro() {
  if (imported) return;
  hints("import", path.join(REAL, "swebench-pro-sample.jsonl"), path.join(REAL, "swebench-pro-empty-defuse.jsonl"));
  imported = true;
}

/** Opens a Pro instance from the Pro list, found by its short id as the list shows it. */
async function openPro(page: Page, externalId: string) {
  await page.goto(`${PRO_LIST}&q=${encodeURIComponent(shortId(externalId))}`);
  await page.getByRole("link", { name: externalId }).click();
  await expect(page.getByRole("heading", { level: 1, name: externalId })).toBeVisible();
  await reviewReady(page, externalId);
}

const notice = (page: Page) => page.getByTestId("key notice");
const trail = (page: Page) => page.getByRole("region", { name: "Audit trail" });

test("t on an empty DefUse hint decides nothing and says so; a flag's note is saved by Enter, Tab reaches Save flag", async ({
  page,
}) => {
  importPro();
  await openPro(page, EMPTY_DEFUSE);
  await expect(page.getByTestId("rendered hint")).toHaveText("(empty: DefUse picks nothing here)");
  await page.keyboard.press("t");
  await expect(notice(page)).toContainText("Nothing to trim under DefUse");
  await expect(notice(page)).toContainText("Nothing was decided");
  await expect(page.getByRole("button", { name: "Trim" })).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Space");
  // Still here, still pending, no decision in the trail.
  await expect(page.getByRole("heading", { name: "Hint · pending" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: EMPTY_DEFUSE })).toBeVisible();
  await expect(trail(page).getByRole("listitem").filter({ hasText: "→" })).toHaveCount(0);
  // The Trim button answers the same.
  await page.getByRole("button", { name: "Trim" }).click();
  await expect(notice(page)).toContainText("Nothing to trim under DefUse");

  // f, then Enter with no reason: said, nothing saved.
  await page.keyboard.press("f");
  const form = page.getByRole("group", { name: "Flag this hint" });
  await expect(form).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(notice(page)).toContainText("Not flagged: choose a reason first");
  await expect(page.getByRole("heading", { name: "Hint · pending" })).toBeVisible();
  // The reason's digit, then the note typed at once (the digits and letters are the note's, not the
  // reason's type-ahead), then Tab: the focused control is the one Enter presses, Save flag.
  await page.keyboard.press("2");
  const reason = form.getByRole("combobox", { name: "Reason" });
  await expect(reason).toHaveValue("guesswork");
  const note = form.getByRole("textbox", { name: /Note/ });
  await expect(note).toBeFocused();
  await page.keyboard.type("DefUse picks nothing: 2 names missing");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("second line");
  await expect(reason).toHaveValue("guesswork");
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Save flag" })).toBeFocused();
  await page.keyboard.press("Enter");
  // (The view, one instance found by its id, has no open hint left: the page stays and says so.)
  await expect(page.getByRole("status").filter({ hasText: /^Saved: flagged\./ })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await openPro(page, EMPTY_DEFUSE);
  await expect(trail(page)).toContainText("pending → flagged (guesswork)");
  await expect(trail(page)).toContainText("DefUse picks nothing: 2 names missing\nsecond line");

  // Ctrl+Enter saves the form from its reason's list.
  await openPro(page, SECOND_EMPTY);
  await page.keyboard.press("f");
  await page.keyboard.press("Tab");
  await expect(reason).toBeFocused();
  await reason.selectOption("spoiler");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByRole("status").filter({ hasText: /^Saved: flagged\./ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hint · flagged" })).toBeVisible();
});

/**
 * Holds the navigation requests of instance pages (the RSC request a move sends, not the prefetches) until
 * `release` is called: the next instance stays in its loading state, with no review page mounted, for as
 * long as the test wants, whatever the machine's load.
 */
async function holdInstanceLoads(page: Page) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(
    (url) => /^\/instances\/\d+$/.test(url.pathname),
    async (route) => {
      const request = route.request();
      const headers = request.headers();
      const navigation = headers.rsc === "1" && !headers["next-router-prefetch"];
      if (request.method() === "GET" && navigation) {
        held++;
        await gate;
      }
      await route.fallback();
    },
  );
  return { release, held: () => held };
}

/** How many instances of the Pro list have the review status `review` (the list's count, once settled). */
async function countOf(page: Page, review: string) {
  await page.goto(`${PRO_LIST}&review=${review}`);
  const count = page.locator('p[aria-busy="false"]').filter({ hasText: /^\d+ of \d+ instances/ });
  await expect(count).toBeVisible();
  return Number(((await count.textContent()) ?? "").split(" ")[0]);
}

test("keys typed while the next instance is held loading, the cursor still in the flag's note, are replayed there", async ({
  page,
}) => {
  importPro();
  const [flagged, accepted] = [await countOf(page, "flagged"), await countOf(page, "accepted")];
  await page.goto(`${PRO_LIST}&review=pending`);
  const first = page.getByRole("table", { name: "Instances" }).getByRole("link").first();
  const firstId = (await first.getAttribute("title")) ?? "";
  await first.click();
  await reviewReady(page, firstId);
  const hold = await holdInstanceLoads(page);
  // f 1 Enter flags and moves on; the next instance is held loading (whatever the page shows meanwhile: the
  // page left, or the loading state), and the cursor was last in the flag's note.
  for (const key of ["f", "1", "Enter"]) await page.keyboard.press(key);
  await expect.poll(hold.held).toBeGreaterThan(0);
  // a, typed now: kept for the next instance, not typed into the note of the page left.
  await page.keyboard.press("a");
  hold.release();
  // The next instance accepted by the a replayed there, and the view moves on to the third.
  await expect(page.getByRole("status").filter({ hasText: /^Saved: accepted \(/ })).toBeVisible();
  await expect(page.getByText(/Not taken|Conflict/)).toHaveCount(0);
  expect(await countOf(page, "flagged")).toBe(flagged + 1);
  expect(await countOf(page, "accepted")).toBe(accepted + 1);
});

test("20 decisions by keyboard on the Pro list, keys typed while each next instance loads: none lost", async ({
  page,
}) => {
  importPro();
  await page.goto(`${PRO_LIST}&review=pending`);
  const table = page.getByRole("table", { name: "Instances" });
  await expect(page.getByText(/^\d+ of \d+ instances/)).toBeVisible();
  const pendingText = (await page.getByText(/^\d+ of \d+ instances/).textContent()) ?? "";
  const pending = Number(pendingText.split(" ")[0]);
  // What the tests before decided in this file's database (two flags; a flag and an accept).
  const flaggedBefore = await countOf(page, "flagged");
  const acceptedBefore = await countOf(page, "accepted");
  await page.goto(`${PRO_LIST}&review=pending`);
  const first = table.getByRole("link").first();
  const firstId = (await first.getAttribute("title")) ?? "";
  await first.click();
  await reviewReady(page, firstId);
  // (The test before may have undone a decision on this instance already.)
  const undos = trail(page).getByRole("listitem").filter({ hasText: "undo" });
  const undosBefore = await undos.count();

  // Twice, a decision and its undo typed at once: u lands on the next instance's page and takes the
  // decision back there, then the first instance is shown again.
  for (let n = 0; n < 2; n++) {
    await page.keyboard.press("a");
    await page.keyboard.press("u");
    await expect(page.getByRole("status").filter({ hasText: "Undone: the hint is pending again." })).toBeVisible();
    await reviewReady(page, firstId);
    await expect(undos).toHaveCount(undosBefore + n + 1);
  }

  // Then the whole queue without waiting for any page: a accepts; every fourth is f 1 Enter (a spoiler flag).
  for (let n = 0; n < pending; n++) {
    if (n % 4 === 3) for (const key of ["f", "1", "Enter"]) await page.keyboard.press(key);
    else await page.keyboard.press("a");
  }
  await expect(
    page.getByRole("status").filter({ hasText: "The view's queue is done: no open hint left in it." }),
  ).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(/Conflict|Not taken|Nothing to undo/)).toHaveCount(0);

  await page.goto(`${PRO_LIST}&review=pending`);
  await expect(page.getByRole("status").filter({ hasText: /^No instance matches this view/ })).toBeVisible();
  const flags = Math.floor((pending + 1) / 4);
  await page.goto(`${PRO_LIST}&review=flagged`);
  await expect(page.getByText(new RegExp(`^${flags + flaggedBefore} of \\d+ instances`))).toBeVisible();
  await page.goto(`${PRO_LIST}&review=accepted`);
  await expect(page.getByText(new RegExp(`^${pending - flags + acceptedBefore} of \\d+ instances`))).toBeVisible();
});

test("no axe violations on the list of SWE-bench Pro instances (long ids, shortened in the list)", async ({ page }) => {
  importPro();
  await page.goto(PRO_LIST);
  const table = page.getByRole("table", { name: "Instances" });
  await expect(page.getByText(/^20 of \d+ instances/)).toBeVisible();
  // The row shows the short id; the link's name is the whole id, the short one inside it (WCAG 2.5.3).
  const link = table.getByRole("link", { name: EMPTY_DEFUSE, exact: true });
  await expect(link).toHaveText(shortId(EMPTY_DEFUSE));
  expect(shortId(EMPTY_DEFUSE)).not.toBe(EMPTY_DEFUSE);
  const said = (violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]) =>
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
  const wcag = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(said(wcag.violations)).toEqual([]);
  // axe keeps label-content-name-mismatch among its experimental rules (off under the tags above): asked for
  // by name, on every row drawn.
  const mismatch = await new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze();
  expect(said(mismatch.violations)).toEqual([]);
  expect(mismatch.passes.flatMap((p) => p.nodes).length).toBeGreaterThan(5);
});

test("the list fits 1280 px: the columns that matter shown, the rest behind the chooser; the filters fold to one line", async ({
  page,
}) => {
  importPro();
  await page.goto(PRO_LIST);
  const table = page.getByRole("table", { name: "Instances" });
  await expect(page.getByText(/^20 of \d+ instances/)).toBeVisible();
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(1280);
  const headers = table.getByRole("columnheader");
  await expect(headers).toHaveText([
    /^Instance/,
    "Benchmark",
    "Language",
    "DefUse",
    "Review",
    "Flags",
    "Leaks",
    "Resolved",
  ]);
  const box = await table.getByRole("columnheader", { name: "Resolved" }).boundingBox();
  expect((box?.x ?? 9999) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);

  // The repository, from the chooser: shown, and still no sideways scroll; kept on the next visit.
  await page.getByText("Columns (", { exact: false }).click();
  await page.getByRole("group", { name: "Columns shown" }).getByLabel("Repository").check();
  await expect(table.getByRole("columnheader", { name: "Repository" })).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(1280);
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Repository" })).toBeVisible();

  // The filters folded: one line saying what is in force, and the rows start higher.
  const rowsTop = async () => (await table.boundingBox())?.y ?? 9999;
  const open = await rowsTop();
  const summary = page.locator(".list-filters > summary");
  await summary.click();
  await expect(page.getByRole("group", { name: "Benchmark" })).toBeHidden();
  await expect(summary).toContainText("SWE-bench Pro · review status of DefUse × Declaration");
  const summaryBox = await summary.boundingBox();
  expect(summaryBox?.height ?? 999).toBeLessThan(30);
  const folded = await rowsTop();
  expect(folded).toBeLessThan(open);
  console.log(`rows start at y = ${open} with the filters open, ${folded} folded`);
  await page.reload();
  await expect(page.getByRole("group", { name: "Benchmark" })).toBeHidden();
});
