import { type FakeChatServer, startFakeChatServer } from "../lib/testing/fake-chat-server";
import { expect, test } from "./app";

// The judge run from the page against a local OpenAI-compatible server started by this test (no LLM endpoint
// runs here); the app's server calls it over HTTP, as it would call vLLM or OpenAI.
let server: FakeChatServer;
test.beforeAll(async () => {
  server = await startFakeChatServer({ requireKey: "sk-e2e" });
});
test.afterAll(() => server.close());

test("an admin adds an endpoint, plans a run, starts it, and its scores show on the research page", async ({
  page,
}) => {
  await page.goto("/admin/judge");
  const endpointForm = page.getByRole("form", { name: "Add a judge endpoint" });
  await endpointForm.getByLabel("Name").fill("e2e-judge");
  await endpointForm.getByLabel("Base URL").fill(server.url);
  await endpointForm.getByLabel("Model").fill("e2e-model");
  await endpointForm.getByLabel("API key").fill("sk-e2e");
  await endpointForm.getByLabel("accepts n").check();
  await endpointForm.getByLabel("accepts JSON schema").check();
  await endpointForm.getByLabel("$ per M input tokens").fill("2");
  await endpointForm.getByLabel("$ per M output tokens").fill("8");
  await endpointForm.getByRole("button", { name: "Save endpoint" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved judge endpoint e2e-judge.");
  const endpoints = page.getByRole("table", { name: "Judge endpoints" });
  await expect(endpoints.getByRole("row").filter({ hasText: "e2e-judge" })).toContainText("set");
  // The key never reaches the browser.
  expect(await page.content()).not.toContain("sk-e2e");
  // The endpoint test: one tiny question, what the endpoint does recorded beside it.
  await endpoints.getByRole("button", { name: "Test e2e-judge" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Endpoint e2e-judge tested: n = 2 returned 2 choices: samples are asked in one request.",
  );
  await expect(endpoints.getByRole("row").filter({ hasText: "e2e-judge" })).toContainText(
    "n taken (2 of 2), JSON schema honoured, usage reported",
  );
  const beforeRun = server.requests.length;

  const runForm = page.getByRole("form", { name: "Run the judge" });
  await runForm.getByLabel("Benchmark").selectOption("Demo: Hintscope sample");
  await runForm.getByLabel("Selection").selectOption("defuse");
  await runForm.getByLabel("Endpoint").selectOption("e2e-judge");
  await runForm.getByLabel("Samples").fill("1");
  await runForm.getByLabel(/Only the first/).fill("4");
  await runForm.getByRole("button", { name: "Plan (cost)" }).click();
  await expect(page.getByRole("status")).toHaveText(
    /^4 values \(.*\): 8 calls in 8 requests \(samples through n, as measured\), about [\d,]+ prompt and 960 completion tokens, about \$0\.\d\d\.$/,
  );
  await runForm.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Judge run \d+ started\.$/);
  const row = page
    .getByRole("table", { name: "Judge runs" })
    .getByRole("row")
    .filter({ hasText: "e2e-judge/e2e-model" });
  await expect(row).toContainText("done");
  await expect(row.getByRole("cell").nth(2)).toHaveText("8");
  expect(server.requests.length - beforeRun).toBe(8);

  await page.goto("/research#judge");
  const scores = page.getByRole("table", { name: "Judge scores per attribute" });
  await expect(scores.getByRole("row").filter({ hasText: "e2e-judge/e2e-model@appendix-c.1" }).first()).toBeVisible();
});

test("descriptions where the benchmark has none: planned, written from the page, shown as the model's", async ({
  page,
}) => {
  const id = "e2e__describe-1";
  const record = {
    instance_id: id,
    repo: "e2e/describe",
    base_commit: "a".repeat(40),
    patch:
      "diff --git a/lib/units.py b/lib/units.py\n--- a/lib/units.py\n+++ b/lib/units.py\n@@ -1 +1,3 @@\n x = 1\n+def parse_size(text):\n+    return int(text)\n",
    test_patch:
      "diff --git a/tests/test_units.py b/tests/test_units.py\n--- a/tests/test_units.py\n+++ b/tests/test_units.py\n@@ -1 +1,3 @@\n from lib.units import *\n+def test_it():\n+    assert parse_size('1') == 1\n",
    problem_statement: "Sizes should be parsed.",
    FAIL_TO_PASS: '["tests/test_units.py::test_it"]',
  };
  const imported = await page.request.post("/api/import?name=describe.jsonl&benchmark=E2E%20Described", {
    headers: { "x-hintscope-upload": "1" },
    data: `${JSON.stringify(record)}\n`,
  });
  expect(imported.ok()).toBe(true);

  // The endpoint the first test saved (this spec's tests run in order, on one server).
  await page.goto("/admin/judge");
  const form = page.getByRole("form", { name: "Write descriptions" });
  await form.getByLabel("Benchmark").selectOption("E2E Described");
  await form.getByLabel("Selection").selectOption("defuse");
  await form.getByLabel("Endpoint").selectOption("e2e-judge");
  const status = page.getByRole("status", { name: "Descriptions" });
  await form.getByRole("button", { name: "Plan descriptions (cost)" }).click();
  await expect(status).toHaveText(/^1 identifiers \(on 1 instances\) lack a description: 1 calls, about [\d,]+ prompt/);
  const before = server.requests.length;
  await form.getByRole("button", { name: "Write descriptions" }).click();
  await expect(status).toHaveText("Writing 1 descriptions on E2E Described; the counts below follow.");
  const counts = page.getByRole("table", { name: "Model-written descriptions" });
  await expect(counts.getByRole("row").filter({ hasText: "E2E Described" })).toContainText(
    "e2e-judge/e2e-model@describe.1",
  );
  expect(server.requests.length).toBe(before + 1);

  await page.goto("/instances?benchmark=E2E+Described");
  await page.getByRole("link", { name: id, exact: true }).click();
  await page.getByRole("radio", { name: "3 Declaration + Doc" }).check();
  await expect(page.getByTestId("rendered hint")).toContainText(
    "Description: The function parse_size does what the change needs.",
  );
  await expect(page.getByRole("region", { name: "Hint" })).toContainText(
    "Description (model-written by e2e-judge/e2e-model@describe.1): The function parse_size does what the change needs.",
  );
});
