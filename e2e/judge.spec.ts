import { expect, test } from "@playwright/test";
import { type FakeChatServer, startFakeChatServer } from "../lib/testing/fake-chat-server";

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

  const runForm = page.getByRole("form", { name: "Run the judge" });
  await runForm.getByLabel("Benchmark").selectOption("Demo: Hintscope sample");
  await runForm.getByLabel("Selection").selectOption("defuse");
  await runForm.getByLabel("Endpoint").selectOption("e2e-judge");
  await runForm.getByLabel("Samples").fill("1");
  await runForm.getByLabel(/Only the first/).fill("4");
  await runForm.getByRole("button", { name: "Plan (cost)" }).click();
  await expect(page.getByRole("status")).toHaveText(
    /^4 values \(.*\): 8 calls, about [\d,]+ prompt and 960 completion tokens, about \$0\.\d\d\.$/,
  );
  await runForm.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Judge run \d+ started\.$/);
  const row = page
    .getByRole("table", { name: "Judge runs" })
    .getByRole("row")
    .filter({ hasText: "e2e-judge/e2e-model" });
  await expect(row).toContainText("done");
  await expect(row.getByRole("cell").nth(2)).toHaveText("8");
  expect(server.requests.length).toBe(8);

  await page.goto("/research#judge");
  const scores = page.getByRole("table", { name: "Judge scores per attribute" });
  await expect(scores.getByRole("row").filter({ hasText: "e2e-judge/e2e-model@appendix-c.1" }).first()).toBeVisible();
});
