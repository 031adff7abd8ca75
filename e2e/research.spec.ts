import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, hints, test } from "./app";

// The real SWE-bench Pro sample and its nine runs: the whole shared set where it sits beside the project,
// else the subset committed with the tests (8 instances, the nine runs cut to them; see its README).
const SHARED = path.resolve(import.meta.dirname, "..", "..", "shared", "data");
const FULL = existsSync(path.join(SHARED, "instances", "swebench-pro-sample.jsonl"));
const REAL = path.resolve(import.meta.dirname, "..", "lib", "testing", "real-data");
const PRO_INSTANCES = FULL
  ? path.join(SHARED, "instances", "swebench-pro-sample.jsonl")
  : path.join(REAL, "swebench-pro-sample.jsonl");
const PRO_RUNS = FULL ? path.join(SHARED, "results", "swebench-pro") : path.join(REAL, "results", "swebench-pro");

test("with the nine SWE-bench Pro runs imported, each model's rate is over the imported instances and a paired comparison adds up", async ({
  page,
}) => {
  const runFiles = readdirSync(PRO_RUNS).map((name) => path.join(PRO_RUNS, name));
  await page.goto("/import");
  await page.getByLabel("Choose files to import").setInputFiles([PRO_INSTANCES, ...runFiles]);
  const results = page.getByRole("table", { name: "Import results" });
  await expect(results.getByRole("row")).toHaveCount(1 + 1 + runFiles.length, { timeout: 120_000 });
  await expect(results).not.toContainText("Not imported");

  // Evidence: every SWE-bench Pro id embeds a commit that is not its base commit, a leak channel.
  await page.goto("/instances?leak=1&benchmark=SWE-bench%20Pro");
  const instanceIds = readFileSync(PRO_INSTANCES, "utf8").trim().split("\n");
  await expect(page.getByText(new RegExp(`^${instanceIds.length} of \\d+ instances`))).toBeVisible();
  await page.getByLabel("Search instances").fill("qutebrowser-7f9713b2");
  await page.getByRole("link", { name: /^instance_qutebrowser__qutebrowser-7f9713b2/ }).click();
  await expect(page.getByRole("region", { name: "Leak channels" })).toContainText("the id embeds another commit");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Research" }).click();
  const ids = new Set(
    readFileSync(PRO_INSTANCES, "utf8")
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { instance_id: string }).instance_id),
  );
  const table = page.getByRole("table", { name: "Resolve rates" });
  for (const file of runFiles) {
    const model = path.basename(file).replace(".eval_results.json", "");
    const outcomes = Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, boolean>).filter(([id]) =>
      ids.has(id),
    );
    const resolved = outcomes.filter(([, ok]) => ok).length;
    const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: model, exact: true }) });
    await expect(row).toContainText(`${resolved}/${outcomes.length}`);
    await expect(row).toContainText(`${((resolved / outcomes.length) * 100).toFixed(1)}%`);
  }

  // The frontier: four selections × four projections for SWE-bench Pro, chart and table.
  const frontier = page.getByRole("table", { name: "Spoiler–guesswork frontier" });
  await expect(frontier.getByRole("row").filter({ hasText: "SWE-bench Pro" })).toHaveCount(16);
  await expect(page.getByRole("figure", { name: "Spoiler–guesswork frontier, SWE-bench Pro" })).toBeVisible();
  await expect(frontier.getByRole("row").filter({ hasText: "defuse × declaration" }).first()).toContainText("0.0%");
  // Leak channels per benchmark: every Pro id embeds a commit other than its base commit.
  const leaks = page.getByRole("table", { name: "Leak channels per benchmark" });
  await expect(
    leaks.getByRole("row").filter({ hasText: "SWE-bench Pro" }).filter({ hasText: "id embeds another commit" }),
  ).toContainText(`${instanceIds.length} / ${instanceIds.length}100.0%`);

  // The command line prints the same rows from the same query layer.
  const report = JSON.parse(hints("report", "resolve-rates", "--benchmark", "SWE-bench Pro", "--json")) as Array<{
    model: string;
    resolved: number;
    n: number;
    rate: number;
    low: number;
    high: number;
  }>;
  expect(report).toHaveLength(runFiles.length);
  for (const r of report) {
    const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: r.model, exact: true }) });
    await expect(row).toContainText(`${r.resolved}/${r.n}`);
    await expect(row).toContainText(`${(r.rate * 100).toFixed(1)}%`);
  }
  // The policy table: every official run is its own reference (no other policy of the model was run), and
  // without a no-hint run it is called a reference, never a baseline.
  const policies = page.getByRole("table", { name: "Policy comparison" });
  await expect(policies).toContainText("official × official (reference: no no-hint run)");
  const proRows = policies.getByRole("row").filter({ hasText: "SWE-bench Pro" });
  await expect(proRows).toHaveCount(9);
  for (const row of await proRows.all()) await expect(row).not.toContainText("(baseline)");

  // The paired comparison is a page state: the URL names the pair, the server computes it.
  await page
    .getByLabel("First configuration")
    .selectOption({ label: "SWE-bench Pro · claude-45sonnet-10132025 · official × official" });
  await expect(page).toHaveURL(/first=\d+/);
  await page
    .getByLabel("Second configuration")
    .selectOption({ label: "SWE-bench Pro · gpt-4o-paper · official × official" });
  // Both runs cover the imported instances they have in common (gpt-4o's paper run has 85 of the 100).
  const outcomesOf = (model: string) =>
    Object.keys(JSON.parse(readFileSync(path.join(PRO_RUNS, `${model}.eval_results.json`), "utf8")) as object);
  const common = String(
    outcomesOf("claude-45sonnet-10132025").filter((id) => ids.has(id) && outcomesOf("gpt-4o-paper").includes(id))
      .length,
  );
  if (FULL) expect(common).toBe("85");
  await expect(page.getByTestId("paired n")).toHaveText(common);
  const url = page.url();
  expect(url).toMatch(/first=\d+&second=\d+/);
  const paired = page.getByRole("table", { name: "Paired comparison" });
  const count = async (label: string) =>
    Number((await paired.locator(`[data-cell="${label}"]`).textContent()) ?? "NaN");
  expect(
    (await count("Both resolved")) +
      (await count("First only")) +
      (await count("Second only")) +
      (await count("Neither")),
  ).toBe(Number(common));
  // The same URL opened afresh shows the same pair; a cell opens its instances in the list.
  await page.goto(url);
  await expect(page.getByTestId("paired n")).toHaveText(common);
  const firstOnly = await count("First only");
  await paired.getByRole("link", { name: /^First only:/ }).click();
  // Named by the two runs and the cell, not by its ids: a cell of 20,000 instances is a short link.
  await expect(page).toHaveURL(/\/instances\?.*paired=\d+(,|%2C)\d+(,|%2C)firstOnly/);
  await expect(page.getByText(new RegExp(`^${firstOnly} of \\d+ instances`))).toBeVisible();
  await expect(page.getByTestId("paired cell")).toContainText("resolved by the first only");
  await page.getByTestId("paired cell").getByRole("button", { name: "Show them all again" }).click();
  await expect(page).not.toHaveURL(/paired=/);
});
