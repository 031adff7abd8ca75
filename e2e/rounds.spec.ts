import { storageStateOf } from "./accounts";
import { expect, hints, test } from "./app";
import { reviewReady } from "./review-helpers";

test("a blind round: two curators decide their queues, an admin adjudicates the disagreement and publishes", async ({
  page,
  browser,
}) => {
  // A hint set of two Go instances under the fea selection.
  hints(
    "sets",
    "create",
    "round go",
    "--benchmark",
    "Demo: Hintscope sample",
    "--selection",
    "fea",
    "--projection",
    "pro",
    "--filter",
    "language=go",
  );
  await page.goto("/rounds");
  const form = page.getByRole("form", { name: "Start a round" });
  await form.getByLabel("Name").fill("e2e round");
  await form.getByLabel("Hint set").selectOption("round go");
  await form.getByLabel("grace").check();
  await form.getByLabel("cora").check();
  await form.getByLabel("Curators per hint").selectOption("2");
  await form.getByRole("button", { name: "Start round" }).click();
  await expect(page.getByRole("heading", { name: "Round e2e round" })).toBeVisible();
  const progress = page.getByRole("table", { name: "Progress" });
  await expect(progress).toContainText("grace02");
  await expect(progress).toContainText("cora02");
  const roundUrl = page.url();

  const curator = async (name: string) => (await browser.newContext({ storageState: storageStateOf(name) })).newPage();
  const grace = await curator("grace");
  await grace.goto(roundUrl);
  await grace.getByRole("link", { name: "Next for me" }).click();
  await grace.waitForURL(/round=/);
  await reviewReady(grace, "demo__go-duration-1");
  // The round's policy, fixed: FEA × Pro; the count is of the curator's own queue in the round.
  await expect(grace.getByRole("combobox", { name: "Selection" })).toBeDisabled();
  await expect(grace.getByText("1 of 2 in round e2e round (0 decided)")).toBeVisible();
  await expect(grace.getByRole("region", { name: "Review round" })).toContainText("cora: not decided yet");
  await grace.getByRole("button", { name: "Accept", exact: true }).click();
  await reviewReady(grace, "demo__go-render-1");
  // A comment on a line of the gold patch, in the round: the line picked in the pane (its number clicked),
  // written in the hint panel, marked in the pane's gutter.
  const gold = grace.getByTestId("Gold patch editor");
  await gold.locator(".line-numbers", { hasText: /^2$/ }).click();
  const comments = grace.getByRole("region", { name: "Line comments" });
  await comments.getByLabel("Comment", { exact: true }).fill("The context parameter is named by the test only.");
  await comments.getByRole("button", { name: "Comment on Gold patch line 2" }).click();
  await expect(comments.getByRole("article", { name: "Comments on Gold patch line 2" })).toContainText(
    "The context parameter is named by the test only.",
  );
  await expect(gold.locator(".comment-gutter")).toHaveCount(1);
  await grace.getByRole("button", { name: "Accept", exact: true }).click();
  await grace.waitForURL(roundUrl);
  await expect(grace.getByRole("status").filter({ hasText: "Your queue is done." })).toBeVisible();

  const cora = await curator("cora");
  await cora.goto(roundUrl);
  await cora.getByRole("link", { name: "Next for me" }).click();
  await reviewReady(cora, "demo__go-duration-1");
  // Blind: grace decided, but what is hidden until cora decides.
  await expect(cora.getByRole("region", { name: "Review round" })).toContainText(
    "grace: decided (hidden until you decide)",
  );
  await cora.getByRole("button", { name: "Accept", exact: true }).click();
  await reviewReady(cora, "demo__go-render-1");
  // Blind: grace's comment in the round is not cora's to read yet.
  await expect(cora.getByRole("region", { name: "Line comments" })).toContainText("Comments on lines (0)");
  await cora.getByRole("button", { name: "Flag" }).click();
  await cora.getByLabel("Reason").selectOption("spoiler");
  await cora.getByRole("button", { name: "Save flag" }).click();
  await cora.waitForURL(roundUrl);

  await page.reload();
  await expect(page.getByText("2 hints: 1 agreed, 1 disagreed (0 adjudicated)")).toBeVisible();
  // Two curators who decided everything: Cohen's κ. pₒ = 1/2; grace accepts 2/2, cora 1/2: pₑ = 1/2; κ = 0.
  await expect(page.getByRole("table", { name: "Agreement on the action", exact: true })).toContainText(
    "Cohen's κ = 0.000 · percent agreement 50.0% over 2 hints × 2 curators",
  );
  await expect(page.getByRole("button", { name: "Publish the round" })).toBeDisabled();
  const disagreement = page.getByRole("listitem", { name: "Disagreement on demo__go-render-1" });
  await expect(disagreement).toContainText("grace accept · cora flag (spoiler)");
  // The adjudication shows what was said on the lines in the round.
  await expect(disagreement.getByRole("region", { name: "Comments on demo__go-render-1 in this round" })).toContainText(
    "grace: The context parameter is named by the test only.",
  );
  await disagreement.getByRole("button", { name: "Accept" }).click();
  await expect(disagreement).toContainText("→ accept by ada");
  // Adjudicated: changing it asks first; declined, it stays.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("demo__go-render-1 is adjudicated already (accept by ada). Change it?");
    void dialog.dismiss();
  });
  await disagreement.getByLabel("Flag reason for demo__go-render-1").selectOption("spoiler");
  await disagreement.getByRole("button", { name: "Flag" }).click();
  await expect(disagreement).toContainText("→ accept by ada");
  await page.getByRole("button", { name: "Publish the round" }).click();
  await expect(page.getByRole("heading", { name: "Round e2e round" })).toBeVisible();
  await expect(page.getByText("published as version 1")).toBeVisible();

  await page.goto("/hint-sets");
  await expect(page.getByRole("table", { name: "Versions of round go" })).toContainText(
    "from round e2e round (grace, cora; κ 0.00, 1 adjudicated)",
  );
  const manifest = await (await page.request.get(`/api/hint-sets/${encodeURIComponent("round go")}/1/manifest`)).json();
  expect(manifest.review).toMatchObject({
    round: "e2e round",
    curators: ["grace", "cora"],
    adjudicated: 1,
    agreement: { method: "cohen", kappa: 0, percent_agreement: 0.5 },
  });
});
