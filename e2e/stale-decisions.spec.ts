import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "./app";
import { openInstance, reviewReady } from "./review-helpers";

const ID = "demo__ts-bytes-1";
const demoRecord = () =>
  JSON.parse(
    readFileSync(path.join("prisma", "demo", "demo-instances.jsonl"), "utf8")
      .split("\n")
      .find((line) => line.includes(`"instance_id": "${ID}"`)) ?? "null",
  ) as Record<string, string>;

/** Re-imports the instance through the upload endpoint, as the import page does. */
async function reimport(page: Page, record: object, name: string) {
  const response = await page.request.post(`/api/import?name=${name}`, {
    headers: { "x-hintscope-upload": "1" },
    data: `${JSON.stringify(record)}\n`,
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).files[0] as { added: number; updated: number; unchanged: number };
}

test("a decision the instance changed under shows stale with both texts, and one key re-confirms it", async ({
  page,
}) => {
  await openInstance(page, ID);
  await page.keyboard.press("a");
  await expect(page.getByRole("heading", { level: 1, name: ID })).toHaveCount(0);

  // Identical content: nothing changes.
  expect(await reimport(page, demoRecord(), "demo-same.jsonl")).toMatchObject({ unchanged: 1, updated: 0 });
  await page.goto("/instances?review=accepted");
  await expect(page.getByRole("link", { name: ID, exact: true })).toBeVisible();

  // The test patch no longer passes fractionDigits: DefUse, and so the hint, changes.
  const changed = demoRecord();
  changed.test_patch = (changed.test_patch as string).replace(
    'expect(formatBytes(-2000000, { fractionDigits: 2 })).toBe("-2.00 MB");',
    'expect(formatBytes(-2000000, { binary: false })).toBe("-2.0 MB");',
  );
  expect(changed.test_patch).not.toEqual(demoRecord().test_patch);
  expect(await reimport(page, changed, "demo-changed.jsonl")).toMatchObject({ updated: 1 });

  await page.goto("/instances?review=stale");
  await expect(page.getByText(/^1 of \d+ instances/)).toBeVisible();
  await expect(page.getByRole("cell", { name: "changed since decided" })).toBeVisible();
  await page.getByRole("link", { name: ID, exact: true }).click();
  await reviewReady(page, ID);
  const notice = page.getByRole("region", { name: "Changed since decided" });
  await expect(notice).toContainText("ada accepted this hint");
  await expect(notice.getByTestId("decided hint")).toContainText("fractionDigits");
  await expect(notice.getByTestId("current hint")).not.toContainText("fractionDigits");

  // Re-confirmed; the list it came from (stale hints only) has nothing left, so the page stays.
  await page.keyboard.press("c");
  await expect(page.getByRole("status")).toHaveText(
    "Saved: accepted. The view's queue is done: no open hint left in it.",
  );
  await page.goto("/instances?review=stale");
  await expect(page.getByText(/^0 of \d+ instances/)).toBeVisible();
  await openInstance(page, ID);
  await expect(page.getByRole("heading", { name: "Hint · accepted" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Audit trail" })).toContainText("ada reconfirm");
});
