import { signIn } from "../lib/testing/sign-in";
import { E2E_PASSWORD, storageStateOf } from "./accounts";
import { expect, type Request, test } from "./app";
import { openInstance } from "./review-helpers";

// Each test says who it is: nobody, a curator, a viewer. In order: the later ones replay the first one's request.
test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: "serial" });

/** A server action's request as the browser sent it, to replay under another session (or none). */
interface CapturedAction {
  url: string;
  headers: Record<string, string>;
  body: string;
}
const capture = (request: Request): CapturedAction => ({
  url: request.url(),
  headers: Object.fromEntries(
    Object.entries(request.headers()).filter(([k]) =>
      ["next-action", "content-type", "next-router-state-tree", "accept"].includes(k),
    ),
  ),
  body: request.postData() ?? "",
});
let decideRequest: CapturedAction | null = null;

test("a curator signs in (back to the page asked for), decides under their own name, and signs out", async ({
  page,
  baseURL,
}) => {
  await page.goto("/instances?q=demo__java");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Finstances%3Fq%3Ddemo__java$/);
  await page.getByLabel("Name").fill("cora");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText(
    "Wrong name or password (or the account is disabled).",
  );
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/instances\?q=demo__java$/);
  await expect(page.getByRole("form", { name: "Account" })).toContainText("cora");

  // An instance and a policy of its own.
  await openInstance(page, "demo__java-slug-1");
  await page.getByRole("radio", { name: "1 Name only" }).check();
  // The first server action the page calls is the decision (signing out, later, is another).
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) decideRequest ??= capture(r);
  });
  await page.getByRole("button", { name: "Accept", exact: true }).click();
  await expect.poll(() => decideRequest).not.toBeNull();
  await page.goto("/instances");
  await openInstance(page, "demo__java-slug-1");
  await page.getByRole("radio", { name: "1 Name only" }).check();
  // The audit trail names the signed-in account: the page sends no name at all.
  await expect(page.getByRole("region", { name: "Audit trail" })).toContainText("cora accept");
  expect(decideRequest?.body).not.toContain("cora");

  // The session cookie is httpOnly and SameSite.
  const cookie = (await page.context().cookies()).find((c) => c.name === "hintscope_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/instances");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Finstances$/);
  // The old cookie, replayed, is no session any more.
  await page.context().addCookies([cookie as NonNullable<typeof cookie>]);
  await page.goto(`${baseURL}/instances`);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
});

test("a viewer reads but cannot decide: no buttons, keys do nothing, and the action itself refuses", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageStateOf("vera") });
  const page = await context.newPage();
  await openInstance(page, "demo__ts-store-1");
  await expect(page.getByRole("note")).toContainText("signed in as a viewer");
  await expect(page.getByRole("button", { name: "Accept", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Flag" })).toHaveCount(0);
  await page.keyboard.press("a");
  await expect(page.getByRole("heading", { name: "Hint · pending" })).toBeVisible();

  // The curator's decide request, replayed with the viewer's session: refused with the role it needs.
  expect(decideRequest).not.toBeNull();
  const request = decideRequest as CapturedAction;
  const replay = await context.request.post(request.url, { headers: request.headers, data: request.body });
  expect(await replay.text()).toContain("This needs the curator role.");
  await page.reload();
  await expect(page.getByRole("region", { name: "Audit trail" }).getByRole("listitem")).toHaveCount(0);

  // Admin pages and admin routes are not for viewers.
  const refused = await page.goto("/admin/users");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "This page needs a role your account does not have",
  );
  await expect(page.getByRole("main").getByRole("alert")).toContainText("(you are signed in as vera, viewer)");
  expect(
    (
      await context.request.post("/api/import?name=x.jsonl", { headers: { "x-hintscope-upload": "1" }, data: "{}\n" })
    ).status(),
  ).toBe(403);
  await context.close();
});

test("without a session: pages redirect to sign in, API routes and actions answer 401", async ({ page, request }) => {
  for (const path of ["/", "/instances", "/research", "/hint-sets", "/import", "/admin/users", "/instances/1"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expect(response.headers().location, path).toMatch(/^\/sign-in/);
  }
  expect((await request.get("/api/hint-sets/x/1/jsonl")).status()).toBe(401);
  expect((await request.get("/api/import/jobs/x")).status()).toBe(401);
  expect((await request.get("/api/research/runs/1")).status()).toBe(401);
  expect((await request.post("/api/import?name=x.jsonl", { data: "{}\n" })).status()).toBe(401);
  expect(decideRequest).not.toBeNull();
  const action = decideRequest as CapturedAction;
  expect((await request.post(action.url, { headers: action.headers, data: action.body })).status()).toBe(401);
  // A forged cookie gets past the first gate but not the page's own check: what streams before the page's
  // guard redirects is the loading shell alone, none of the instance (its id, issue or patches).
  const forged = await request.get("/instances/1", {
    headers: { cookie: "hintscope_session=forged" },
    maxRedirects: 0,
  });
  const body = await forged.text();
  expect(body).toContain("/sign-in");
  expect(body).not.toMatch(/demo__|diff --git|problem_statement/);
  await page.context().addCookies([{ name: "hintscope_session", value: "forged", url: "http://127.0.0.1:3100" }]);
  await page.goto("/instances");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Finstances$/);
});

test("an admin adds a user in the page; the new account signs in with its role", async ({ browser, baseURL }) => {
  const admin = await (await browser.newContext({ storageState: storageStateOf("ada") })).newPage();
  await admin.goto("/admin/users");
  const form = admin.getByRole("form", { name: "Add a user" });
  await form.getByLabel("Name").fill("dana");
  await form.getByLabel("Role").selectOption("viewer");
  await form.getByLabel("Password").fill("dana-password-123");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByRole("status")).toHaveText("Added dana (viewer).");
  await admin.reload();
  await admin.getByLabel("Role of dana").selectOption("curator");
  await expect(admin.getByRole("status")).toHaveText("dana is now curator.");

  const dana = await (await browser.newContext()).newPage();
  await signIn(dana, baseURL as string, "dana", "dana-password-123");
  await expect(dana.getByRole("form", { name: "Account" })).toContainText("curator");
  await admin.getByRole("button", { name: "Disable dana" }).click();
  await expect(admin.getByRole("status")).toHaveText("dana is disabled.");
  await dana.goto("/instances");
  await expect(dana).toHaveURL(/\/sign-in/);
});

test("another origin changes nothing: a replayed action and an upload from it are refused with 403", async ({
  browser,
}) => {
  const curator = await browser.newContext({ storageState: storageStateOf("grace") });
  expect(decideRequest).not.toBeNull();
  const action = decideRequest as CapturedAction;
  const before = await curator.request.get("/instances?q=demo__java");
  expect(before.ok()).toBe(true);
  // The same action as the curator's own page sent it, but from a page on another port (same site).
  const forged = await curator.request.post(action.url, {
    headers: { ...action.headers, origin: "http://127.0.0.1:4999", "sec-fetch-site": "same-site" },
    data: action.body,
  });
  expect(forged.status()).toBe(403);
  await curator.close();

  const admin = await browser.newContext({ storageState: storageStateOf("ada") });
  const upload = (headers: Record<string, string>) =>
    admin.request.post("/api/import?name=forged.jsonl&benchmark=E2E%20Forged", { headers, data: "{}\n" });
  expect((await upload({ "x-hintscope-upload": "1", origin: "http://localhost.evil:3100" })).status()).toBe(403);
  // A cross-site form cannot add the header the import page sends: without it, refused too.
  expect((await upload({})).status()).toBe(403);
  const page = await admin.newPage();
  await page.goto("/");
  await expect(page.getByRole("main")).not.toContainText("E2E Forged");
  await admin.close();
});
