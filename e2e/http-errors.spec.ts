import { expect, hints, test } from "./app";

/** A DefUse hint set of the demo benchmark, made by the command line. */
const createDemoSet = (name: string, projection: string) =>
  hints(
    "sets",
    "create",
    name,
    "--benchmark",
    "Demo: Hintscope sample",
    "--selection",
    "defuse",
    "--projection",
    projection,
  );

test("unknown sets, versions and upload names answer 4xx with a sentence, never 500", async ({ page }) => {
  const compare = await page.request.get("/hint-sets/no-such-set/compare");
  expect(compare.status()).toBe(404);
  for (const version of ["abc", "0", "1"]) {
    const response = await page.request.get(`/api/hint-sets/no-such-set/${version}/jsonl`);
    expect(response.status()).toBe(404);
    expect(await response.text()).toMatch(/no (version|hint set)/);
  }
  for (const name of ["..", "."]) {
    const upload = await page.request.post(`/api/import?name=${name}`, {
      headers: { "x-hintscope-upload": "1" },
      data: "{}\n",
    });
    expect(upload.status()).toBe(400);
    expect((await upload.json()).error).toMatch(/name the uploaded file/);
  }
});

test("a hint set whose name has a % downloads from its own link; version 0 or abc is not the latest", async ({
  page,
}) => {
  const name = "100% demo";
  createDemoSet(name, "name");
  hints("sets", "publish", name);
  await page.goto("/hint-sets");
  const hrefs = await page
    .getByRole("link", { name: "manifest", exact: true })
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const own = hrefs.find((href) => href.includes(encodeURIComponent(name)));
  expect(own).toBe(`/api/hint-sets/${encodeURIComponent(name)}/1/manifest`);
  const ok = await page.request.get(own as string);
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toMatchObject({ name, version: 1 });
  expect((await page.request.get(`/api/hint-sets/${encodeURIComponent(name)}/0/jsonl`)).status()).toBe(404);
  expect((await page.request.get(`/api/hint-sets/${encodeURIComponent(name)}/abc/jsonl`)).status()).toBe(404);
});

test("every response carries the security headers, and the review page still runs Monaco under them", async ({
  page,
}) => {
  for (const path of ["/", "/instances", "/api/hint-sets/none/1/jsonl"]) {
    const response = await page.request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
  }
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/instances");
  await page.getByRole("link", { name: "demo__py-retry-1", exact: true }).click();
  await expect(page.getByTestId("Gold patch editor").locator(".ident-def").first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("the compare page of a set whose name has spaces (and a %) is the set's, from the hint sets page's link", async ({
  page,
}) => {
  const name = "spaced 50% set";
  createDemoSet(name, "declaration");
  hints("sets", "publish", name);
  hints("sets", "publish", name);
  await page.goto("/hint-sets");
  await page
    .getByRole("link", { name: "compare with v1" })
    .and(page.locator(`[href*="${encodeURIComponent(name)}"]`))
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
});
