import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IssueText } from "@/components/review/issue-text";
import { issueHead, issueNames, MARKDOWN_BUDGET } from "./issue-marks";

const identifiers = [
  { name: "retry_delay", kind: "function", signature: "def retry_delay(attempt)", policies: ["defuse", "all"] },
  { name: "Client.max_retries", kind: "attribute", signature: null, policies: ["all"] },
  { name: "unrelated", kind: "variable", signature: null, policies: [] },
];

const render = (text: string) =>
  renderToStaticMarkup(createElement(IssueText, { text, names: issueNames(identifiers) }));

describe("the issue rendered on the server", () => {
  it("marks DefUse's names strongly and the other selections' lightly, with their kind on hover", () => {
    const html = render("# Retries\n\n`retry_delay` ignores max_retries; unrelated stays plain.");
    expect(html).toContain("<h3>Retries</h3>");
    expect(html).toContain(
      '<mark class="ident-def" data-name="retry_delay" title="retry_delay (function): def retry_delay(attempt)">retry_delay</mark>',
    );
    expect(html).toContain(
      '<mark class="ident-other" data-name="Client.max_retries" title="Client.max_retries (attribute)">max_retries</mark>',
    );
    expect(html).not.toContain('data-name="unrelated"');
  });

  it("a name that is both DefUse's and another's is marked strongly", () => {
    const html = renderToStaticMarkup(
      createElement(IssueText, {
        text: "call run",
        names: [
          { name: "Other.run", strong: false, hover: "other" },
          { name: "run", strong: true, hover: "strong" },
        ],
      }),
    );
    expect(html).toContain('<mark class="ident-def" data-name="run" title="strong">run</mark>');
  });

  it("keeps raw HTML inert: shown as text, never an element", () => {
    const html = render(`<img src="x" onerror="alert(1)"> and <script>window.__pwned = true</script>`);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;");
  });

  it("renders only the head of an issue over the budget, cut at a line's end", () => {
    const line = `${"x".repeat(99)}\n`;
    const text = line.repeat(Math.ceil((MARKDOWN_BUDGET * 2) / line.length));
    const head = issueHead(text);
    expect(head.length).toBeLessThanOrEqual(MARKDOWN_BUDGET);
    expect(head.length).toBeGreaterThan(MARKDOWN_BUDGET / 2);
    expect(text.startsWith(head)).toBe(true);
    expect(text[head.length]).toBe("\n");
    expect(issueHead("short")).toBe("short");
  });
});
