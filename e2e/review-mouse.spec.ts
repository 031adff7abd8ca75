import { storageStateOf } from "./accounts";
import { expect, test } from "./app";
import { highlights, openInstance } from "./review-helpers";

test("review with the mouse: see DefUse highlighted, trim an attribute, accept, reload, see the audit entry", async ({
  page,
}) => {
  await openInstance(page, "demo__py-locale-1");
  // Picking the identifier brings both patches to it: highlighted where the gold patch defines it and
  // where the test patch uses it.
  await page.getByRole("button", { name: "get_best_parsable_locale", exact: true }).click();
  await expect(
    highlights(page, "Gold patch", "def").filter({ hasText: "get_best_parsable_locale" }).first(),
  ).toBeVisible();
  await expect(
    highlights(page, "Test patch", "use").filter({ hasText: "get_best_parsable_locale" }).first(),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Issue" })).toBeVisible();

  const hint = page.getByTestId("rendered hint");
  await expect(hint).toContainText(
    "### `get_best_parsable_locale` (function) -- `lib/ansible/module_utils/common/locale.py` [new file]",
  );
  await expect(hint).toContainText("Signature: `get_best_parsable_locale(module, preferences=None)`");
  // The judge's scores: one row per judge and attribute, for the selection on screen (DefUse), medians of its
  // samples (name: N 2, 2, 1 → 2; D 0; G 0, 0, 1 → 0; HVM +2).
  const judge = page.getByRole("table", { name: "Judge scores for get_best_parsable_locale" });
  await expect(judge.getByRole("row").filter({ hasText: "demo-judge" }).first()).toContainText("demo-judgename");

  await page.getByRole("button", { name: "Trim" }).click();
  await page.getByRole("checkbox", { name: "signature of get_best_parsable_locale", exact: true }).uncheck();
  await expect(hint).not.toContainText("Signature: `get_best_parsable_locale(module, preferences=None)`");
  await page.getByRole("button", { name: "Accept trimmed" }).click();

  // The page moves on to the next pending instance; the decision survives a reload of the first.
  await expect(page.getByRole("heading", { level: 1, name: "demo__py-locale-1" })).toHaveCount(0);
  await openInstance(page, "demo__py-locale-1");
  await page.reload();
  const audit = page.getByRole("region", { name: "Audit trail" });
  await expect(audit).toContainText("ada trim");
  await expect(audit).toContainText("pending → trimmed");
  await expect(page.getByRole("heading", { name: "Hint · trimmed" })).toBeVisible();
  await expect(hint).not.toContainText("Signature: `get_best_parsable_locale(module, preferences=None)`");
});

test("flag a hint with a reason and a note", async ({ page }) => {
  await openInstance(page, "demo__go-duration-1");
  await page.getByRole("button", { name: "Flag" }).click();
  await expect(page.getByRole("button", { name: "Save flag" })).toBeDisabled();
  await page.getByLabel("Reason").selectOption({ label: "Guesswork remains (a test-facing name is missing)" });
  await page.getByLabel("Note").fill("the test also needs Config.Retries");
  await page.getByRole("button", { name: "Save flag" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "demo__go-duration-1" })).toHaveCount(0);
  await openInstance(page, "demo__go-duration-1");
  const audit = page.getByRole("region", { name: "Audit trail" });
  await expect(audit).toContainText("pending → flagged (guesswork)");
  await expect(audit).toContainText("the test also needs Config.Retries");
  // The list shows the flag.
  await page.goto("/instances?review=flagged");
  await expect(page.getByRole("link", { name: "demo__go-duration-1" })).toBeVisible();
  await expect(page.getByText(/^1 of \d+ instances/)).toBeVisible();
});

test("two curators deciding the same hint: the second sees a conflict, nothing is overwritten", async ({ browser }) => {
  const first = await (await browser.newContext({ storageState: storageStateOf("ada") })).newPage();
  const second = await (await browser.newContext({ storageState: storageStateOf("grace") })).newPage();
  await openInstance(first, "demo__ts-store-1");
  await openInstance(second, "demo__ts-store-1");
  await first.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(first.getByRole("heading", { level: 1, name: "demo__ts-store-1" })).toHaveCount(0);

  await second.getByRole("button", { name: "Flag" }).click();
  await second.getByLabel("Reason").selectOption("spoiler");
  await second.getByRole("button", { name: "Save flag" }).click();
  const conflict = second.getByRole("alert").filter({ hasText: "Conflict" });
  await expect(conflict).toContainText("ada already decided this hint (accept, now accepted)");
  await second.reload();
  await expect(second.getByRole("heading", { name: "Hint · accepted" })).toBeVisible();
  // One decision (before → after); comments on this instance's lines would be entries too.
  const decisions = second.getByRole("region", { name: "Audit trail" }).getByRole("listitem").filter({ hasText: "→" });
  await expect(decisions).toHaveCount(1);
});

test("an issue's <script> and onerror image stay inert", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  await openInstance(page, "demo__py-retry-1");
  const issue = page.getByRole("region", { name: "Issue" });
  await expect(issue).toContainText(`<img src="x" onerror="alert('pasted from a bug tracker')">`);
  await expect(issue.locator("img")).toHaveCount(0);
  // DefUse names in the issue text are highlighted too, with their kind on hover.
  await expect(issue.locator("mark.ident-def").first()).toHaveAttribute("title", /retries \(parameter\)/);
  await page.waitForTimeout(300);
  expect(dialogs).toBe(0);
});
