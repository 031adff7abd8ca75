import { expect, test } from "./app";

// 250 instances of their own benchmark, ids sorting after the demo's ("zz…"), so the list's
// first window (100 rows) cannot hold them all: scrolling must fetch the rest from the server.
const ids = Array.from({ length: 250 }, (_, n) => `zz_window__list-${n + 1}`);

test("the list fetches windows as it scrolls; filters and counts come from the server", async ({ page }) => {
  const records = ids.map((id) => ({
    instance_id: id,
    repo: "e2e/windows",
    base_commit: "a".repeat(40),
    patch: `diff --git a/w.py b/w.py\n--- a/w.py\n+++ b/w.py\n@@ -1 +1,2 @@\n x = 1\n+def w${id.length}(): return 1\n`,
    test_patch: "diff --git a/t.py b/t.py\n--- a/t.py\n+++ b/t.py\n@@ -1 +1,2 @@\n x = 1\n+assert True\n",
    problem_statement: `Window ${id}`,
    FAIL_TO_PASS: "[]",
  }));
  const imported = await page.request.post("/api/import?name=windows.jsonl&benchmark=E2E%20Windows", {
    headers: { "x-hintscope-upload": "1" },
    data: `${records.map((r) => JSON.stringify(r)).join("\n")}\n`,
  });
  expect(imported.ok()).toBe(true);

  const windows: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/instances?"))
      windows.push(new URL(request.url()).searchParams.get("offset") ?? "");
  });
  await page.goto("/instances?benchmark=E2E%20Windows&sort=externalId&desc=1");
  await expect(page.getByText(/^250 of \d+ instances/)).toBeVisible();
  // Descending by id text: "…-99" first; the page came with its first window, nothing fetched yet.
  await expect(page.getByRole("row").nth(1)).toContainText("zz_window__list-99");
  expect(windows).toEqual([]);
  // Only the rows in view are in the page, not 250.
  expect(await page.getByRole("row").count()).toBeLessThan(80);

  // Scrolled to the end: the last rows arrive from the server (offset 200), in the view's order.
  await page.locator(".vbody").evaluate((body) => {
    body.scrollTop = body.scrollHeight;
  });
  await expect(page.getByRole("link", { name: "zz_window__list-1", exact: true })).toBeVisible();
  expect(windows).toContain("200");

  // A keystroke: the server filters and counts ("list-24" and "list-240" … "list-249").
  await page.getByLabel("Search instances").fill("window__list-24");
  await expect(page.getByText(/^11 of \d+ instances/)).toBeVisible();
  await expect(page.getByRole("link", { name: "zz_window__list-249", exact: true })).toBeVisible();
  // The view is in the URL: a reload shows the same.
  await page.reload();
  await expect(page.getByText(/^11 of \d+ instances/)).toBeVisible();
  await expect(page.getByLabel("Search instances")).toHaveValue("window__list-24");
});
