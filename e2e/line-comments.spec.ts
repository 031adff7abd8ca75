import { expect, test } from "./app";
import { openInstance } from "./review-helpers";

test("a comment on lines of the issue: selected in the issue, replied to, resolved, in the audit trail and the export", async ({
  page,
}) => {
  await openInstance(page, "demo__ts-store-1");
  // Select a sentence of the rendered issue, as a drag of the mouse would: it maps back to the line 5.
  await page
    .getByRole("region", { name: "Issue" })
    .getByText(/unsubscribing while notifying/)
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    });
  const comments = page.getByRole("region", { name: "Line comments" });
  await comments.getByLabel("Comment", { exact: true }).fill("Is this in scope, or a second bug?");
  await comments.getByRole("button", { name: "Comment on Issue line 5" }).click();
  const thread = comments.getByRole("article", { name: "Comments on Issue line 5" });
  await expect(thread).toContainText("Note: unsubscribing while notifying currently skips the next listener.");
  await thread.getByLabel("Reply").fill("A second bug: the tests check it too.");
  await thread.getByRole("button", { name: "Reply" }).click();
  await expect(thread.getByRole("listitem")).toHaveCount(2);
  await thread.getByRole("button", { name: "Resolve" }).click();
  await expect(thread).toContainText("resolved by ada");
  await expect(page.getByRole("region", { name: "Audit trail" })).toContainText("ada commented on Issue line 5");
  await expect(page.getByRole("region", { name: "Audit trail" })).toContainText("ada replied on Issue line 5");

  // Exported apart from any hint, one thread a line.
  const response = await page.request.get(`/api/comments?benchmark=${encodeURIComponent("Demo: Hintscope sample")}`);
  expect(response.headers()["content-type"]).toContain("application/x-ndjson");
  const records = (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  expect(records.find((r) => r.instance_id === "demo__ts-store-1" && r.pane === "issue")).toMatchObject({
    start_line: 5,
    end_line: 5,
    resolved_by: "ada",
    comments: [
      { author: "ada", body: "Is this in scope, or a second bug?" },
      { author: "ada", body: "A second bug: the tests check it too." },
    ],
  });
});
