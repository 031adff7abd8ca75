import { expect, test } from "./app";
import { openInstance } from "./review-helpers";

test("an uploaded predictions file: the agent's patch in the gold pane, its names marked, a named-differently match", async ({
  page,
}) => {
  const id = "e2e__agent-1";
  const record = {
    instance_id: id,
    repo: "e2e/agent",
    base_commit: "a".repeat(40),
    patch:
      "diff --git a/lib/locale.py b/lib/locale.py\n--- a/lib/locale.py\n+++ b/lib/locale.py\n@@ -1 +1,3 @@\n x = 1\n+def get_best_parsable_locale(module):\n+    return module\n",
    test_patch:
      "diff --git a/tests/test_locale.py b/tests/test_locale.py\n--- a/tests/test_locale.py\n+++ b/tests/test_locale.py\n@@ -1 +1,3 @@\n from lib.locale import *\n+def test_it():\n+    assert get_best_parsable_locale(None) is None\n",
    problem_statement: "Pick the best parsable locale.",
    FAIL_TO_PASS: '["tests/test_locale.py::test_it"]',
  };
  const upload = (name: string, lines: object[]) =>
    page.request.post(`/api/import?name=${name}&benchmark=E2E%20Agent`, {
      headers: { "x-hintscope-upload": "1" },
      data: lines.map((l) => `${JSON.stringify(l)}\n`).join(""),
    });
  expect((await upload("agent-instances.jsonl", [record])).ok()).toBe(true);
  const agentPatch =
    "diff --git a/lib/locale.py b/lib/locale.py\n--- a/lib/locale.py\n+++ b/lib/locale.py\n@@ -1 +1,3 @@\n x = 1\n+def get_locale(module):\n+    return get_best_parsable_locale(module)\n";
  const predictions = await upload("agent-run.jsonl", [
    { instance_id: id, model_name_or_path: "e2e-agent", model_patch: agentPatch },
  ]);
  expect(predictions.ok()).toBe(true);
  expect((await predictions.json()).files[0]).toMatchObject({ format: "predictions", added: 1 });

  await openInstance(page, id);
  // Observed guesswork: the tests call get_best_parsable_locale; the agent defined get_locale in its place.
  await expect(page.getByRole("list", { name: "Observed guesswork" })).toContainText(
    "e2e-agent: named get_best_parsable_locale differently: get_locale in lib/locale.py",
  );
  await page.getByLabel("Patch shown in the gold pane").selectOption({ label: "e2e-agent's patch" });
  const pane = page.getByRole("region", { name: "Agent patch (e2e-agent)" });
  await expect(pane).toBeVisible();
  await expect(pane).toContainText("def get_locale(module):");
  // The name the tests call is marked where the agent's patch uses it.
  await expect(page.getByTestId("Agent patch (e2e-agent) editor").locator(".ident-use").first()).toBeVisible();
  // Back to the gold patch.
  await page.getByLabel("Patch shown in the gold pane").selectOption({ label: "gold patch" });
  await expect(page.getByRole("region", { name: "Gold patch" })).toContainText("def get_best_parsable_locale(module):");

  // The run failed the instance: on the research page, one failure of one is a named-differently match.
  const failed = await upload("agent-run-results.jsonl", [
    { instance_id: id, model: "e2e-agent", selection: "official", projection: "official", resolved: false },
  ]);
  expect(failed.ok()).toBe(true);
  await page.goto("/research");
  const row = page.getByRole("table", { name: "Observed guesswork" }).getByRole("row").filter({ hasText: "e2e-agent" });
  await expect(row).toContainText("E2E Agent");
  await expect(row).toContainText(`${id}: get_best_parsable_locale → get_locale`);

  // And in the list: the facet of instances an agent failed by naming differently.
  await page.goto("/instances?named=1");
  await expect(
    page.getByRole("group", { name: "Evidence" }).getByRole("checkbox", { name: "an agent named differently" }),
  ).toBeChecked();
  await expect(page.getByRole("row").filter({ hasText: id })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "demo__py-locale-1" })).toHaveCount(0);
});
