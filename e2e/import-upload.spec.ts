import path from "node:path";
import { expect, test } from "./app";

const fixture = (name: string) => path.join(import.meta.dirname, "fixtures", name);

test("an uploaded instance file lands and its instances are listed", async ({ page }) => {
  await page.goto("/import");
  await page.getByLabel("Benchmark name for files that do not say it (optional)").fill("E2E Widgets");
  await page.getByLabel("Choose files to import").setInputFiles(fixture("widgets-instances.jsonl"));
  const results = page.getByRole("table", { name: "Import results" });
  await expect(results).toContainText("widgets-instances.jsonl");
  await expect(results).toContainText("swebench → E2E Widgets: 3 added, 0 updated, 0 unchanged");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Benchmarks" }).click();
  const benchmarks = page.getByRole("table", { name: "Benchmarks" });
  const row = benchmarks.getByRole("row", { name: /E2E Widgets/ });
  await expect(row.getByRole("cell").nth(1)).toHaveText("3");
  await row.getByRole("link", { name: "E2E Widgets" }).click();

  const instances = page.getByRole("table", { name: "Instances" });
  for (const n of [1, 2, 3]) await expect(instances.getByRole("link", { name: `e2e__widgets-${n}` })).toBeVisible();

  await instances.getByRole("link", { name: "e2e__widgets-2" }).click();
  await expect(page.getByRole("heading", { name: "e2e__widgets-2" })).toBeVisible();
  await expect(page.getByTestId("Gold patch editor")).toContainText("+def widget_2():");
  // The analysis ran on upload: the new function the test calls is DefUse's pick.
  await expect(page.getByTestId("rendered hint")).toContainText("### `widget_2` (function) -- `widgets/core.py`");
  // The issue's <script> is shown as text and never runs.
  await expect(page.getByRole("region", { name: "Issue" })).toContainText("<script>window.__pwned = true</script>");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
});

test("uploading the same file again changes nothing and says so", async ({ page }) => {
  await page.goto("/import");
  await page.getByLabel("Benchmark name for files that do not say it (optional)").fill("E2E Repeat");
  const results = page.getByRole("table", { name: "Import results" });
  await page.getByLabel("Choose files to import").setInputFiles(fixture("widgets-instances.jsonl"));
  await expect(results).toContainText("3 added, 0 updated, 0 unchanged");
  await page.getByLabel("Choose files to import").setInputFiles(fixture("widgets-instances.jsonl"));
  await expect(results).toContainText("0 added, 0 updated, 3 unchanged (nothing changed)");
});

test("a file with a broken last line is refused whole, naming the line", async ({ page }) => {
  await page.goto("/import");
  await page.getByLabel("Benchmark name for files that do not say it (optional)").fill("E2E Broken");
  await page.getByLabel("Choose files to import").setInputFiles(fixture("broken-last-line.jsonl"));
  await expect(page.getByRole("alert").filter({ hasText: "Not imported" })).toContainText(
    "broken-last-line.jsonl:2: not valid JSON",
  );
  await page.goto("/");
  await expect(page.getByRole("link", { name: "E2E Broken" })).toHaveCount(0);
});

const record = (n: number, fields: Record<string, unknown> = {}) => ({
  instance_id: `e2e__mapped-${n}`,
  repo: "e2e/mapped",
  base_commit: "a".repeat(40),
  test_patch: `diff --git a/t.py b/t.py\n--- a/t.py\n+++ b/t.py\n@@ -1 +1,2 @@\n x = 1\n+assert f${n}() == ${n}\n`,
  problem_statement: `f${n} is missing`,
  FAIL_TO_PASS: "[]",
  ...fields,
});
const patch = (n: number) =>
  `diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1 +1,2 @@\n x = 1\n+def f${n}(): return ${n}\n`;
const jsonlFile = (name: string, records: object[]) => ({
  name,
  mimeType: "application/x-ndjson",
  buffer: Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join("")),
});

test("a file of no known format shows its fields; a field map imports it", async ({ page }) => {
  await page.goto("/import");
  await page.getByLabel("Benchmark name for files that do not say it (optional)").fill("E2E Mapped");
  await page
    .getByLabel("Choose files to import")
    .setInputFiles(jsonlFile("renamed.jsonl", [record(1, { the_fix: patch(1) }), record(2, { the_fix: patch(2) })]));
  const form = page.getByRole("form", { name: "Field map for renamed.jsonl" });
  await expect(form).toContainText("the_fix");
  await form.getByLabel("patch", { exact: true }).selectOption("the_fix");
  await form.getByRole("button", { name: "Import with this field map" }).click();
  await expect(page.getByRole("table", { name: "Import results" })).toContainText(
    "swebench → E2E Mapped: 2 added, 0 updated, 0 unchanged",
  );
});

test("a results file with a renamed column is mapped in the browser too: every format's fields are offered", async ({
  page,
}) => {
  await page.goto("/import");
  await page.getByLabel("Benchmark name for files that do not say it (optional)").fill("E2E Mapped");
  const rows = [1, 2].map((n) => ({
    instance_id: `e2e__mapped-${n}`,
    run: "m1",
    selection: "defuse",
    projection: "name",
    resolved: n === 1,
  }));
  await page.getByLabel("Choose files to import").setInputFiles(jsonlFile("runs.jsonl", rows));
  const form = page.getByRole("form", { name: "Field map for runs.jsonl" });
  await form
    .getByLabel("Read it as")
    .selectOption({ label: "plain results (instance_id, model, selection, projection, resolved)" });
  await form.getByLabel("model", { exact: true }).selectOption("run");
  await form.getByRole("button", { name: "Import with this field map" }).click();
  await expect(page.getByRole("table", { name: "Import results" })).toContainText(
    "plain-results → E2E Mapped: 2 added, 0 updated, 0 unchanged",
  );
});

test("results filed under the wrong benchmark: the page names the right one and imports them again under it", async ({
  page,
}) => {
  await page.goto("/import");
  const benchmark = page.getByLabel("Benchmark name for files that do not say it (optional)");
  await benchmark.fill("E2E Target");
  await page
    .getByLabel("Choose files to import")
    .setInputFiles(jsonlFile("target.jsonl", [record(11, { patch: patch(11) }), record(12, { patch: patch(12) })]));
  const results = page.getByRole("table", { name: "Import results" });
  await expect(results).toContainText("E2E Target: 2 added");
  await benchmark.fill("E2E Elsewhere");
  await page.getByLabel("Choose files to import").setInputFiles({
    name: "runs.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "instance_id,model,selection,projection,resolved\ne2e__mapped-11,m,defuse,name,true\ne2e__mapped-12,m,defuse,name,false\n",
    ),
  });
  await expect(results).toContainText("2 ids match no instance");
  await results.getByRole("button", { name: "Import again under E2E Target" }).click();
  await expect(results.getByRole("row", { name: /runs\.csv/ })).toContainText("plain-results → E2E Target: 2 added");
  await expect(results.getByRole("row", { name: /runs\.csv/ })).not.toContainText("match no instance");
});

test("an upload as a job reports records read and instances analysed", async ({ page }) => {
  const started = await page.request.post("/api/import?name=job.jsonl&benchmark=E2E%20Job&job=1", {
    headers: { "x-hintscope-upload": "1" },
    data: [record(21, { patch: patch(21) }), record(22, { patch: patch(22) })].map((r) => JSON.stringify(r)).join("\n"),
  });
  expect(started.status()).toBe(202);
  const { job } = await started.json();
  let state = "";
  let body: Record<string, unknown> = {};
  for (let i = 0; i < 100 && state !== "done" && state !== "failed"; i++) {
    body = await (await page.request.get(`/api/import/jobs/${job}`)).json();
    state = String(body.state);
    await page.waitForTimeout(100);
  }
  expect(body).toMatchObject({ state: "done", records: 2, analysed: 2, summary: { added: 2, file: "job.jsonl" } });
  expect((await page.request.get("/api/import/jobs/nope")).status()).toBe(404);
});

test("an upload larger than the proxy's 10 MB body buffer lands whole", async ({ page }) => {
  // 1,500 records of ≈ 9 KB each: ≈ 13 MB, every record complete, the last one past 10 MB.
  const filler = `# ${"x".repeat(9000)}\n`;
  const records = Array.from({ length: 1500 }, (_, n) => ({
    instance_id: `e2e__big-upload-${n + 1}`,
    repo: "e2e/big-upload",
    base_commit: "a".repeat(40),
    patch: "diff --git a/b.py b/b.py\n--- a/b.py\n+++ b/b.py\n@@ -1 +1,2 @@\n x = 1\n+def big(): return 1\n",
    test_patch: "diff --git a/t.py b/t.py\n--- a/t.py\n+++ b/t.py\n@@ -1 +1,2 @@\n x = 1\n+assert big() == 1\n",
    problem_statement: `Big upload ${n + 1}\n\n${filler}`,
    FAIL_TO_PASS: "[]",
  }));
  const body = `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
  expect(body.length).toBeGreaterThan(12 * 1024 * 1024);
  const response = await page.request.post("/api/import?name=big-upload.jsonl&benchmark=E2E%20Big%20Upload", {
    headers: { "x-hintscope-upload": "1" },
    data: body,
    timeout: 120_000,
  });
  const summary = (await response.json()) as { ok: boolean; files?: Array<{ added: number }>; error?: string };
  expect(summary.error).toBeUndefined();
  expect(summary.files?.[0]?.added).toBe(1500);
});
