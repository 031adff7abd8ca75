import { readdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, hints, type Locator, type Page, test } from "./app";

// SWE-bench Pro-shaped data beside the demo's: the committed Pro sample (long ids, long issues), the 12
// instances on which DefUse picks nothing, and the nine Pro runs cut to the sample (lib/testing/real-data/README.md).
const REAL = path.resolve(import.meta.dirname, "..", "lib", "testing", "real-data");
const PRO_RUNS = path.join(REAL, "results", "swebench-pro");

test.use({ viewport: { width: 1280, height: 800 } });

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  text: string;
}

/** The boxes of every piece of text a drawn chart writes (ticks, axis labels, legend, point keys). */
const textBoxes = (chart: Locator) =>
  chart.locator("svg text, .recharts-legend-item-text").evaluateAll((nodes) =>
    nodes
      .filter((n) => (n.textContent ?? "").trim() !== "" && n.closest("tspan") === null)
      .map((n) => {
        const b = n.getBoundingClientRect();
        return { left: b.left, right: b.right, top: b.top, bottom: b.bottom, text: (n.textContent ?? "").trim() };
      }),
  );

const overlaps = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

/** Every chart on the page scrolled to and drawn; its text neither overlaps nor leaves its box. */
async function everyChartReads(page: Page) {
  const boxes = page.locator(".chart-box");
  const count = await boxes.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    const box = boxes.nth(i);
    await box.scrollIntoViewIfNeeded();
    await expect(box).toHaveAttribute("data-drawn", "true");
    await expect(box.locator("svg.recharts-surface").first()).toBeVisible();
    await expect.poll(async () => (await textBoxes(box)).length).toBeGreaterThan(2);
    const outer = (await box.boundingBox()) as { x: number; y: number; width: number; height: number };
    const texts = await textBoxes(box);
    for (const t of texts) {
      expect(t.left, `"${t.text}" clipped on the left`).toBeGreaterThanOrEqual(outer.x - 1);
      expect(t.right, `"${t.text}" clipped on the right`).toBeLessThanOrEqual(outer.x + outer.width + 1);
      expect(t.top, `"${t.text}" clipped at the top`).toBeGreaterThanOrEqual(outer.y - 1);
      expect(t.bottom, `"${t.text}" clipped at the bottom`).toBeLessThanOrEqual(outer.y + outer.height + 1);
    }
    for (let a = 0; a < texts.length; a++)
      for (let b = a + 1; b < texts.length; b++) {
        const [p, q] = [texts[a] as Box, texts[b] as Box];
        expect(overlaps(p, q), `"${p.text}" and "${q.text}" overlap`).toBe(false);
      }
  }
}

/** The table and the chart side by side: the chart right of the table, neither past the page's edge. */
async function beside(page: Page, table: Locator, figure: Locator) {
  const [t, f] = [await table.boundingBox(), await figure.boundingBox()];
  if (!t || !f) throw new Error("table or chart not laid out");
  expect(t.x + t.width, "the table runs under the chart").toBeLessThanOrEqual(f.x);
  expect(f.y, "the chart is under the table, not beside it").toBeLessThan(t.y + t.height);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(f.x + f.width).toBeLessThanOrEqual(width);
  // The table is not wider than its column (nothing cut at the chart's edge).
  const cut = await table.evaluate((node) => node.scrollWidth - (node.parentElement?.clientWidth ?? 0));
  expect(cut, "the table is wider than its column").toBeLessThanOrEqual(1);
}

test("the research page at 1280 with SWE-bench Pro data: no sideways scroll, charts beside their tables, full names in the paper's order, no label overlapping another, axe clean", async ({
  page,
}) => {
  hints(
    "import",
    path.join(REAL, "swebench-pro-sample.jsonl"),
    path.join(REAL, "swebench-pro-empty-defuse.jsonl"),
    ...readdirSync(PRO_RUNS).map((name) => path.join(PRO_RUNS, name)),
  );
  await page.goto("/research");
  await expect(page.getByRole("table", { name: "Resolve rates" })).toContainText("claude-opus-4-1-paper");
  await expect(page.locator("section[aria-busy]")).toHaveCount(0, { timeout: 120_000 });

  // Nothing runs past the window's right edge.
  const scroll = () =>
    page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
  const before = await scroll();
  expect(before.scroll, "the page scrolls sideways").toBeLessThanOrEqual(before.client);

  // Tables beside their charts: the judge scores, the policy comparison, disclosure against resolution.
  await beside(
    page,
    page.getByRole("table", { name: "Judge scores per attribute" }),
    page.getByRole("figure", { name: "Judge scores per attribute" }),
  );
  await beside(
    page,
    page.getByRole("table", { name: "Policy comparison" }),
    page.getByRole("figure", { name: "Resolve rate per policy, SWE-bench Pro" }),
  );
  await beside(
    page,
    page.getByRole("table", { name: "Disclosure and resolve rate per configuration" }),
    page.getByRole("figure", { name: "Resolve rate against identifiers disclosed" }),
  );

  // Every chart drawn once scrolled to, none of its text overlapping or clipped; still no sideways scroll.
  await everyChartReads(page);
  const after = await scroll();
  expect(after.scroll, "a drawn chart makes the page scroll sideways").toBeLessThanOrEqual(after.client);

  // The judge's legend: full names in the paper's order (not sorted: "D, G, HVM, N"); its attributes as read,
  // in the paper's order (name, kind, path, new file, signature, weak and strong semantics).
  const judge = page.getByRole("figure", { name: "Judge scores per attribute" });
  const legend = judge.locator(".chart-part").first().locator(".recharts-legend-item-text");
  await expect(legend).toHaveText([
    "Necessity (N)",
    "Disclosure (D)",
    "Guidance (G)",
    "Hint value margin (HVM = N − max(D, G))",
  ]);
  const names = await judge
    .locator(".chart-part")
    .first()
    .locator("text.name-tick")
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? "").trim()));
  const paper = ["name", "kind", "path", "newfile", "signature", "weaksemantics", "strongsemantics"];
  const shown = names.map((n) => n.replace(/\s+/g, ""));
  expect(shown.length).toBeGreaterThan(1);
  expect(shown).toEqual(paper.filter((a) => shown.includes(a)));

  // The frontier's points carry numbers; the key beside the chart names each policy.
  const frontier = page.getByRole("figure", { name: "Spoiler–guesswork frontier, SWE-bench Pro" });
  await expect(frontier.getByRole("list", { name: "Points of the frontier, SWE-bench Pro" })).toContainText(
    "defuse × declaration",
  );

  // axe: WCAG 2.1 A and AA, on the page with every chart drawn.
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    "axe violations on the research page",
  ).toEqual([]);
});
